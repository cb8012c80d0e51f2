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
  component: EditorRoute,
});

function EditorRoute() {
  const { id } = Route.useParams();
  return <ArticleEditorPage key={id} id={id} />;
}
