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
  loader: async ({ params }) => {
    const { pageData } = await import('../../api/queries/newsroom.ts');
    const { newsroomQuizzes } = await import('../../api/queries/newsroomQuizzes.ts');
    if (params.id === 'nouveau') return null;
    const id = Number(params.id);
    return pageData(() => newsroomQuizzes.get(id), 'Ce quiz est indisponible.');
  },
  component: QuizEditorRoute,
});

function QuizEditorRoute() {
  const { id } = Route.useParams();
  const navigate = Route.useNavigate();
  return (
    <QuizEditorPage
      key={id}
      loaded={Route.useLoaderData()}
      onCreated={(created) => navigate({ to: '/admin/quizz/$id', params: { id: String(created) } })}
    />
  );
}
