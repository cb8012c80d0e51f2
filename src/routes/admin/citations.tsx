import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { plainHead } from '../../lib/seo/seo.ts';

const QuotationsPage = lazy(() => import('../../features/newsroom/QuotationsPage.tsx').then((m) => ({ default: m.QuotationsPage })));

export const Route = createFileRoute('/admin/citations')({
  ssr: false,
  head: () => plainHead('Citations — Rédaction'),
  loader: async () => {
    const { newsroom, pageData } = await import('../../api/queries/newsroom.ts');
    return pageData(() => newsroom.quotations(), 'Les citations sont indisponibles.');
  },
  component: CitationsRoute,
});

function CitationsRoute() {
  return <QuotationsPage loaded={Route.useLoaderData()} />;
}
