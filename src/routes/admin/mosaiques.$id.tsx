import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { plainHead } from '../../lib/seo/seo.ts';

const MosaicEditorPage = lazy(() => import('../../features/newsroom/MosaicEditorPage.tsx').then((m) => ({ default: m.MosaicEditorPage })));

/** '/admin/mosaiques/nouveau' adds a mosaic; '/admin/mosaiques/42' edits mosaic 42. */
export const Route = createFileRoute('/admin/mosaiques/$id')({
  ssr: false,
  head: () => plainHead('Mosaïque — Rédaction'),
  loader: async ({ params }) => {
    const { pageData } = await import('../../api/queries/newsroom.ts');
    const { newsroomMosaics } = await import('../../api/queries/newsroomMosaics.ts');
    const id = params.id === 'nouveau' ? null : Number(params.id);
    return { mosaic: id === null ? null : await pageData(() => newsroomMosaics.get(id), 'Cette mosaïque est indisponible.') };
  },
  component: MosaicEditorRoute,
});

function MosaicEditorRoute() {
  const { id } = Route.useParams();
  const navigate = Route.useNavigate();
  return (
    <MosaicEditorPage
      key={id}
      loaded={Route.useLoaderData()}
      onCreated={(created) => navigate({ to: '/admin/mosaiques/$id', params: { id: String(created) } })}
    />
  );
}
