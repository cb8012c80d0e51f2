import { createRouter } from '@tanstack/react-router';
import { appConfig } from '../app.config.ts';
import { ErrorPage } from './components/ErrorPage.tsx';
import { NotFoundPage } from './components/NotFoundPage.tsx';
import { routeTree } from './routeTree.gen';

export function getRouter() {
  return createRouter({
    routeTree,
    defaultPreload: 'intent',
    defaultPendingMinMs: appConfig.navigation.minPendingMs,
    defaultErrorComponent: ErrorPage,
    defaultNotFoundComponent: NotFoundPage,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof getRouter>;
  }
}
