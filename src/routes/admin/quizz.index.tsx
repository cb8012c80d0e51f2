import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { appConfig } from '../../../app.config.ts';
import { quizListQuery, quizListSearch } from '../../lib/quizListSearch.ts';
import { plainHead } from '../../lib/seo/seo.ts';

const QuizListPage = lazy(() => import('../../features/newsroom/quizzes/QuizListPage.tsx').then((m) => ({ default: m.QuizListPage })));

/** '/admin/quizz': the newsroom's quizzes, filtered by title and state (?q=…&etat=…), a page at a time (?debut=…). */
export const Route = createFileRoute('/admin/quizz/')({
  ssr: false,
  head: () => plainHead('Quiz — Rédaction'),
  validateSearch: quizListSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ deps }) => {
    const { pageData } = await import('../../api/queries/newsroom.ts');
    const { newsroomQuizzes } = await import('../../api/queries/newsroomQuizzes.ts');
    return pageData(() => newsroomQuizzes.list(quizListQuery(deps, appConfig.newsroom.pageSize)), 'Les quiz sont indisponibles.');
  },
  component: QuizzesRoute,
});

function QuizzesRoute() {
  const navigate = Route.useNavigate();
  return (
    <QuizListPage
      loaded={Route.useLoaderData()}
      search={Route.useSearch()}
      size={appConfig.newsroom.pageSize}
      onSearch={(search) => void navigate({ search })}
    />
  );
}
