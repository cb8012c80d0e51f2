import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { plainHead } from '../../lib/seo/seo.ts';

const SurveyResultsPage = lazy(() =>
  import('../../features/newsroom/SurveyResultsPage.tsx').then((m) => ({ default: m.SurveyResultsPage })),
);

export const Route = createFileRoute('/admin/sondages')({
  ssr: false,
  head: () => plainHead('Sondages — Rédaction'),
  // The period is in the address (?jours=7 or 30; none: since the beginning): shareable, and the back button works.
  validateSearch: (search: Record<string, unknown>): { jours?: 7 | 30 } => {
    const jours = Number(search.jours);
    return jours === 7 || jours === 30 ? { jours } : {};
  },
  loaderDeps: ({ search }) => ({ jours: search.jours ?? null }),
  loader: async ({ deps }) => {
    const { newsroom, pageData } = await import('../../api/queries/newsroom.ts');
    return { days: deps.jours, ...(await pageData(() => newsroom.surveys(deps.jours), 'Les résultats des sondages sont indisponibles.')) };
  },
  component: SurveysRoute,
});

function SurveysRoute() {
  const navigate = Route.useNavigate();
  const loaded = Route.useLoaderData();
  return <SurveyResultsPage loaded={loaded} onPeriod={(days) => navigate({ search: days === null ? {} : { jours: days } })} />;
}
