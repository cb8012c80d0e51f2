import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { plainHead } from '../../lib/seo/seo.ts';

const ContestEntriesPage = lazy(() =>
  import('../../features/newsroom/ContestEntriesPage.tsx').then((m) => ({ default: m.ContestEntriesPage })),
);

/** '/admin/participations/42': the entries of contest 42, their export and its draw. */
export const Route = createFileRoute('/admin/participations/$id')({
  ssr: false,
  head: () => plainHead('Participations — Rédaction'),
  loader: async ({ params }) => (await import('../../api/queries/newsroomContests.ts')).loadContestEntriesPage(Number(params.id)),
  component: ContestEntriesRoute,
});

function ContestEntriesRoute() {
  const { id } = Route.useParams();
  return <ContestEntriesPage key={id} loaded={Route.useLoaderData()} />;
}
