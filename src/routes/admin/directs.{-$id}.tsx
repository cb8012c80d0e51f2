import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { plainHead } from '../../lib/seo/seo.ts';

const LiveBlogDesk = lazy(() => import('../../features/newsroom/LiveBlogDesk.tsx').then((m) => ({ default: m.LiveBlogDesk })));

/** '/admin/directs': the live blogs and a new one's form; '/admin/directs/42': live blog 42's desk. */
export const Route = createFileRoute('/admin/directs/{-$id}')({
  ssr: false,
  head: () => plainHead('Directs — Rédaction'),
  component: LiveBlogDeskRoute,
});

function LiveBlogDeskRoute() {
  const { id } = Route.useParams();
  const navigate = Route.useNavigate();
  const number = id === undefined ? null : Number(id);
  return (
    <LiveBlogDesk
      id={number !== null && Number.isSafeInteger(number) ? number : null}
      onCreated={(created) => navigate({ to: '/admin/directs/{-$id}', params: { id: String(created) } })}
    />
  );
}
