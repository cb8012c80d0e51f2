import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import type { AdminPopinSummary } from '../../api/queries/newsroomPopins.ts';
import { popinListCells } from '../../features/newsroom/formatListCells.ts';
import { popinDeclaration } from '../../formats/popinFormat.ts';
import { plainHead } from '../../lib/seo/seo.ts';

const FormatListPage = lazy(() =>
  import('../../features/newsroom/FormatListPage.tsx').then((m) => ({ default: m.FormatListPage<AdminPopinSummary> })),
);

/** '/admin/popins': the marketing popins, every state. */
export const Route = createFileRoute('/admin/popins/')({
  ssr: false,
  head: () => plainHead('Popins — Rédaction'),
  loader: async () => {
    const { pageData } = await import('../../api/queries/newsroom.ts');
    const { newsroomPopins } = await import('../../api/queries/newsroomPopins.ts');
    return pageData(() => newsroomPopins.list(), 'Les popins sont indisponibles.');
  },
  component: PopinsRoute,
});

function PopinsRoute() {
  return <FormatListPage format={popinDeclaration} loaded={Route.useLoaderData()} cells={popinListCells} />;
}
