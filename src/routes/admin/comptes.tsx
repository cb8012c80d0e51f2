import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { plainHead } from '../../lib/seo/seo.ts';

const StaffPage = lazy(() => import('../../features/newsroom/StaffPage.tsx').then((m) => ({ default: m.StaffPage })));

export const Route = createFileRoute('/admin/comptes')({
  ssr: false,
  head: () => plainHead('Comptes — Rédaction'),
  // The page's first data, loaded with the route (its calls are a chunk of their own).
  loader: async () => {
    const { newsroom, pageData } = await import('../../api/queries/newsroom.ts');
    return pageData(() => newsroom.staff(), 'Liste indisponible.');
  },
  component: StaffRoute,
});

function StaffRoute() {
  return <StaffPage loaded={Route.useLoaderData()} />;
}
