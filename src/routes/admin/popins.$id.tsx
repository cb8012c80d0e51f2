import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { plainHead } from '../../lib/seo/seo.ts';

const PopinEditorPage = lazy(() => import('../../features/newsroom/PopinEditorPage.tsx').then((m) => ({ default: m.PopinEditorPage })));

/** '/admin/popins/nouvelle' writes a new popin; '/admin/popins/42' edits popin 42. */
export const Route = createFileRoute('/admin/popins/$id')({
  ssr: false,
  head: () => plainHead('Popin — Rédaction'),
  loader: async ({ params }) => {
    const { newsroom, pageData } = await import('../../api/queries/newsroom.ts');
    const { newsroomPopins } = await import('../../api/queries/newsroomPopins.ts');
    const id = params.id === 'nouvelle' ? null : Number(params.id);
    const [popin, categories] = await Promise.all([
      id === null ? Promise.resolve(null) : pageData(() => newsroomPopins.get(id), 'Cette popin est indisponible.'),
      pageData(() => newsroom.categories(), 'Les rubriques sont indisponibles.'),
    ]);
    return { popin, categories };
  },
  component: PopinEditorRoute,
});

function PopinEditorRoute() {
  const { id } = Route.useParams();
  const navigate = Route.useNavigate();
  return (
    <PopinEditorPage
      key={id}
      loaded={Route.useLoaderData()}
      onCreated={(created) => navigate({ to: '/admin/popins/$id', params: { id: String(created) } })}
    />
  );
}
