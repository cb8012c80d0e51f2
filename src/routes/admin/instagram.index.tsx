import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { instagramDeclaration } from '../../formats/instagramFormat.ts';
import { plainHead } from '../../lib/seo/seo.ts';

const FormatListPage = lazy(() => import('../../features/newsroom/FormatListPage.tsx').then((m) => ({ default: m.FormatListPage })));

/** '/admin/instagram': the Instagram feed, every state, newest first. */
export const Route = createFileRoute('/admin/instagram/')({
  ssr: false,
  head: () => plainHead('Instagram — Rédaction'),
  loader: async () => {
    const { pageData } = await import('../../api/queries/newsroom.ts');
    const { newsroomInstagram } = await import('../../api/queries/newsroomInstagram.ts');
    return pageData(() => newsroomInstagram.list(), 'Le fil Instagram est indisponible.');
  },
  component: InstagramRoute,
});

function InstagramRoute() {
  return <FormatListPage format={instagramDeclaration} loaded={Route.useLoaderData()} />;
}
