import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { plainHead } from '../../lib/seo/seo.ts';

const QuotationEditorPage = lazy(() =>
  import('../../features/newsroom/QuotationEditorPage.tsx').then((m) => ({ default: m.QuotationEditorPage })),
);

/** '/admin/citations/nouvelle' writes a new quotation; '/admin/citations/42' edits quotation 42. */
export const Route = createFileRoute('/admin/citations/$id')({
  ssr: false,
  head: () => plainHead('Citation — Rédaction'),
  loader: async ({ params }) => {
    const { pageData } = await import('../../api/queries/newsroom.ts');
    const { newsroomQuotations } = await import('../../api/queries/newsroomQuotations.ts');
    if (params.id === 'nouvelle') return null;
    const id = Number(params.id);
    return pageData(() => newsroomQuotations.get(id), 'Cette citation est indisponible.');
  },
  component: QuotationEditorRoute,
});

function QuotationEditorRoute() {
  const { id } = Route.useParams();
  const navigate = Route.useNavigate();
  return (
    <QuotationEditorPage
      key={id}
      loaded={Route.useLoaderData()}
      onCreated={(created) => navigate({ to: '/admin/citations/$id', params: { id: String(created) } })}
    />
  );
}
