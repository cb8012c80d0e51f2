/// <reference types="vite/client" />
import { createRootRoute, HeadContent, Outlet, Scripts } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { appConfig } from '../../app.config.ts';
import { api } from '../api/client.ts';
import { optional } from '../components/apiResult.ts';
import { ErrorPage } from '../components/ErrorPage.tsx';
import { SiteChrome } from '../components/SiteChrome.tsx';
import { getSiteUrl } from '../features/seo/siteUrl.ts';
import '../styles/app.css';

export const Route = createRootRoute({
  // SPEC §7: the category list is fetched once, at start; the footer's quotations with it.
  loader: async () => {
    // The chrome degrades (no category menu, no quotation) rather than failing every page.
    const client = api();
    const [categories, quotations] = await Promise.all([
      client.GET('/api/categories').catch(() => null),
      client.GET('/api/quotations').catch(() => null),
    ]);
    return {
      categories: categories ? optional(categories, { results: [] }).results : [],
      quotations: quotations ? optional(quotations, { results: [] }).results : [],
      siteUrl: getSiteUrl(),
    };
  },
  staleTime: Number.POSITIVE_INFINITY,
  shouldReload: false,
  head: () => ({
    meta: [
      { charSet: 'utf-8' },
      { name: 'viewport', content: 'width=device-width, initial-scale=1' },
      { title: `Le magazine qui pique - ${appConfig.site.name}` },
      { name: 'description', content: 'Mode, beauté, culture, self care et bons plans : le magazine qui pique.' },
      { name: 'theme-color', content: '#c8102e' },
      { property: 'og:locale', content: appConfig.site.locale },
      { property: 'og:site_name', content: appConfig.site.name },
    ],
    links: [
      { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
      { rel: 'apple-touch-icon', href: '/favicon.svg' },
      { rel: 'manifest', href: '/manifest.webmanifest' },
    ],
  }),
  shellComponent: RootDocument,
  component: RootLayout,
  errorComponent: (props) => (
    <main id="contenu">
      <ErrorPage {...props} />
    </main>
  ),
});

function RootLayout() {
  return (
    <SiteChrome>
      <Outlet />
    </SiteChrome>
  );
}

function RootDocument({ children }: { children: ReactNode }) {
  return (
    <html lang={appConfig.site.language}>
      <head>
        <HeadContent />
      </head>
      <body className="bg-creme font-sans text-encre antialiased">
        {children}
        <Scripts />
      </body>
    </html>
  );
}
