import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import type { AdminContestSummary } from '../../api/queries/newsroomContests.ts';
import { contestListCells } from '../../features/newsroom/formatListCells.ts';
import { contestDeclaration } from '../../formats/contestFormat.ts';
import { plainHead } from '../../lib/seo/seo.ts';

const FormatListPage = lazy(() =>
  import('../../features/newsroom/FormatListPage.tsx').then((m) => ({ default: m.FormatListPage<AdminContestSummary> })),
);

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
  return <FormatListPage format={contestDeclaration} loaded={Route.useLoaderData()} cells={contestListCells} />;
}
