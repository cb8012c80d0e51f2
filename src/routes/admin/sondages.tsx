import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { plainHead } from '../../lib/seo/seo.ts';

const SurveyResultsPage = lazy(() =>
  import('../../features/newsroom/SurveyResultsPage.tsx').then((m) => ({ default: m.SurveyResultsPage })),
);

export const Route = createFileRoute('/admin/sondages')({
  ssr: false,
  head: () => plainHead('Sondages — Rédaction'),
  component: SurveyResultsPage,
});
