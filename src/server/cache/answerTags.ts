/**
 * The tags of each public read of the contract, from its answer (decision 032). A page that reads an
 * operation missing here carries `misc`, so it is purged by every change: a new read is never left stale,
 * only purged more often than it could be until it gets its line.
 */
import type { OperationId } from '../../api/generated/operations.ts';
import { cacheTag } from './cacheTags.ts';

type Body = Record<string, unknown> | null | undefined;
type Rule = (body: Body, url: URL) => string[];

const slugOf = (value: unknown): string | null =>
  value && typeof value === 'object' && typeof (value as { slug?: unknown }).slug === 'string' ? (value as { slug: string }).slug : null;

function articleTags(article: Body): string[] {
  if (!article) return [];
  const tags: string[] = [];
  if (typeof article.id === 'number') tags.push(cacheTag.article(article.id));
  const category = slugOf(article.category) ?? (typeof article.categorySlug === 'string' ? article.categorySlug : null);
  if (category) tags.push(cacheTag.category(category));
  for (const author of Array.isArray(article.authors) ? article.authors : [article.author]) {
    const slug = slugOf(author);
    if (slug) tags.push(cacheTag.author(slug));
  }
  for (const tag of Array.isArray(article.tags) ? article.tags : []) {
    const slug = slugOf(tag);
    if (slug) tags.push(cacheTag.tag(slug));
  }
  return tags;
}

const format =
  (name: string): Rule =>
  () => [cacheTag.format(name)];

const rules: Partial<Record<OperationId, Rule>> = {
  getArticle: (body) => articleTags(body?.result as Body),
  listArticles: (_body, url) => {
    const category = url.searchParams.get('category');
    return category ? [cacheTag.category(category)] : [cacheTag.articles];
  },
  listArticlesByCategory: (body, url) => {
    const slug = slugOf(body?.category) ?? decodeURIComponent(url.pathname.split('/').pop() ?? '');
    return [cacheTag.category(slug)];
  },
  listLastArticles: () => [cacheTag.articles],
  searchArticles: () => [cacheTag.articles],
  listBestof: () => [cacheTag.bestof],
  getTag: (body) => {
    const slug = slugOf(body?.tag);
    return slug ? [cacheTag.tag(slug)] : [];
  },
  // An author's page: their profile and the list of their articles, purged by an article's change through the
  // article's own authors (articleCacheTags.ts) and by any edit of the author (a purge of every page).
  getAuthor: (body) => {
    const slug = slugOf(body?.author);
    return slug ? [cacheTag.author(slug)] : [];
  },
  getSourcePage: (body) => {
    const slug = typeof body?.slug === 'string' ? body.slug : null;
    return slug ? [cacheTag.page(slug)] : [];
  },
  listCategories: () => [cacheTag.categories],
  listNewsletterArchive: () => [cacheTag.newsletter],
  getNewsletterArchiveIssue: () => [cacheTag.newsletter],
  listFormatContests: format('contest'),
  getFormatContest: format('contest'),
  listLiveBlogs: format('liveBlog'),
  getLiveBlog: format('liveBlog'),
  listInstagramOriginalPosts: format('instagram'),
  listInstagramPosts: format('instagram'),
  listMosaics: format('mosaic'),
  getMosaic: format('mosaic'),
  getPopin: format('popin'),
  listQuizzes: format('quiz'),
  getQuiz: format('quiz'),
  getQuizResult: format('quiz'),
  getQuizResultBySlug: format('quiz'),
  listQuotations: format('quotation'),
  listReparteeGenerators: format('generator'),
  getReparteeGenerator: format('generator'),
  listShoppingItems: format('shopping'),
};

/** The tags of a 200 answer of `operationId` (public reads only: the newsroom's answers are never stored). */
export function answerTags(operationId: OperationId, body: unknown, url: URL): string[] {
  const rule = rules[operationId];
  if (!rule) return [cacheTag.misc];
  try {
    return rule(body && typeof body === 'object' ? (body as Record<string, unknown>) : null, url);
  } catch {
    return [];
  }
}

/** Whether the operation's answers carry tags (a public read with its line above). */
export function isTaggedOperation(operationId: OperationId | null): operationId is OperationId {
  return operationId !== null && operationId in rules;
}
