import { createRouter } from '@tanstack/react-router';
import { appConfig } from '../app.config.ts';
import { ErrorPage } from './components/ErrorPage.tsx';
import { NotFoundPage } from './components/NotFoundPage.tsx';
import { installChunkReload } from './lib/chunkReload.ts';
import { currentConnection, prefetchAllowed } from './lib/prefetchPolicy.ts';
import { installScrollMemory } from './lib/scrollMemory.ts';
import { routeTree } from './routeTree.gen';

export function getRouter() {
  // SPEC §4: a chunk that fails to load reloads the page (at most once a minute), hydration included.
  installChunkReload();
  const router = createRouter({
    routeTree,
    // SPEC §9: no link prefetch on 2g or with data saver.
    defaultPreload: prefetchAllowed(currentConnection()) ? 'intent' : false,
    defaultPendingMinMs: appConfig.navigation.minPendingMs,
    defaultErrorComponent: ErrorPage,
    defaultNotFoundComponent: () => <NotFoundPage />,
    // Issue 37: TanStack's restoration writes sessionStorage; back/forward offsets are kept in memory instead.
    scrollRestoration: false,
  });
  if (typeof document !== 'undefined') installScrollMemory(router);
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof getRouter>;
  }
  interface StaticDataRouteOption {
    /** Home and category pages get the tagline bar and the footer's typewriter. */
    chrome?: 'home' | 'category';
    /** A page whose own data carries the footer's quotations without being home or category (the quotation preview). */
    footerQuotations?: boolean;
    /** The mobile app's web-view variants: no header, footer, consent manager or popins. */
    appVariant?: boolean;
    /** The newsroom (/admin) and previews' back-office pages: none of the reader's chrome, consent or popins. */
    backOffice?: boolean;
  }
}
