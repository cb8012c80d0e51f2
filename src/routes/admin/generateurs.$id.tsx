import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { plainHead } from '../../lib/seo/seo.ts';

const GeneratorEditorPage = lazy(() =>
  import('../../features/newsroom/GeneratorEditorPage.tsx').then((m) => ({ default: m.GeneratorEditorPage })),
);

/** '/admin/generateurs/nouveau' writes a new generator; '/admin/generateurs/42' edits generator 42. */
export const Route = createFileRoute('/admin/generateurs/$id')({
  ssr: false,
  head: () => plainHead('Générateur de répartie — Rédaction'),
  loader: async ({ params }) => {
    const { pageData } = await import('../../api/queries/newsroom.ts');
    const { newsroomGenerators } = await import('../../api/queries/newsroomGenerators.ts');
    if (params.id === 'nouveau') return null;
    const id = Number(params.id);
    return pageData(() => newsroomGenerators.get(id), 'Ce générateur est indisponible.');
  },
  component: GeneratorEditorRoute,
});

function GeneratorEditorRoute() {
  const { id } = Route.useParams();
  const navigate = Route.useNavigate();
  return (
    <GeneratorEditorPage
      key={id}
      loaded={Route.useLoaderData()}
      onCreated={(created) => navigate({ to: '/admin/generateurs/$id', params: { id: String(created) } })}
    />
  );
}
