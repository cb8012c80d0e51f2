import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { mosaicDeclaration } from '../../formats/mosaicFormat.ts';
import { plainHead } from '../../lib/seo/seo.ts';

const FormatListPage = lazy(() => import('../../features/newsroom/FormatListPage.tsx').then((m) => ({ default: m.FormatListPage })));

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
  return <FormatListPage format={mosaicDeclaration} loaded={Route.useLoaderData()} />;
}
