import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { plainHead } from '../../lib/seo/seo.ts';

const MosaicListPage = lazy(() => import('../../features/newsroom/MosaicListPage.tsx').then((m) => ({ default: m.MosaicListPage })));

/** '/admin/mosaiques': the mosaics, every state, the last edited first. */
export const Route = createFileRoute('/admin/mosaiques/')({
  ssr: false,
  head: () => plainHead('Mosaïques — Rédaction'),
  loader: async () => {
    const { pageData } = await import('../../api/queries/newsroom.ts');
    const { newsroomMosaics } = await import('../../api/queries/newsroomMosaics.ts');
    return pageData(() => newsroomMosaics.list(), 'Les mosaïques sont indisponibles.');
  },
  component: MosaicsRoute,
});

function MosaicsRoute() {
  return <MosaicListPage loaded={Route.useLoaderData()} />;
}
