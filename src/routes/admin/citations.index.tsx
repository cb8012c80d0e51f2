import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { quotationDeclaration } from '../../formats/quotationFormat.ts';
import { plainHead } from '../../lib/seo/seo.ts';

const FormatListPage = lazy(() => import('../../features/newsroom/FormatListPage.tsx').then((m) => ({ default: m.FormatListPage })));

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
  return <FormatListPage format={quotationDeclaration} loaded={Route.useLoaderData()} />;
}
