import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { plainHead } from '../../lib/seo/seo.ts';

const ContestEditorPage = lazy(() =>
  import('../../features/newsroom/ContestEditorPage.tsx').then((m) => ({ default: m.ContestEditorPage })),
);

/** '/admin/concours/nouveau' adds a contest; '/admin/concours/42' edits contest 42. */
export const Route = createFileRoute('/admin/concours/$id')({
  ssr: false,
  head: () => plainHead('Concours — Rédaction'),
  loader: async ({ params }) => {
    const { pageData } = await import('../../api/queries/newsroom.ts');
    const { newsroomContests } = await import('../../api/queries/newsroomContests.ts');
    const id = params.id === 'nouveau' ? null : Number(params.id);
    return { contest: id === null ? null : await pageData(() => newsroomContests.get(id), 'Ce concours est indisponible.') };
  },
  component: ContestEditorRoute,
});

function ContestEditorRoute() {
  const { id } = Route.useParams();
  const navigate = Route.useNavigate();
  return (
    <ContestEditorPage
      key={id}
      loaded={Route.useLoaderData()}
      onCreated={(created) => navigate({ to: '/admin/concours/$id', params: { id: String(created) } })}
    />
  );
}
