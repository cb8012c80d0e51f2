/// <reference types="vite/client" />
import { createRootRoute, HeadContent, Link, Outlet, Scripts } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { appConfig } from '../../app.config.ts';
import '../styles/app.css';

export const Route = createRootRoute({
  head: () => ({
    meta: [
      { charSet: 'utf-8' },
      { name: 'viewport', content: 'width=device-width, initial-scale=1' },
      { title: `Le magazine qui pique - ${appConfig.site.name}` },
      {
        name: 'description',
        content: 'Mode, beauté, culture, self care et bons plans : le magazine qui pique.',
      },
      { property: 'og:locale', content: appConfig.site.locale },
      { property: 'og:site_name', content: appConfig.site.name },
    ],
    links: [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }],
  }),
  shellComponent: RootDocument,
  component: Outlet,
});

function RootDocument({ children }: { children: ReactNode }) {
  return (
    <html lang="fr">
      <head>
        <HeadContent />
      </head>
      <body className="bg-creme text-encre antialiased">
        <a href="#contenu" className="sr-only focus:not-sr-only">
          Aller au contenu
        </a>
        <header className="border-b border-encre/10 bg-white">
          <div className="mx-auto flex max-w-6xl items-center px-4 py-3">
            <Link to="/" className="font-display text-2xl font-bold text-piment">
              {appConfig.site.name}
            </Link>
          </div>
        </header>
        {children}
        <Scripts />
      </body>
    </html>
  );
}
