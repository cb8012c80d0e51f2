import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { plainHead } from '../../lib/seo/seo.ts';

const SignInPage = lazy(() => import('../../features/newsroom/SignInPage.tsx').then((m) => ({ default: m.SignInPage })));

export const Route = createFileRoute('/admin/connexion')({
  ssr: false,
  // Where to go back once signed in (set by the admin route's session check). The page keeps it only when it is a
  // newsroom page (newsroomReturnPath, in the lazy sign-in page: the router's tree every reader loads stays small).
  validateSearch: (search: Record<string, unknown>): { retour?: string } =>
    typeof search.retour === 'string' ? { retour: search.retour } : {},
  head: () => plainHead('Connexion — Rédaction'),
  component: SignInPage,
});
