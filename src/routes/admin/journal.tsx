import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { plainHead } from '../../lib/seo/seo.ts';

const AuditLogPage = lazy(() => import('../../features/newsroom/AuditLogPage.tsx').then((m) => ({ default: m.AuditLogPage })));

export const Route = createFileRoute('/admin/journal')({
  ssr: false,
  head: () => plainHead('Journal — Rédaction'),
  // The page's first data, loaded with the route (its calls are a chunk of their own).
  loader: async () => {
    const { newsroom, pageData } = await import('../../api/queries/newsroom.ts');
    return pageData(() => newsroom.audit(), 'Journal indisponible.');
  },
  component: JournalRoute,
});

function JournalRoute() {
  return <AuditLogPage loaded={Route.useLoaderData()} />;
}
