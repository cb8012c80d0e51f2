import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { appConfig } from '../../app.config.ts';
import { withQuotations } from '../api/queries/site.ts';
import { fetchTagArticles, loadTagArticles } from '../api/queries/tags.ts';
import type { ArticleCard, Tag } from '../api/types.ts';
import { ArticleCardView } from '../components/ArticleCardView.tsx';
import { LoadMoreButton } from '../components/LoadMoreButton.tsx';
import { PageHeading } from '../components/PageHeading.tsx';
import { useLoadMore } from '../components/useLoadMore.ts';
import { breadcrumbJsonLd, seoHead } from '../lib/seo/seo.ts';
import { siteUrlOf } from '../lib/seo/siteUrlOf.ts';

export const Route = createFileRoute('/tag/$slug')({
  staticData: { chrome: 'category' },
  loader: ({ params }) => withQuotations(loadTagArticles(params.slug)),
  head: ({ loaderData, matches }) => {
    if (!loaderData) return {};
    const { tag } = loaderData;
    const siteUrl = siteUrlOf(matches);
    return seoHead({
      title: `Tag : ${tag.name}`,
      description: `Tous les articles de ${appConfig.site.name} sur le thème « ${tag.name} ».`,
      path: `/tag/${tag.slug}`,
      siteUrl,
      jsonLd: [
        breadcrumbJsonLd(siteUrl, [
          { name: appConfig.site.name, path: '/' },
          { name: tag.name, path: `/tag/${tag.slug}` },
        ]),
      ],
    });
  },
  component: TagPage,
});

function TagPage() {
  const { tag, results } = Route.useLoaderData();
  return (
    <div className="tag-page">
      <PageHeading kicker="Tag" title={tag.name} />
      {/* Keyed by tag: moving to another tag starts a fresh list. */}
      <TagArticles key={tag.slug} tag={tag} initial={results} />
    </div>
  );
}

function TagArticles({ tag, initial }: { tag: Tag; initial: ArticleCard[] }) {
  const pageSize = appConfig.pagination.defaultLimit;
  const fetchBatch = useCallback((offset: number) => fetchTagArticles(tag.slug, offset), [tag.slug]);
  const { items, status, error, exhausted, lastBatch, loadMore } = useLoadMore(initial, fetchBatch, pageSize);
  return (
    <section aria-label={`Articles du tag ${tag.name}`} className="mx-auto max-w-7xl px-4 pb-8 md:px-6">
      <ul className="article-list grid gap-x-6 gap-y-12 md:grid-cols-2 lg:grid-cols-3" data-testid="article-list">
        {items.map((article, index) => (
          <li key={article.id}>
            <ArticleCardView article={article} eager={index < 3} priority={index === 0} />
          </li>
        ))}
      </ul>
      {items.length === 0 ? <p className="py-10 text-center text-lg">Pas encore d'article avec ce tag.</p> : null}
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
