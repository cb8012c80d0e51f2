import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { appConfig } from '../../app.config.ts';
import { withQuotations } from '../api/queries/site.ts';
import { fetchTagArticles, loadTagArticles } from '../api/queries/tags.ts';
import type { ArticleCard, Tag } from '../api/types.ts';
import { PageHeading } from '../components/PageHeading.tsx';
import { PagedArticleList } from '../components/PagedArticleList.tsx';
import { type ChunkHeadContext, type ChunkHeadResult, chunkHead, withChunkHead } from '../lib/seo/chunkHead.ts';
import { breadcrumbJsonLd, seoHead } from '../lib/seo/seo.ts';
import { siteUrlOf } from '../lib/seo/siteUrlOf.ts';

export const Route = createFileRoute('/tag/$slug')({
  staticData: { chrome: 'category' },
  loader: ({ params }) => withQuotations(loadTagArticles(params.slug)),
  // Built by the route's split chunk (issue 38, src/lib/seo/chunkHead.ts).
  head: chunkHead('/tag/$slug'),
  component: withChunkHead('/tag/$slug', tagHead, TagPage),
});

function TagPage() {
  const { tag, results, next } = Route.useLoaderData();
  return (
    <div className="tag-page">
      <PageHeading kicker="Tag" title={tag.name} />
      {/* Keyed by tag: moving to another tag starts a fresh list. */}
      <TagArticles key={tag.slug} tag={tag} initial={results} initialNext={next} />
    </div>
  );
}

function TagArticles({ tag, initial, initialNext }: { tag: Tag; initial: ArticleCard[]; initialNext?: string }) {
  const fetchBatch = useCallback((offset: number, after?: string) => fetchTagArticles(tag.slug, offset, after), [tag.slug]);
  return (
    <PagedArticleList
      initial={initial}
      initialNext={initialNext}
      fetchBatch={fetchBatch}
      label={`Articles du tag ${tag.name}`}
      emptyText="Pas encore d'article avec ce tag."
    />
  );
}

function tagHead({ loaderData, matches }: ChunkHeadContext<Awaited<ReturnType<typeof loadTagArticles>>>): ChunkHeadResult {
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
}
