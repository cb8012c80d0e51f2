import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { plainHead } from '../../lib/seo/seo.ts';

const LiveBlogDesk = lazy(() => import('../../features/newsroom/LiveBlogDesk.tsx').then((m) => ({ default: m.LiveBlogDesk })));

/** '/admin/directs/nouveau' prepares a live blog; '/admin/directs/42' edits live blog 42 and posts its entries. */
export const Route = createFileRoute('/admin/directs/$id')({
  ssr: false,
  head: () => plainHead('Direct — Rédaction'),
  loader: async ({ params }) => {
    const { pageData } = await import('../../api/queries/newsroom.ts');
    const { newsroomLiveBlogs } = await import('../../api/queries/newsroomLiveBlogs.ts');
    if (params.id === 'nouveau') return null;
    return pageData(() => newsroomLiveBlogs.get(Number(params.id)), 'Ce direct est indisponible.');
  },
  component: LiveBlogRoute,
});

function LiveBlogRoute() {
  const { id } = Route.useParams();
  const navigate = Route.useNavigate();
  const onCreated = (created: number) => navigate({ to: '/admin/directs/$id', params: { id: String(created) } });
  return <LiveBlogDesk key={id} loaded={Route.useLoaderData()} onCreated={onCreated} />;
}
