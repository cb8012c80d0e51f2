import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { plainHead } from '../../lib/seo/seo.ts';

const PopinListPage = lazy(() => import('../../features/newsroom/PopinListPage.tsx').then((m) => ({ default: m.PopinListPage })));

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
  return <PopinListPage loaded={Route.useLoaderData()} />;
}
