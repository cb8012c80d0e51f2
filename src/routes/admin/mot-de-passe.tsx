import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { plainHead } from '../../lib/seo/seo.ts';

const ForcedPasswordPage = lazy(() =>
  import('../../features/newsroom/ForcedPasswordPage.tsx').then((m) => ({ default: m.ForcedPasswordPage })),
);

/** Where a session with a provisional password is sent (the admin route's check): nothing else opens before. */
export const Route = createFileRoute('/admin/mot-de-passe')({
  ssr: false,
  head: () => plainHead('Choisir mon mot de passe — Rédaction'),
  component: ForcedPasswordPage,
});
