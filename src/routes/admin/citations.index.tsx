import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { plainHead } from '../../lib/seo/seo.ts';

const QuotationListPage = lazy(() =>
  import('../../features/newsroom/QuotationListPage.tsx').then((m) => ({ default: m.QuotationListPage })),
);

/** '/admin/citations': the footer's quotations, every state. */
export const Route = createFileRoute('/admin/citations/')({
  ssr: false,
  head: () => plainHead('Citations — Rédaction'),
  loader: async () => {
    const { pageData } = await import('../../api/queries/newsroom.ts');
    const { newsroomQuotations } = await import('../../api/queries/newsroomQuotations.ts');
    return pageData(() => newsroomQuotations.list(), 'Les citations sont indisponibles.');
  },
  component: QuotationsRoute,
});

function QuotationsRoute() {
  return <QuotationListPage loaded={Route.useLoaderData()} />;
}
