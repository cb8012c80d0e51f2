/// <reference types="vite/client" />
import { createRootRoute, Outlet } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { appConfig } from '../../app.config.ts';
import { loadSiteChrome } from '../api/queries/site.ts';
import { ErrorPage } from '../components/ErrorPage.tsx';
import { IconSprite } from '../components/icons.tsx';
import { BodyScripts, HeadTags, useDocumentTags } from '../app/DocumentAssets.tsx';
import { SiteChrome } from '../app/SiteChrome.tsx';
import { getSiteFeatures } from '../lib/getSiteFeatures.ts';
import { getSiteUrl } from '../lib/seo/siteUrl.ts';
import '../styles/app.css';

export const Route = createRootRoute({
  // SPEC §7: the category list is fetched once, at start; the footer's quotations with it. The deployment's
  // features (service worker on or off, web push key) come from the server's environment.
  loader: async () => ({ ...(await loadSiteChrome()), siteUrl: getSiteUrl(), features: getSiteFeatures() }),
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
      { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon.png' },
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
  const tags = useDocumentTags();
  return (
    <html lang={appConfig.site.language}>
      <head>
        <HeadTags tags={tags} />
      </head>
      <body className="bg-creme font-sans text-encre antialiased">
        <IconSprite />
        {children}
        <BodyScripts tags={tags} />
      </body>
    </html>
  );
}
