import { createFileRoute } from '@tanstack/react-router';
import { appConfig } from '../../app.config.ts';
import { required } from '../api/queries/answer.ts';
import { sendOperation } from '../api/queries/operationCall.ts';
import type { LiveBlogResponse } from '../api/types.ts';
import { LiveBlogView } from '../features/liveblog/LiveBlogView.tsx';
import { type ChunkHeadContext, type ChunkHeadResult, chunkHead, withChunkHead } from '../lib/seo/chunkHead.ts';
import { siteUrlOf } from '../lib/seo/siteUrlOf.ts';
import { absoluteUrl, breadcrumbJsonLd, seoHead } from '../lib/seo/seo.ts';

/** schema.org's LiveBlogPosting: the coverage's start (and end once over), each entry a liveBlogUpdate. */
export function liveBlogJsonLd({ liveBlog, entries }: LiveBlogResponse, siteUrl: string): Record<string, unknown> {
  const url = absoluteUrl(siteUrl, `/direct/${liveBlog.url}`);
  const newest = entries[0]?.correctedAt ?? entries[0]?.publishedAt;
  return {
    '@context': 'https://schema.org',
    '@type': 'LiveBlogPosting',
    '@id': url,
    url,
    headline: liveBlog.title,
    description: liveBlog.intro,
    image: [absoluteUrl(siteUrl, liveBlog.mainImage.url)],
    inLanguage: appConfig.site.language,
    articleSection: liveBlog.category.name,
    ...(liveBlog.coverageStartAt ? { coverageStartTime: liveBlog.coverageStartAt, datePublished: liveBlog.coverageStartAt } : {}),
    ...(liveBlog.coverageEndAt ? { coverageEndTime: liveBlog.coverageEndAt } : {}),
    ...(newest ? { dateModified: newest } : {}),
    publisher: { '@type': 'Organization', name: appConfig.site.name },
    liveBlogUpdate: entries.map((e) => ({
      '@type': 'BlogPosting',
      url: `${url}#entree-${e.id}`,
      headline: (e.body[0]?.text ?? e.quotation?.text ?? e.article?.title ?? liveBlog.title).slice(0, 110),
      articleBody: e.body.map((b) => b.text).join('\n'),
      datePublished: e.publishedAt,
      ...(e.correctedAt ? { dateModified: e.correctedAt } : {}),
    })),
  };
}

/** '/direct/{slug}': a live blog, server-rendered with its entries, then kept up to date while live. */
export const Route = createFileRoute('/direct/$slug')({
  loader: async ({ params }) => required(await sendOperation('getLiveBlog', { url: params.slug })),
  // Built by the route's split chunk (issue 38, src/lib/seo/chunkHead.ts).
  head: chunkHead('/direct/$slug'),
  component: withChunkHead('/direct/$slug', liveBlogHead, LiveBlogPage),
});

function LiveBlogPage() {
  const data = Route.useLoaderData();
  // What changed since the cursor; null when the network fails: the page keeps what it shows.
  const poll = (since: number) =>
    sendOperation('getLiveBlog', { url: data.liveBlog.url }, { query: { since } }).then(
      (a) => a.data ?? null,
      () => null,
    );
  return <LiveBlogView key={data.liveBlog.id} initial={data} poll={poll} />;
}

function liveBlogHead({ loaderData, matches }: ChunkHeadContext<LiveBlogResponse>): ChunkHeadResult {
  if (!loaderData) return {};
  const siteUrl = siteUrlOf(matches);
  const { liveBlog } = loaderData;
  const path = `/direct/${liveBlog.url}`;
  return seoHead({
    title: `${liveBlog.state === 'live' ? 'En direct – ' : ''}${liveBlog.title}`,
    description: liveBlog.intro,
    path,
    siteUrl,
    type: 'article',
    image: liveBlog.mainImage,
    jsonLd: [
      liveBlogJsonLd(loaderData, siteUrl),
      breadcrumbJsonLd(siteUrl, [
        { name: appConfig.site.name, path: '/' },
        { name: liveBlog.category.name, path: `/${liveBlog.category.slug}` },
        { name: liveBlog.title, path },
      ]),
    ],
  });
}
