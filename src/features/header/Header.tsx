/**
 * The site header (SPEC §2): logo home link, the current category's name, search and menu toggles,
 * four mutually exclusive panels (categories, search, notifications, sentence), the tagline bar of the
 * home and category pages (collapsed once scrolled) and the 'La news' link.
 */
import { Link, useRouterState } from '@tanstack/react-router';
import { type ReactNode, useCallback, useEffect, useId, useState } from 'react';
import { appConfig } from '../../../app.config.ts';
import type { MenuCategory, Quotation } from '../../api/types.ts';
import { CategoryLink } from '../../components/CategoryLink.tsx';
import { BellIcon, ChiliIcon, CloseIcon, MenuIcon, QuoteIcon, SearchIcon } from '../../components/icons.tsx';
import { useScrolledPast } from './useScrolledPast.ts';

export type HeaderPanel = 'categories' | 'search' | 'notifications' | 'sentence';

export const NOTIFICATION_PROMPT = 'Activez les notifs pour choper les articles avant tout le monde';

export interface HeaderProps {
  categories: readonly MenuCategory[];
  /** On a category page: that category (its name is shown next to the logo). */
  currentCategory: MenuCategory | null;
  /** The tagline bar's text on home and category pages; null elsewhere (no bar). */
  tagline: string | null;
  /** The sentence bar's quotation. */
  sentence: Quotation | null;
  /** The search overlay (owned by the search feature), rendered while the search panel is open. */
  renderSearch: (close: () => void) => ReactNode;
  /** Open the search on first render (a long enough ?q= in the URL). */
  searchOpenOnLoad?: boolean;
  /** What the notification panel offers under its prompt (owned by the notifications feature). */
  renderNotificationAction: () => ReactNode;
}

