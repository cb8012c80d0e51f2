import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { plainHead } from '../../lib/seo/seo.ts';

const QuizEditorPage = lazy(() =>
  import('../../features/newsroom/quizzes/QuizEditorPage.tsx').then((m) => ({ default: m.QuizEditorPage })),
);

/** '/admin/quizz/nouveau' writes a new quiz; '/admin/quizz/42' edits quiz 42. */
export const Route = createFileRoute('/admin/quizz/$id')({
  ssr: false,
  head: () => plainHead('Quiz — Rédaction'),
  component: EditorRoute,
});

function EditorRoute() {
  const { id } = Route.useParams();
  return <QuizEditorPage key={id} id={id} />;
}
