import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { plainHead } from '../../lib/seo/seo.ts';

const SignInPage = lazy(() => import('../../features/newsroom/SignInPage.tsx').then((m) => ({ default: m.SignInPage })));

export const Route = createFileRoute('/admin/connexion')({
  ssr: false,
  head: () => plainHead('Connexion — Rédaction'),
  component: SignInPage,
});
