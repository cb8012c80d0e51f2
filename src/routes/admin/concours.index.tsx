import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { plainHead } from '../../lib/seo/seo.ts';

const ContestListPage = lazy(() => import('../../features/newsroom/ContestListPage.tsx').then((m) => ({ default: m.ContestListPage })));

/** '/admin/concours': the contests, every state, the last edited first. */
export const Route = createFileRoute('/admin/concours/')({
  ssr: false,
  head: () => plainHead('Concours — Rédaction'),
  loader: async () => {
    const { pageData } = await import('../../api/queries/newsroom.ts');
    const { newsroomContests } = await import('../../api/queries/newsroomContests.ts');
    return pageData(() => newsroomContests.list(), 'Les concours sont indisponibles.');
  },
  component: ContestsRoute,
});

function ContestsRoute() {
  return <ContestListPage loaded={Route.useLoaderData()} />;
}
