import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { plainHead } from '../../lib/seo/seo.ts';

const CategoriesPage = lazy(() => import('../../features/newsroom/CategoriesPage.tsx').then((m) => ({ default: m.CategoriesPage })));

export const Route = createFileRoute('/admin/rubriques')({
  ssr: false,
  head: () => plainHead('Rubriques — Rédaction'),
  // The page's first data, loaded with the route (its calls are a chunk of their own).
  loader: async () => {
    const { newsroom, pageData } = await import('../../api/queries/newsroom.ts');
    return pageData(() => newsroom.categories(), 'Rubriques indisponibles.');
  },
  component: CategoriesRoute,
});

function CategoriesRoute() {
  return <CategoriesPage loaded={Route.useLoaderData()} />;
}
