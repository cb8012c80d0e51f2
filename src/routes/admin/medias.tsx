import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { plainHead } from '../../lib/seo/seo.ts';

const MediaLibraryPage = lazy(() => import('../../features/newsroom/MediaLibraryPage.tsx').then((m) => ({ default: m.MediaLibraryPage })));

export const Route = createFileRoute('/admin/medias')({
  ssr: false,
  head: () => plainHead('Médiathèque — Rédaction'),
  // Where the page starts in the library (?debut=48…): in the address, so the back button works.
  validateSearch: (search: Record<string, unknown>): { debut?: number } => {
    const debut = Number(search.debut);
    return Number.isInteger(debut) && debut > 0 && debut <= 100_000 ? { debut } : {};
  },
  loaderDeps: ({ search }) => ({ offset: search.debut ?? 0 }),
  loader: async ({ deps }) => {
    const { newsroom, pageData } = await import('../../api/queries/newsroom.ts');
    const { MEDIA_PAGE } = await import('../../features/newsroom/mediaPage.ts');
    return { offset: deps.offset, ...(await pageData(() => newsroom.library(MEDIA_PAGE, deps.offset), 'Médiathèque indisponible.')) };
  },
  component: MediaRoute,
});

function MediaRoute() {
  const navigate = Route.useNavigate();
  const loaded = Route.useLoaderData();
  return <MediaLibraryPage loaded={loaded} onOffset={(offset) => navigate({ search: offset > 0 ? { debut: offset } : {} })} />;
}
