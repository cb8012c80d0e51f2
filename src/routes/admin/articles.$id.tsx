import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { plainHead } from '../../lib/seo/seo.ts';

const ArticleEditorPage = lazy(() =>
  import('../../features/newsroom/ArticleEditorPage.tsx').then((m) => ({ default: m.ArticleEditorPage })),
);

/** '/admin/articles/nouveau' writes a new article; '/admin/articles/42' edits article 42. */
export const Route = createFileRoute('/admin/articles/$id')({
  ssr: false,
  head: () => plainHead('Article — Rédaction'),
  loader: async ({ params }) => {
    const { newsroom, pageData } = await import('../../api/queries/newsroom.ts');
    const id = params.id === 'nouveau' ? null : Number(params.id);
    const [article, categories, authors] = await Promise.all([
      id === null ? null : pageData(() => newsroom.article(id), 'Article indisponible.'),
      pageData(() => newsroom.categories(), 'Les rubriques sont indisponibles.'),
      pageData(() => newsroom.authors(), 'Les signatures sont indisponibles.'),
    ]);
    return { article, categories, authors };
  },
  component: ArticleEditorRoute,
});

function ArticleEditorRoute() {
  const { id } = Route.useParams();
  const navigate = Route.useNavigate();
  return (
    <ArticleEditorPage
      key={id}
      loaded={Route.useLoaderData()}
      // The new draft's own address replaces '/nouveau' in the history: back leaves the editor.
      onCreated={(created) => navigate({ to: '/admin/articles/$id', params: { id: String(created) }, replace: true })}
    />
  );
}
