import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { plainHead } from '../../lib/seo/seo.ts';

const LiveBlogDesk = lazy(() => import('../../features/newsroom/LiveBlogDesk.tsx').then((m) => ({ default: m.LiveBlogDesk })));

/** '/admin/directs/nouveau' prepares a live blog; '/admin/directs/42' edits live blog 42 and posts its entries. */
export const Route = createFileRoute('/admin/directs/$id')({
  ssr: false,
  head: () => plainHead('Direct — Rédaction'),
  loader: async ({ params }) => {
    const [{ pageData }, { callOperation }] = await Promise.all([
      import('../../api/queries/newsroom.ts'),
      import('../../api/queries/newsroomFormatCalls.ts'),
    ]);
    if (params.id === 'nouveau') return null;
    return pageData(() => callOperation('getAdminLiveBlog', { id: Number(params.id) }), 'Ce direct est indisponible.');
  },
  component: function LiveBlogRoute() {
    const { id } = Route.useParams();
    const navigate = Route.useNavigate();
    const onCreated = (created: number) => navigate({ to: '/admin/directs/$id', params: { id: String(created) } });
    return <LiveBlogDesk key={id} loaded={Route.useLoaderData()} onCreated={onCreated} />;
  },
});
