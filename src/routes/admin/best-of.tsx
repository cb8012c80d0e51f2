import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { plainHead } from '../../lib/seo/seo.ts';

const BestofPage = lazy(() => import('../../features/newsroom/BestofPage.tsx').then((m) => ({ default: m.BestofPage })));

export const Route = createFileRoute('/admin/best-of')({
  ssr: false,
  head: () => plainHead('Best-of — Rédaction'),
  loader: async () => {
    const { newsroom, pageData } = await import('../../api/queries/newsroom.ts');
    return pageData(() => newsroom.bestof(), 'La sélection best-of est indisponible.');
  },
  component: BestofRoute,
});

function BestofRoute() {
  return <BestofPage loaded={Route.useLoaderData()} />;
}
