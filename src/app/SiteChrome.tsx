/**
 * Composes the site's chrome around every page: progress bar, header (with the search overlay),
 * side media bar and footer (with the newsletter block and, on home and category pages, the typewriter).
 * The app- variants (web views of the mobile app) get none of it: no header, footer, consent or popins.
 * Consent (the manager, 1 s after load), the popin and analytics are composed here from their features:
 * they share the reader's consent through src/lib/consent, never by importing each other.
 */
import { useLoaderData, useMatches, useRouterState } from '@tanstack/react-router';
import { lazy, type ReactNode, Suspense } from 'react';
import { appConfig } from '../../app.config.ts';
import type { Quotation } from '../api/types.ts';
import { Footer } from '../features/footer/Footer.tsx';
import { Header } from '../features/header/Header.tsx';
import { ConnectionStatus } from '../features/offline/ConnectionStatus.tsx';
import { ServiceWorkerUpdates } from '../features/serviceWorker/ServiceWorkerUpdates.tsx';
import { initialSearchQuery } from '../features/search/searchParam.ts';
import { ProgressBar } from '../features/progress/ProgressBar.tsx';
import { Typewriter } from '../features/quotation/Typewriter.tsx';
import { absoluteUrl } from '../lib/seo/seo.ts';
import { deferredLazy, WhenVisible } from '../lib/lazyWhenVisible.tsx';
import { SideMediaBar } from '../components/SideMediaBar.tsx';
import { ConsentLoader } from '../features/consent/ConsentLoader.tsx';
import { AnalyticsHost } from './AnalyticsHost.tsx';
import { AudienceHost } from './AudienceHost.tsx';
import { LiveInspection } from './LiveInspection.tsx';
import { PopinHost } from './PopinHost.tsx';

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

export type ChromeKind = 'home' | 'category';

/** True on the app- variants (a route declares staticData.appVariant). */
export function useIsAppVariant(): boolean {
  return useMatches({ select: (matches) => matches.some((m) => m.staticData.appVariant === true) });
}

const noQuotations: Quotation[] = [];

export function SiteChrome({ children }: { children: ReactNode }) {
  const { categories, sentence, siteUrl, features } = useLoaderData({ from: '__root__' });
  // Registered after load, when idle; removed for every reader when the operator turned it off.
  const serviceWorker = <ServiceWorkerUpdates enabled={features?.serviceWorker ?? null} />;
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
        <ProgressBar />
        <LiveInspection enabled={features?.qaInspector === true} search={searchStr} />
        <main id="contenu" className="app-variant min-h-screen">
          {children}
        </main>
        {serviceWorker}
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
      <ProgressBar />
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
          (leaf.chrome || leaf.footerQuotations) && leaf.quotations.length > 0 ? <Typewriter quotations={leaf.quotations} /> : null
        }
        shareUrl={absoluteUrl(siteUrl, pathname)}
        shareTitle={title}
      />
      <ConnectionStatus />
      {serviceWorker}
      {/* Consent, the popins and analytics: never on the app- variants (SPEC §6). */}
      <ConsentLoader analytics={features?.analytics?.provider ?? null} recaptcha={features?.recaptcha === true} />
      <PopinHost />
      <AnalyticsHost settings={features?.analytics ?? null} />
      {/* The exempt audience measurement: no consent needed, objection on the privacy policy page (decision 028). */}
      <AudienceHost />
    </>
  );
}
