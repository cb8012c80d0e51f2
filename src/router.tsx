import { createRouter } from '@tanstack/react-router';
import { appConfig } from '../app.config.ts';
import { ErrorPage } from './components/ErrorPage.tsx';
import { NotFoundPage } from './components/NotFoundPage.tsx';
import { installChunkReload } from './lib/chunkReload.ts';
import { currentConnection, prefetchAllowed } from './lib/prefetchPolicy.ts';
import { installScrollMemory } from './lib/scrollMemory.ts';
import { isStaffPath } from './lib/staffPaths.ts';
import { routeTree as readerRouteTree } from './readerRouteTree.ts';

function createAppRouter(routeTree: typeof readerRouteTree) {
  return createRouter({
    routeTree,
    // SPEC §9: no link prefetch on 2g or with data saver.
    defaultPreload: prefetchAllowed(currentConnection()) ? 'intent' : false,
    defaultPendingMinMs: appConfig.navigation.minPendingMs,
    defaultErrorComponent: ErrorPage,
    defaultNotFoundComponent: () => <NotFoundPage />,
    // Issue 37: TanStack's restoration writes sessionStorage; back/forward offsets are kept in memory instead.
    scrollRestoration: false,
  });
}

export async function getRouter() {
  if (typeof document === 'undefined') return createAppRouter(readerRouteTree);
  // SPEC §4: a chunk that fails to load reloads the page (at most once a minute), hydration included.
  installChunkReload();
  // Issue 38: a reader's browser starts with a tree without the staff's pages (src/readerRouteTree.ts); a staff page
  // loads the whole tree, which knows every page, readers' included.
  const staff = isStaffPath(window.location.pathname);
  const router = createAppRouter(staff ? (await import('./routeTree.gen')).routeTree : readerRouteTree);
  if (!staff) {
    // A link from a reader's page to a staff page (none today): the history has its address already; the document
    // is replaced by the staff page's, which loads the whole tree. (A history blocker would do it before the
    // address changes, but blockers make every back/forward asynchronous, and the scroll memory is timed on them.)
    router.subscribe('onBeforeNavigate', ({ toLocation }) => {
      if (isStaffPath(toLocation.pathname)) window.location.replace(toLocation.href);
    });
  }
  installScrollMemory(router);
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: Awaited<ReturnType<typeof getRouter>>;
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
