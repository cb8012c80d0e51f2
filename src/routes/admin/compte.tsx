import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { plainHead } from '../../lib/seo/seo.ts';

const AccountPage = lazy(() => import('../../features/newsroom/AccountPage.tsx').then((m) => ({ default: m.AccountPage })));

export const Route = createFileRoute('/admin/compte')({
  ssr: false,
  head: () => plainHead('Mon compte — Rédaction'),
  component: AccountPage,
});
