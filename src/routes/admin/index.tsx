import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { appConfig } from '../../../app.config.ts';
import type { Filters } from '../../features/newsroom/ArticleListPage.tsx';
import { plainHead } from '../../lib/seo/seo.ts';

const ArticleListPage = lazy(() => import('../../features/newsroom/ArticleListPage.tsx').then((m) => ({ default: m.ArticleListPage })));

const STATUSES = ['draft', 'scheduled', 'published', 'unpublished'] as const;
const text = (value: unknown) => (typeof value === 'string' && value.length <= 200 ? value : undefined);

/** The list's filters, in the address (?q=…&etat=…&rubrique=…&signature=…&debut=…): shareable, back button included. */
interface ListSearch {
  q?: string;
  etat?: (typeof STATUSES)[number];
  rubrique?: string;
  signature?: string;
  debut?: number;
}

export const Route = createFileRoute('/admin/')({
  ssr: false,
  head: () => plainHead('Articles — Rédaction'),
  validateSearch: (search: Record<string, unknown>): ListSearch => {
    const out: ListSearch = {};
    if (text(search.q)) out.q = text(search.q);
    if (STATUSES.includes(search.etat as ListSearch['etat'] & string)) out.etat = search.etat as ListSearch['etat'];
    if (text(search.rubrique)) out.rubrique = text(search.rubrique);
    if (text(search.signature)) out.signature = text(search.signature);
    const debut = Number(search.debut);
    if (Number.isInteger(debut) && debut > 0 && debut <= 100_000) out.debut = debut;
    return out;
  },
  loaderDeps: ({ search }) => search,
  loader: async ({ deps }) => {
    const { newsroom, pageData } = await import('../../api/queries/newsroom.ts');
    const filters = {
      q: deps.q ?? '',
      status: deps.etat ?? '',
      category: deps.rubrique ?? '',
      author: deps.signature ?? '',
      offset: deps.debut ?? 0,
    } as const;
    const [page, categories, authors, sourceSync] = await Promise.all([
      pageData(
        () =>
          newsroom.articles({
            q: deps.q,
            status: deps.etat,
            category: deps.rubrique,
            author: deps.signature,
            offset: filters.offset,
            limit: appConfig.newsroom.pageSize,
          }),
        'La liste est indisponible.',
      ),
      newsroom.categories().catch(() => []),
      newsroom.authors().catch(() => []),
      newsroom.sourceSync().catch(() => null),
    ]);
    return { filters, page, categories, authors, sourceSync };
  },
  component: ArticleListRoute,
});

function ArticleListRoute() {
  const navigate = Route.useNavigate();
  const loaded = Route.useLoaderData();
  return (
    <ArticleListPage
      loaded={loaded}
      onFilters={(f: Filters) =>
        navigate({
          search: {
            ...(f.q ? { q: f.q } : {}),
            ...(f.status ? { etat: f.status } : {}),
            ...(f.category ? { rubrique: f.category } : {}),
            ...(f.author ? { signature: f.author } : {}),
            ...(f.offset > 0 ? { debut: f.offset } : {}),
          },
        })
      }
    />
  );
}
