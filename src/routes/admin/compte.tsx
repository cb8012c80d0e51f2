import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { plainHead } from '../../lib/seo/seo.ts';

const AccountPage = lazy(() => import('../../features/newsroom/AccountPage.tsx').then((m) => ({ default: m.AccountPage })));

export const Route = createFileRoute('/admin/compte')({
  ssr: false,
  head: () => plainHead('Mon compte — Rédaction'),
  // The page's first data, loaded with the route (its calls are a chunk of their own).
  loader: async () => {
    const { newsroom, pageData } = await import('../../api/queries/newsroom.ts');
    return pageData(() => newsroom.passkeys(), 'Clés d’accès indisponibles.');
  },
  component: AccountRoute,
});

function AccountRoute() {
  return <AccountPage loaded={Route.useLoaderData()} />;
}