export function Header({
  categories,
  currentCategory,
  tagline,
  sentence,
  renderSearch,
  searchOpenOnLoad,
  renderNotificationAction,
}: HeaderProps) {
  const [panel, setPanel] = useState<HeaderPanel | null>(searchOpenOnLoad ? 'search' : null);
  const close = useCallback(() => setPanel(null), []);
  const toggle = (next: HeaderPanel) => setPanel((current) => (current === next ? null : next));
  const collapsed = useScrolledPast(appConfig.header.taglineCollapseAfterPx, tagline !== null);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const ids = { categories: useId(), notifications: useId(), sentence: useId(), tagline: useId() };

  // A navigation closes whatever was open (a category link or a search result was followed).
  const [openedOn, setOpenedOn] = useState(pathname);
  if (openedOn !== pathname) {
    setOpenedOn(pathname);
    setPanel(null);
  }

  useEffect(() => {
    if (!panel) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setPanel(null);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [panel]);

  return (
    <header className="site-header sticky top-0 z-40 border-b-2 border-encre bg-creme" data-panel={panel ?? 'none'}>
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-3 md:h-20 md:px-6">
        <button
          type="button"
          className="icon-button"
          aria-expanded={panel === 'categories'}
          aria-controls={ids.categories}
          onClick={() => toggle('categories')}
        >
          {panel === 'categories' ? <CloseIcon /> : <MenuIcon />}
          <span className="sr-only">{panel === 'categories' ? 'Fermer le menu' : 'Menu des rubriques'}</span>
        </button>
        <div className="flex min-w-0 flex-1 items-baseline gap-3">
          <Link
            to="/"
            className="logo group inline-flex items-center gap-1 rounded-md text-piment"
            aria-label={`${appConfig.site.name}, accueil`}
          >
            <ChiliIcon size={28} className="translate-y-0.5 transition group-hover:rotate-12" />
            <span className="font-display text-3xl font-black italic tracking-tight md:text-4xl">{appConfig.site.name.toLowerCase()}</span>
          </Link>
          {currentCategory ? (
            <span
              className="current-category truncate font-sans text-sm font-extrabold uppercase tracking-widest"
              style={{ color: currentCategory.color }}
            >
              <span aria-hidden="true" className="text-encre/40">
                /{' '}
              </span>
              {currentCategory.name}
            </span>
          ) : null}
        </div>
        <a href="/inscription/header" className="header-signup">
          La news
        </a>
        <button
          type="button"
          className="icon-button"
          aria-expanded={panel === 'sentence'}
          aria-controls={ids.sentence}
          onClick={() => toggle('sentence')}
        >
          <QuoteIcon />
          <span className="sr-only">La phrase du jour</span>
        </button>
        <button
          type="button"
          className="icon-button"
          aria-expanded={panel === 'notifications'}
          aria-controls={ids.notifications}
          onClick={() => toggle('notifications')}
        >
          <BellIcon />
          <span className="sr-only">Notifications</span>
        </button>
        <button type="button" className="icon-button" aria-expanded={panel === 'search'} onClick={() => toggle('search')}>
          {panel === 'search' ? <CloseIcon /> : <SearchIcon />}
          <span className="sr-only">{panel === 'search' ? 'Fermer la recherche' : 'Rechercher'}</span>
        </button>
      </div>

      {tagline !== null ? (
        <div
          id={ids.tagline}
          className={`tagline-bar grid bg-encre text-white transition-[grid-template-rows] duration-300 ${
            collapsed ? 'grid-rows-[0fr]' : 'grid-rows-[1fr]'
          }`}
          data-collapsed={collapsed}
        >
          <p className="overflow-hidden text-center">
            <span className="block px-4 py-2 font-display text-sm italic md:text-base">{tagline}</span>
          </p>
        </div>
      ) : null}

      {panel === 'categories' ? (
        <nav id={ids.categories} aria-label="Rubriques" className="header-panel categories-panel border-t-2 border-encre bg-white">
          <ul className="mx-auto grid max-w-7xl grid-cols-2 gap-x-6 gap-y-1 px-4 py-6 md:grid-cols-4 md:px-6 xl:grid-cols-6">
            {categories.map((category) => (
              <li key={category.slug}>
                <CategoryLink slug={category.slug} className="block rounded-md px-2 py-2 font-display text-xl font-bold hover:text-piment">
                  <span
                    aria-hidden="true"
                    className="mr-2 inline-block size-2.5 rounded-full"
                    style={{ backgroundColor: category.color }}
                  />
                  {category.name}
                </CategoryLink>
              </li>
            ))}
          </ul>
          <a
            href="/inscription/header"
            className="mx-4 mb-6 block rounded-full bg-piment px-4 py-2 text-center text-sm font-extrabold uppercase tracking-wider text-white sm:hidden"
          >
            La news
          </a>
        </nav>
      ) : null}

      {panel === 'notifications' ? <NotificationBar id={ids.notifications} onClose={close} action={renderNotificationAction()} /> : null}

      {panel === 'sentence' ? (
        <section
          id={ids.sentence}
          aria-label="La phrase du jour"
          className="header-panel sentence-bar border-t-2 border-encre bg-piment-light"
        >
          <div className="mx-auto flex max-w-7xl items-center gap-4 px-4 py-3 md:px-6">
            <figure className="flex-1">
              <blockquote className="font-display text-lg italic">
                <p>{sentence ? `« ${sentence.text} »` : 'Piquante, le magazine qui ne manque pas de piquant.'}</p>
              </blockquote>
              {sentence ? <figcaption className="text-sm font-bold">— {sentence.author}</figcaption> : null}
            </figure>
            <button type="button" className="icon-button" onClick={close}>
              <CloseIcon />
              <span className="sr-only">Fermer la phrase du jour</span>
            </button>
          </div>
        </section>
      ) : null}

      {panel === 'search' ? renderSearch(close) : null}
    </header>
  );
}

function NotificationBar({ id, onClose, action }: { id: string; onClose: () => void; action: ReactNode }) {
  return (
    <section id={id} aria-label="Notifications" className="header-panel notification-bar border-t-2 border-encre bg-moutarde">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-3 px-4 py-3 md:px-6">
        <p className="flex-1 font-bold">{NOTIFICATION_PROMPT}</p>
        {action}
        <button type="button" className="icon-button" onClick={onClose}>
          <CloseIcon />
          <span className="sr-only">Fermer les notifications</span>
        </button>
      </div>
    </section>
  );
}
