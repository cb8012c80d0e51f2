import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { appConfig } from '../../../app.config.ts';
import { fetchCategoryArticles, loadCategoryArticles } from '../../api/queries/articles.ts';
import { withQuotations } from '../../api/queries/site.ts';
import type { ArticleCard, Category } from '../../api/types.ts';
import { ArticleCardGrid } from '../../components/ArticleCardGrid.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { siteUrlOf } from '../../lib/seo/siteUrlOf.ts';
import { breadcrumbJsonLd, seoHead } from '../../lib/seo/seo.ts';
import { LiveNowList } from '../../features/liveblog/LiveNowList.tsx';

export const Route = createFileRoute('/$slug/')({
  staticData: { chrome: 'category' },
  loader: ({ params }) => withQuotations(loadCategoryArticles(params.slug)),
  head: ({ loaderData, matches }) => {
    if (!loaderData) return {};
    const { category } = loaderData;
    const siteUrl = siteUrlOf(matches);
    return seoHead({
      title: category.name,
      description: category.description,
      path: `/${category.slug}`,
      siteUrl,
      feed: { title: `${appConfig.site.name} : ${category.name}`, path: `/${category.slug}/rss.xml` },
      jsonLd: [
        breadcrumbJsonLd(siteUrl, [
          { name: appConfig.site.name, path: '/' },
          { name: category.name, path: `/${category.slug}` },
        ]),
      ],
    });
  },
  component: CategoryPage,
});

function CategoryPage() {
  const { category, results, live } = Route.useLoaderData();
  return (
    <div className="category-page">
      <PageHeading kicker="Rubrique" title={category.name} description={category.description} accent={category.color} />
      <div className="mx-auto max-w-7xl px-4 md:px-6">
        <LiveNowList liveBlogs={live} />
      </div>
      {/* Keyed by category: moving to another category starts a fresh list. */}
      <CategoryArticles key={category.slug} category={category} initial={results} />
    </div>
  );
}

function CategoryArticles({ category, initial }: { category: Category; initial: ArticleCard[] }) {
  const fetchBatch = useCallback((offset: number) => fetchCategoryArticles(category.slug, offset), [category.slug]);
  return (
    <ArticleCardGrid
      initial={initial}
      fetchBatch={fetchBatch}
      label={`Articles ${category.name}`}
      emptyText="Pas encore d'article dans cette rubrique."
    />
  );
}
