import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { plainHead } from '../../lib/seo/seo.ts';

const InstagramEditorPage = lazy(() =>
  import('../../features/newsroom/InstagramEditorPage.tsx').then((m) => ({ default: m.InstagramEditorPage })),
);

/** '/admin/instagram/nouveau' adds a post; '/admin/instagram/42' edits post 42. */
export const Route = createFileRoute('/admin/instagram/$id')({
  ssr: false,
  head: () => plainHead('Post Instagram — Rédaction'),
  loader: async ({ params }) => {
    const { pageData } = await import('../../api/queries/newsroom.ts');
    const { newsroomInstagram } = await import('../../api/queries/newsroomInstagram.ts');
    const id = params.id === 'nouveau' ? null : Number(params.id);
    return { post: id === null ? null : await pageData(() => newsroomInstagram.get(id), 'Ce post est indisponible.') };
  },
  component: InstagramEditorRoute,
});

function InstagramEditorRoute() {
  const { id } = Route.useParams();
  const navigate = Route.useNavigate();
  return (
    <InstagramEditorPage
      key={id}
      loaded={Route.useLoaderData()}
      onCreated={(created) => navigate({ to: '/admin/instagram/$id', params: { id: String(created) } })}
    />
  );
}
