import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { plainHead } from '../../lib/seo/seo.ts';

const ForgottenPasswordPage = lazy(() =>
  import('../../features/newsroom/ForgottenPasswordPage.tsx').then((m) => ({ default: m.ForgottenPasswordPage })),
);

/** « Mot de passe oublié ? » (issue 39): open without a session (the admin route's check lets it through). */
export const Route = createFileRoute('/admin/mot-de-passe-oublie/')({
  ssr: false,
  head: () => plainHead('Mot de passe oublié — Rédaction'),
  component: ForgottenPasswordPage,
});
