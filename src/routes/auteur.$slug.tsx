import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { appConfig } from '../../app.config.ts';
import { fetchAuthorArticles, loadAuthorArticles } from '../api/queries/authors.ts';
import { withQuotations } from '../api/queries/site.ts';
import type { ArticleCard, AuthorProfile } from '../api/types.ts';
import { AuthorHeading } from '../components/AuthorHeading.tsx';
import { PagedArticleList } from '../components/PagedArticleList.tsx';
import { type ChunkHeadContext, type ChunkHeadResult, chunkHead, withChunkHead } from '../lib/seo/chunkHead.ts';
import { authorPagePath, breadcrumbJsonLd, personJsonLd, seoHead } from '../lib/seo/seo.ts';
import { siteUrlOf } from '../lib/seo/siteUrlOf.ts';

/** The description of an author's page: their bio's start, or a sentence naming them. */
function pageDescription(author: AuthorProfile): string {
  const bio = author.bio.replace(/\s+/g, ' ').trim();
  if (bio === '') return `Tous les articles de ${author.name} dans ${appConfig.site.name}.`;
  return bio.length > 160 ? `${bio.slice(0, 157).replace(/\s+\S*$/, '')}…` : bio;
}

export const Route = createFileRoute('/auteur/$slug')({
  staticData: { chrome: 'category' },
  loader: ({ params }) => withQuotations(loadAuthorArticles(params.slug)),
  // Built by the route's split chunk (issue 38, src/lib/seo/chunkHead.ts).
  head: chunkHead('/auteur/$slug'),
  component: withChunkHead('/auteur/$slug', authorHead, AuthorPage),
});

function AuthorPage() {
  const { author, results, next } = Route.useLoaderData();
  return (
    <div className="author-page">
      <AuthorHeading author={author} />
      {/* Keyed by author: moving to another author starts a fresh list. */}
      <AuthorArticles key={author.slug} author={author} initial={results} initialNext={next} />
    </div>
  );
}

function AuthorArticles({ author, initial, initialNext }: { author: AuthorProfile; initial: ArticleCard[]; initialNext?: string }) {
  const fetchBatch = useCallback((offset: number, after?: string) => fetchAuthorArticles(author.slug, offset, after), [author.slug]);
  return (
    <PagedArticleList
      initial={initial}
      initialNext={initialNext}
      fetchBatch={fetchBatch}
      label={`Articles de ${author.name}`}
      emptyText={`Pas encore d’article signé ${author.name}.`}
    />
  );
}

function authorHead({ loaderData, matches }: ChunkHeadContext<Awaited<ReturnType<typeof loadAuthorArticles>>>): ChunkHeadResult {
  if (!loaderData) return {};
  const { author } = loaderData;
  const siteUrl = siteUrlOf(matches);
  const path = authorPagePath(author.slug);
  return seoHead({
    title: author.name,
    description: pageDescription(author),
    path,
    siteUrl,
    ...(author.photo ? { image: author.photo } : {}),
    jsonLd: [
      personJsonLd({ siteUrl, name: author.name, slug: author.slug, description: author.bio, image: author.photo }),
      breadcrumbJsonLd(siteUrl, [
        { name: appConfig.site.name, path: '/' },
        { name: author.name, path },
      ]),
    ],
  });
}
