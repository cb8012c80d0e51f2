import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { plainHead } from '../../lib/seo/seo.ts';

const NewPasswordPage = lazy(() => import('../../features/newsroom/NewPasswordPage.tsx').then((m) => ({ default: m.NewPasswordPage })));

/** Where the « Mot de passe oublié ? » mail's link lands: choosing the new password, without a session. */
export const Route = createFileRoute('/admin/mot-de-passe-oublie/$token')({
  ssr: false,
  head: () => plainHead('Nouveau mot de passe — Rédaction'),
  component: NewPasswordPage,
});
