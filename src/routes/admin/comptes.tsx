import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { plainHead } from '../../lib/seo/seo.ts';

const StaffPage = lazy(() => import('../../features/newsroom/StaffPage.tsx').then((m) => ({ default: m.StaffPage })));

export const Route = createFileRoute('/admin/comptes')({
  ssr: false,
  head: () => plainHead('Comptes — Rédaction'),
  component: StaffPage,
});
