import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { plainHead } from '../../lib/seo/seo.ts';

const SignInPage = lazy(() => import('../../features/newsroom/SignInPage.tsx').then((m) => ({ default: m.SignInPage })));

export const Route = createFileRoute('/admin/connexion')({
  ssr: false,
  // Where to go back once signed in (set by the admin route's session check); only a newsroom page.
  validateSearch: (search: Record<string, unknown>): { retour?: string } => {
    const retour =
      typeof search.retour === 'string' && search.retour.startsWith('/admin') && !search.retour.startsWith('/admin/connexion')
        ? search.retour
        : undefined;
    return retour ? { retour } : {};
  },
  head: () => plainHead('Connexion — Rédaction'),
  component: SignInPage,
});
