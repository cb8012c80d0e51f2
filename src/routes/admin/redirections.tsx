import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { plainHead } from '../../lib/seo/seo.ts';

const RedirectsPage = lazy(() => import('../../features/newsroom/RedirectsPage.tsx').then((m) => ({ default: m.RedirectsPage })));

export const Route = createFileRoute('/admin/redirections')({
  ssr: false,
  head: () => plainHead('Redirections — Rédaction'),
  // The page's first data, loaded with the route (its calls are a chunk of their own).
  loader: async () => {
    const { newsroom, pageData } = await import('../../api/queries/newsroom.ts');
    return pageData(() => newsroom.redirects(), 'Redirections indisponibles.');
  },
  component: RedirectionsRoute,
});

function RedirectionsRoute() {
  return <RedirectsPage loaded={Route.useLoaderData()} />;
}
