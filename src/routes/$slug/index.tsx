import { createFileRoute } from '@tanstack/react-router';
import { Suspense, useCallback } from 'react';
import { appConfig } from '../../../app.config.ts';
import { fetchCategoryArticles, loadCategoryOrSourcePage } from '../../api/queries/articles.ts';
import { withQuotations } from '../../api/queries/site.ts';
import type { ArticleCard, Category } from '../../api/types.ts';
import { ArticleCardView } from '../../components/ArticleCardView.tsx';
import { LoadMoreButton } from '../../components/LoadMoreButton.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { siteUrlOf } from '../../lib/seo/siteUrlOf.ts';
import { useLoadMore } from '../../components/useLoadMore.ts';
import { breadcrumbJsonLd, seoHead } from '../../lib/seo/seo.ts';
import { LiveNowList } from '../../features/liveblog/LiveNowList.tsx';
import { sourcePageView } from '../../components/sourcePageViewChunk.ts';
import { sourcePageHead } from '../../lib/seo/sourcePageHead.ts';

export const Route = createFileRoute('/$slug/')({
  staticData: { chrome: 'category' },
  // A category, else a page of the live source at the same address (decision 036).
  loader: async ({ params }) => {
    const found = await withQuotations(loadCategoryOrSourcePage(params.slug));
    // A page's view is a chunk of its own, rendered with the page (the server's one pass included).
    if (found.kind === 'page') await sourcePageView.load();
    return found;
  },
  head: ({ loaderData, matches }) => {
    if (!loaderData) return {};
    const siteUrl = siteUrlOf(matches);
    if (loaderData.kind === 'page') return sourcePageHead(loaderData.page, siteUrl);
    const { category } = loaderData;
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
  const data = Route.useLoaderData();
  if (data.kind === 'page') {
    return (
      <Suspense fallback={null}>
        <sourcePageView.Component page={data.page} />
      </Suspense>
    );
  }
  const { category, results, next, live } = data;
  return (
    <div className="category-page">
      <PageHeading kicker="Rubrique" title={category.name} description={category.description} accent={category.color} />
      <div className="mx-auto max-w-7xl px-4 md:px-6">
        <LiveNowList liveBlogs={live} />
      </div>
      {/* Keyed by category: moving to another category starts a fresh list. */}
      <CategoryArticles key={category.slug} category={category} initial={results} initialNext={next} />
    </div>
  );
}

function CategoryArticles({ category, initial, initialNext }: { category: Category; initial: ArticleCard[]; initialNext?: string }) {
  const pageSize = appConfig.pagination.defaultLimit;
  const fetchBatch = useCallback((offset: number, after?: string) => fetchCategoryArticles(category.slug, offset, after), [category.slug]);
  const { items, status, error, exhausted, lastBatch, loadMore } = useLoadMore(initial, fetchBatch, pageSize, initialNext);
  return (
    <section aria-label={`Articles ${category.name}`} className="mx-auto max-w-7xl px-4 pb-8 md:px-6">
      <ul className="article-list grid gap-x-6 gap-y-12 md:grid-cols-2 lg:grid-cols-3" data-testid="article-list">
        {items.map((article, index) => (
          <li key={article.id}>
            <ArticleCardView article={article} eager={index < 3} priority={index === 0} />
          </li>
        ))}
      </ul>
      {items.length === 0 ? <p className="py-10 text-center text-lg">Pas encore d'article dans cette rubrique.</p> : null}
      {exhausted ? null : (
        <LoadMoreButton
          status={status}
          error={error}
          onClick={loadMore}
          label="Plus d'articles"
          announcement={lastBatch > 0 ? `${lastBatch} articles de plus, ${items.length} au total.` : ''}
        />
      )}
    </section>
  );
}
