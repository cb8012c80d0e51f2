import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { newsroomReturnPath } from '../../features/newsroom/returnPath.ts';
import { plainHead } from '../../lib/seo/seo.ts';

const SignInPage = lazy(() => import('../../features/newsroom/SignInPage.tsx').then((m) => ({ default: m.SignInPage })));

export const Route = createFileRoute('/admin/connexion')({
  ssr: false,
  // Where to go back once signed in (set by the admin route's session check): a newsroom page only.
  validateSearch: (search: Record<string, unknown>): { retour?: string } =>
    search.retour === undefined ? {} : { retour: newsroomReturnPath(search.retour) },
  head: () => plainHead('Connexion — Rédaction'),
  component: SignInPage,
});
