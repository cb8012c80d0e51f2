import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { plainHead } from '../../lib/seo/seo.ts';

const AuditLogPage = lazy(() => import('../../features/newsroom/AuditLogPage.tsx').then((m) => ({ default: m.AuditLogPage })));

export const Route = createFileRoute('/admin/journal')({
  ssr: false,
  head: () => plainHead('Journal — Rédaction'),
  component: AuditLogPage,
});
