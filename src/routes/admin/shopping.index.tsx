import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { plainHead } from '../../lib/seo/seo.ts';

const ShoppingListPage = lazy(() => import('../../features/newsroom/ShoppingListPage.tsx').then((m) => ({ default: m.ShoppingListPage })));

/** '/admin/shopping': the shopping selection, every state, in the readers' order. */
export const Route = createFileRoute('/admin/shopping/')({
  ssr: false,
  head: () => plainHead('Shopping — Rédaction'),
  loader: async () => {
    const { pageData } = await import('../../api/queries/newsroom.ts');
    const { newsroomShopping } = await import('../../api/queries/newsroomShopping.ts');
    return pageData(() => newsroomShopping.list(), 'La sélection shopping est indisponible.');
  },
  component: ShoppingRoute,
});

function ShoppingRoute() {
  return <ShoppingListPage loaded={Route.useLoaderData()} />;
}
