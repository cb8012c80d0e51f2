import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { plainHead } from '../../lib/seo/seo.ts';

const QuizListPage = lazy(() => import('../../features/newsroom/quizzes/QuizListPage.tsx').then((m) => ({ default: m.QuizListPage })));

/** '/admin/quizz': the newsroom's quizzes. */
export const Route = createFileRoute('/admin/quizz/')({
  ssr: false,
  head: () => plainHead('Quiz — Rédaction'),
  component: QuizListPage,
});
