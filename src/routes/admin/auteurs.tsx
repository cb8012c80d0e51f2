import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { plainHead } from '../../lib/seo/seo.ts';

const AuthorsPage = lazy(() => import('../../features/newsroom/AuthorsPage.tsx').then((m) => ({ default: m.AuthorsPage })));

export const Route = createFileRoute('/admin/auteurs')({
  ssr: false,
  // `?auteur=<id>`: the media library's usages link to an author's form, opened.
  validateSearch: (search: Record<string, unknown>): { auteur?: number } => {
    const id = Number(search.auteur);
    return Number.isSafeInteger(id) && id > 0 ? { auteur: id } : {};
  },
  head: () => plainHead('Auteurs — Rédaction'),
  // The page's first data, loaded with the route (its calls are a chunk of their own).
  loader: async () => {
    const { newsroom, pageData } = await import('../../api/queries/newsroom.ts');
    return pageData(() => newsroom.authors(), 'Signatures indisponibles.');
  },
  component: AuthorsRoute,
});

function AuthorsRoute() {
  return <AuthorsPage loaded={Route.useLoaderData()} opened={Route.useSearch().auteur ?? null} />;
}
