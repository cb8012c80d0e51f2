/**
 * Composes the site's chrome around every page: progress bar, header (with the search overlay),
 * side media bar and footer (with the newsletter block and, on home and category pages, the typewriter).
 * The app- variants (web views of the mobile app) get none of it: no header, footer, consent or popins.
 * The navigation progress bar, consent (the manager, 1 s after load), the popin, analytics, the audience beacon and
 * the service worker are
 * composed in ReaderServices, loaded after the page's load event: they share the reader's consent through
 * src/lib/consent, never by importing each other.
 */
import { useLoaderData, useMatches, useRouterState } from '@tanstack/react-router';
import { type ComponentType, lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { appConfig } from '../../app.config.ts';
import type { Quotation } from '../api/types.ts';
import { Footer } from '../features/footer/Footer.tsx';
import { Header } from '../features/header/Header.tsx';
import { ConnectionStatus } from '../features/offline/ConnectionStatus.tsx';
import { initialSearchQuery } from '../features/search/searchParam.ts';
import { absoluteUrl } from '../lib/seo/seo.ts';
import { deferredLazy, WhenLoaded, WhenVisible } from '../lib/lazyWhenVisible.tsx';
import { whenLoadedAndIdle } from '../lib/whenLoadedAndIdle.ts';
import { SideMediaBar } from '../components/SideMediaBar.tsx';
import { LiveInspection } from './LiveInspection.tsx';
import type { ReaderServicesProps } from './ReaderServices.tsx';

/** The search overlay is loaded when first opened: its code stays out of the first page load. */
const SearchPanel = lazy(() => import('../features/search/SearchPanel.tsx').then((m) => ({ default: m.SearchPanel })));

/** The notification panel's action (permission, Push API) is loaded when the reader opens the panel. */
const NotificationAction = lazy(() =>
  import('../features/notifications/NotificationAction.tsx').then((m) => ({ default: m.NotificationAction })),
);

/**
 * The footer's newsletter block is server-rendered like the rest, but its code (form machine, captcha)
 * is loaded and hydrated when the block nears the viewport: it stays off the start-up of every page.
 */
const newsletter = deferredLazy(() => import('../features/signup/NewsletterBlock.tsx').then((m) => m.NewsletterBlock));

/** The footer's typewriter (home and category pages): server-rendered, its code hydrated after the load event (issue 38). */
const typewriter = deferredLazy(() => import('../features/quotation/Typewriter.tsx').then((m) => m.Typewriter));

/**
 * Progress bar, consent, popin, analytics, audience and service worker: one chunk, imported once the page's load
 * event has passed and the main thread is idle (issue 38), or at once when the reader clicks the footer's « Cookies » before that (the click is
 * handed over: its event had no listener yet). Not a React.lazy: a chunk that fails to load (the connection dropped
 * just then) must leave the page as it is, not throw to the error page; it is asked for again when the browser is
 * back online.
 */
function AfterLoad(props: Omit<ReaderServicesProps, 'openPreferences'>) {
  const [wanted, setWanted] = useState<{ openPreferences: boolean } | null>(null);
  const [Services, setServices] = useState<ComponentType<ReaderServicesProps> | null>(null);
  useEffect(() => {
    if (wanted) return;
    // Not in the load event's own task: after it, when the main thread has a moment (issue 38).
    return whenLoadedAndIdle(() => setWanted((w) => w ?? { openPreferences: false }));
  }, [wanted]);
  // Until the consent loader listens itself.
  useEffect(() => {
    if (Services) return;
    const openEarly = () => setWanted({ openPreferences: true });
    window.addEventListener(appConfig.consent.openPreferencesEvent, openEarly, { once: true });
    return () => window.removeEventListener(appConfig.consent.openPreferencesEvent, openEarly);
  }, [Services]);
  useEffect(() => {
    if (!wanted || Services) return;
    let current = true;
    const load = () =>
      void import('./ReaderServices.tsx').then(
        (m) => current && setServices(() => m.ReaderServices),
        () => current && window.addEventListener('online', load, { once: true }),
      );
    load();
    return () => {
      current = false;
      window.removeEventListener('online', load);
    };
  }, [wanted, Services]);
  if (!wanted || !Services) return null;
  return <Services {...props} openPreferences={wanted.openPreferences} />;
}

export type ChromeKind = 'home' | 'category';

/** True on the app- variants (a route declares staticData.appVariant). */
export function useIsAppVariant(): boolean {
  return useMatches({ select: (matches) => matches.some((m) => m.staticData.appVariant === true) });
}

const noQuotations: Quotation[] = [];

export function SiteChrome({ children }: { children: ReactNode }) {
  const { categories, sentence, siteUrl, features } = useLoaderData({ from: '__root__' });
  const appVariant = useIsAppVariant();
  const backOffice = useMatches({ select: (matches) => matches.some((m) => m.staticData.backOffice === true) });
  const leaf = useMatches({
    select: (matches) => {
      const last = matches[matches.length - 1];
      return {
        chrome: last?.status === 'success' ? last.staticData.chrome : undefined,
        footerQuotations: last?.status === 'success' && last.staticData.footerQuotations === true,
        // Only a category page's slug names a category: a tag page's (/tag/mode) must not light up the menu.
        slug: last?.routeId === '/$slug/' ? (last.params as { slug?: string }).slug : undefined,
        // The category page's own data holds its description (the menu's list does not).
        description:
          last?.routeId === '/$slug/'
            ? (last.loaderData as { category?: { description?: string } } | undefined)?.category?.description
            : undefined,
        // Home and category pages load the footer's quotations with their own data (withQuotations).
        quotations: (last?.loaderData as { quotations?: Quotation[] } | undefined)?.quotations ?? noQuotations,
      };
    },
  });
  const { pathname, searchStr } = useRouterState({
    select: (s) => ({ pathname: s.location.pathname, searchStr: s.location.searchStr }),
  });
  const title = useMatches({
    select: (matches) => {
      for (const match of [...matches].reverse()) {
        const found = match.meta?.find((m) => m && 'title' in m && typeof m.title === 'string');
        if (found && 'title' in found && typeof found.title === 'string') return found.title;
      }
      return appConfig.site.name;
    },
  });

  // The newsroom brings its own layout; no header, footer, consent manager, popins or service worker.
  if (backOffice) return <>{children}</>;

  if (appVariant) {
    return (
      <>
        <LiveInspection enabled={features?.qaInspector === true} search={searchStr} />
        <main id="contenu" className="app-variant min-h-screen">
          {children}
        </main>
        <AfterLoad features={features} appVariant />
      </>
    );
  }

  const currentCategory = leaf.chrome === 'category' ? (categories.find((c) => c.slug === leaf.slug) ?? null) : null;
  const tagline =
    leaf.chrome === 'home'
      ? appConfig.site.defaultTagline
      : leaf.chrome === 'category'
        ? (leaf.description ?? appConfig.site.defaultTagline)
        : null;

  return (
    <>
      <a href="#contenu" className="skip-link">
        Aller au contenu
      </a>
      <LiveInspection enabled={features?.qaInspector === true} search={searchStr} />
      <Header
        categories={categories}
        currentCategory={currentCategory}
        tagline={tagline}
        sentence={sentence}
        searchOpenOnLoad={initialSearchQuery(searchStr) !== null}
        renderNotificationAction={() => (
          <Suspense fallback={null}>
            <NotificationAction publicKey={features?.pushPublicKey ?? null} serviceWorker={features?.serviceWorker === true} />
          </Suspense>
        )}
        renderSearch={(close) => (
          <Suspense fallback={null}>
            <SearchPanel onClose={close} categories={[...categories]} />
          </Suspense>
        )}
      />
      <SideMediaBar />
      <main id="contenu" tabIndex={-1} className="min-h-[60vh] outline-none">
        {children}
      </main>
      <Footer
        newsletter={
          <WhenVisible wake={newsletter.wake}>
            <newsletter.Component source="footer" />
          </WhenVisible>
        }
        quotation={
          (leaf.chrome || leaf.footerQuotations) && leaf.quotations.length > 0 ? (
            <WhenLoaded wake={typewriter.wake}>
              <typewriter.Component quotations={leaf.quotations} />
            </WhenLoaded>
          ) : null
        }
        shareUrl={absoluteUrl(siteUrl, pathname)}
        shareTitle={title}
      />
      <ConnectionStatus />
      <AfterLoad features={features} appVariant={false} />
    </>
  );
}
