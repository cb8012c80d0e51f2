/** Articles through the contract: the article page (with its address rule), lists and batches. */
import { redirect } from '@tanstack/react-router';
import { appConfig } from '../../../app.config.ts';
import { api } from '../client.ts';
import { markupOnly } from '../../lib/markupOnly.ts';
import { optional, required } from './answer.ts';

const pageSize = appConfig.pagination.defaultLimit;

/** The article and related articles of its category (site and web-view variants). */
export async function loadArticle(url: string, slug: string | undefined, canonicalPrefix = '') {
  const client = await api();
  const [articleAnswer, relatedAnswer] = await Promise.all([
    client.GET('/api/article/{url}', { params: { path: { url } } }),
    slug ? client.GET('/api/articleByCategory/{category}', { params: { path: { category: slug } } }) : null,
  ]);
  const article = required(articleAnswer).result;
  // An article reached through another category's path, or through its old slug (renamed in the
  // newsroom), moves to its own address.
  if ((slug !== undefined && slug !== article.categorySlug) || article.url !== url) {
    throw redirect({ href: `${canonicalPrefix}${article.fullUrl}`, statusCode: 301 });
  }
  const sameCategory = relatedAnswer
    ? optional(relatedAnswer, { category: article.category, results: [] }).results
    : optional(await client.GET('/api/articleByCategory/{category}', { params: { path: { category: article.categorySlug } } }), {
        category: article.category,
        results: [],
      }).results;
  const related = sameCategory.filter((card) => card.id !== article.id).slice(0, appConfig.article.relatedCount);
  return { article, related };
}

/** An unpublished article from a signed preview link (newsroom); an invalid or expired link is a 404. */
export async function loadArticlePreview(token: string) {
  const answer = await (await api()).GET('/api/preview/{token}', { params: { path: { token } } });
  return { article: required(answer).result };
}

/** A draft of the live source (Ghost, WordPress) from a signed preview link; invalid, expired or published: a 404. */
export async function loadSourceDraftPreview(token: string) {
  const answer = await (await api()).GET('/api/preview/source/{token}', { params: { path: { token } } });
  return { article: required(answer).result };
}

/**
 * `/{slug}`: a category (with its first articles), else a page of the live source (decision 036: the front's own
 * pages are routes of their own and win before this; a category wins over a page of the same slug). The page is
 * asked for only when no category answers; neither: a 404.
 */
export async function loadCategoryOrSourcePage(slug: string) {
  const client = await api();
  const [articles, live] = await Promise.all([
    client.GET('/api/articleByCategory/{category}', { params: { path: { category: slug } } }),
    client.GET('/api/directs', { params: { query: { category: slug } } }),
  ]);
  if (articles.response.status === 404) {
    const page = required(await client.GET('/api/pages/{slug}', { params: { path: { slug } } }));
    // Sent once: in the HTML, not again in the hydration data (issue 22).
    return { kind: 'page' as const, page: { ...page, body: markupOnly(page.body) } };
  }
  return { kind: 'category' as const, ...required(articles), live: optional(live, { results: [] }).results };
}

/** The next batch of a category's articles ('more'): after the previous batch's cursor, else by offset. */
export async function fetchCategoryArticles(category: string, offset: number, after?: string) {
  const query = after ? { category, limit: pageSize, after } : { category, limit: pageSize, offset };
  const { data, error } = await (await api()).GET('/api/articles', { params: { query } });
  if (error || !data) throw new Error('Les articles suivants sont indisponibles.');
  return { results: data.results, next: data.next };
}

/** The home page: latest articles (required), best-of and Instagram (secondary blocks). */
export async function loadHome() {
  const client = await api();
  const [latest, bestof, instagram, live] = await Promise.all([
    client.GET('/api/articleLast'),
    client.GET('/api/bestof'),
    client.GET('/api/instagramoriginalposts/{count}', {
      params: { path: { count: appConfig.instagram.homeCount } },
    }),
    client.GET('/api/directs'),
  ]);
  return {
    /** « Direct »: the live blogs being covered, first on the page with their badge. */
    live: optional(live, { results: [] }).results,
    latest: required(latest).results.slice(0, appConfig.home.latestCount),
    bestof: optional(bestof, { results: [] }).results.slice(0, appConfig.home.bestofCount),
    instagram: optional(instagram, { results: [] }).results,
  };
}

/** Search results for a query of at least the minimum length (the search feature's actor). */
export async function searchArticles(query: string, signal?: AbortSignal) {
  const { data, error } = await (await api()).GET('/api/search', {
    params: { query: { q: query, l: appConfig.search.defaultLimit } },
    signal,
  });
  if (error || !data) throw new Error(error?.message ?? 'La recherche a échoué.');
  return data.results;
}
