import { createRouter } from '@tanstack/react-router';
import { getGlobalStartContext } from '@tanstack/react-start';
import { appConfig } from '../app.config.ts';
import { ErrorPage } from './components/ErrorPage.tsx';
import { NotFoundPage } from './components/NotFoundPage.tsx';
import { currentConnection, prefetchAllowed } from './features/layout/prefetchPolicy.ts';
import { routeTree } from './routeTree.gen';

/** The CSP nonce of this request (set by src/server.ts); the browser reads it from <meta property="csp-nonce">. */
function requestNonce(): string | undefined {
  if (typeof window !== 'undefined') return undefined;
  try {
    const context = getGlobalStartContext() as { nonce?: unknown } | undefined;
    return typeof context?.nonce === 'string' ? context.nonce : undefined;
  } catch {
    return undefined;
  }
}

export function getRouter() {
  const nonce = requestNonce();
  return createRouter({
    routeTree,
    // SPEC §9: no link prefetch on 2g or with data saver.
    defaultPreload: prefetchAllowed(currentConnection()) ? 'intent' : false,
    defaultPendingMinMs: appConfig.navigation.minPendingMs,
    defaultErrorComponent: ErrorPage,
    defaultNotFoundComponent: () => <NotFoundPage />,
    scrollRestoration: true,
    ...(nonce ? { ssr: { nonce } } : {}),
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof getRouter>;
  }
  interface StaticDataRouteOption {
    /** Home and category pages get the tagline bar and the footer's typewriter. */
    chrome?: 'home' | 'category';
    /** The mobile app's web-view variants: no header, footer, consent manager or popins. */
    appVariant?: boolean;
  }
}
