/**
 * The content service: the readers' GET operations of the contract, keyed by operationId. Handlers parse
 * input with the generated zod schemas, call src/server/<domain>, and answer the contract's shape
 * (`reply`, checked against the contract's types).
 */
import type { z } from 'zod';
import { appConfig } from '../../../app.config.ts';
import * as contract from '../../api/generated/zod.ts';
import type { Database } from '../../db/client.ts';
import type { ArticlePage } from '../../api/types.ts';
import {
  getArticle,
  listArticlePage,
  listAuthorArticles,
  listBestof,
  listTagArticles,
  type PageRequest,
} from '../articles/articles.server.ts';
import { cursorWithOffsetMessage, listCursorMessage, parseListCursor } from '../articles/listCursor.ts';
import { findAuthor } from '../content/authors.server.ts';
import { findMovedSlug } from '../newsroom/articles/articleReaderCopy.ts';
import { findCategory, listCategories, toCategory } from '../content/categories.server.ts';
import { processContentDataCache } from '../content/contentDataCache.ts';
import { getFormatContest, listFormatContests } from '../content/formatContests.server.ts';
import { listInstagramPosts } from '../content/instagram.server.ts';
import { getMosaic, listMosaics } from '../content/mosaics.server.ts';
import { findPopinForPath } from '../content/popins.server.ts';
import { listQuotations } from '../content/quotations.server.ts';
import { findQuizResultBySlug, getQuiz, getQuizResult, listQuizzes } from '../content/quizzes.server.ts';
import { getReparteeGenerator, listReparteeGenerators } from '../content/reparteeGenerators.server.ts';
import { listShoppingItems } from '../content/shopping.server.ts';
import { findPublicTag, toTag } from '../content/tags.server.ts';
import { findSourcePage } from '../content/sourcePages.server.ts';
import { searchArticles } from '../search/searchArticles.server.ts';
import { normaliseQuery } from '../search/searchQuery.ts';
import type { ApiContext, ApiHandler, ApiHandlerTable, OperationId } from './apiTypes.ts';
import { parseParams, queryRecord } from './parseParams.ts';
import { errorJson, noContent, notFound } from './responses.ts';
import { findSentIssue, listSentIssues } from '../newsletter/issues/issueQueries.ts';
import { liveBlogReaderHandlers } from '../liveblog/liveBlogFormat.ts';

/**
 * The lists many pages show (the home's latest, best-of and Instagram blocks; a category's first page,
 * which is also every article's related cards), kept in process between content changes. Keys are a
 * fixed set: the first page only, a category only once found.
 */
function remembered<T>(db: Database, key: string, load: () => Promise<T>): Promise<T> {
  return processContentDataCache().remember(db, key, load);
}

const firstPage = (db: Database, categoryId?: number): Promise<ArticlePage> =>
  remembered(db, `first-page:${categoryId ?? 'all'}`, () =>
    listArticlePage(db, { limit: appConfig.pagination.defaultLimit, offset: 0, categoryId }),
  );

async function getMovedArticle(db: Database, oldSlug: string) {
  const slug = await findMovedSlug(db, oldSlug);
  return slug ? getArticle(db, slug) : null;
}

const PAGE_KEYS = ['limit', 'offset'] as const;

/** Runs `handle` with parsed path params and query, or answers the 400 of the first bad one. */
function withInput<O extends OperationId, P, Q>(
  pathSchema: z.ZodType<P> | null,
  querySchema: z.ZodType<Q> | null,
  integerKeys: readonly string[],
  handle: (ctx: ApiContext<O>, path: P, query: Q) => Promise<Response>,
): ApiHandler<O> {
  return async (ctx) => {
    const path = pathSchema
      ? parseParams(pathSchema, ctx.params as Record<string, string>, integerKeys)
      : { ok: true as const, value: {} as P };
    if (!path.ok) return path.response;
    const query = querySchema ? parseParams(querySchema, queryRecord(ctx.url), integerKeys) : { ok: true as const, value: {} as Q };
    if (!query.ok) return query.response;
    return handle(ctx, path.value, query.value);
  };
}

function page(query: { limit?: number; offset?: number }) {
  return {
    limit: query.limit ?? appConfig.pagination.defaultLimit,
    offset: query.offset ?? 0,
  };
}

/**
 * The article lists' pages: `offset` (old clients) or the keyset cursor `after` (issue 38). The cursor is
 * checked here, before the contract's schema, so that a bad one gets a sentence about cursors, and never
 * reaches the database (a date PostgreSQL would refuse, an id past an integer).
 */
function withArticlePage<O extends OperationId, P, Q extends { limit?: number; offset?: number }>(
  pathSchema: z.ZodType<P> | null,
  querySchema: z.ZodType<Q>,
  handle: (ctx: ApiContext<O>, path: P, query: Q, page: PageRequest) => Promise<Response>,
): ApiHandler<O> {
  const withOffset = withInput<O, P, Q>(pathSchema, querySchema, PAGE_KEYS, (ctx, p, q) => handle(ctx, p, q, page(q)));
  return async (ctx) => {
    const raw = ctx.url.searchParams.getAll('after');
    if (raw.length === 0) return withOffset(ctx);
    const cursor = raw.length === 1 ? parseListCursor(raw[0] ?? '') : null;
    if (!cursor) return errorJson(400, listCursorMessage, { after: listCursorMessage });
    if (ctx.url.searchParams.has('offset')) return errorJson(400, cursorWithOffsetMessage, { offset: cursorWithOffsetMessage });
    return withInput<O, P, Q>(pathSchema, querySchema, PAGE_KEYS, (c, p, q) => handle(c, p, q, { ...page(q), after: cursor }))(ctx);
  };
}

const messages = {
  article: 'Cet article est introuvable.',
  category: 'Cette catégorie est introuvable.',
  contest: 'Non trouvé',
  mosaic: 'Cette mosaïque est introuvable.',
  quiz: 'Ce quiz est introuvable.',
  quizResult: 'Ce résultat de quiz est introuvable.',
  repartee: 'Ce générateur de répartie est introuvable.',
  tag: 'Ce tag est introuvable.',
  page: 'Cette page est introuvable.',
  author: 'Cette signature est introuvable.',
  newsletterIssue: "Ce numéro de la newsletter est introuvable (ou n'est pas encore parti).",
} as const;

export const contentHandlers = {
  ...liveBlogReaderHandlers,
  getPopin: withInput(null, contract.GetPopinQueryParams, [], async ({ db, reply }, _p, q) => {
    const popin = await findPopinForPath(db, q.url);
    return popin ? reply(200, popin) : noContent();
  }),
  listArticles: withArticlePage(null, contract.ListArticlesQueryParams, async ({ db, reply }, _p, q, request) => {
    let categoryId: number | undefined;
    if (q.category !== undefined) {
      const category = await findCategory(db, q.category);
      if (!category) return notFound(messages.category);
      categoryId = category.id;
    }
    return reply(200, await listArticlePage(db, { ...request, categoryId }));
  }),
  getArticle: withInput(contract.GetArticleParams, null, [], async ({ db, reply }, p) => {
    // A published article whose slug changed answers at its old address too: the page sees
    // result.url differ from the address and answers 301 to the new one.
    const result = (await getArticle(db, p.url)) ?? (await getMovedArticle(db, p.url));
    return result ? reply(200, { result, url: p.url }, { cache: 'item' }) : notFound(messages.article);
  }),
  listArticlesByCategory: withInput(contract.ListArticlesByCategoryParams, null, [], async ({ db, reply }, p) => {
    const category = await findCategory(db, p.category);
    if (!category) return notFound(messages.category);
    return reply(200, { category: toCategory(category), ...(await firstPage(db, category.id)) });
  }),
  getTag: withArticlePage(contract.GetTagParams, contract.GetTagQueryParams, async ({ db, reply }, p, _q, request) => {
    // An internal tag is not found, exactly like an unknown one: readers never learn it exists.
    const tag = await findPublicTag(db, p.slug);
    if (!tag) return notFound(messages.tag);
    return reply(200, { tag: toTag(tag), ...(await listTagArticles(db, tag.id, request)) });
  }),
  getSourcePage: withInput(contract.GetSourcePageParams, null, [], async ({ db, reply }, p) => {
    const page = await findSourcePage(db, p.slug);
    return page ? reply(200, page, { cache: 'item' }) : notFound(messages.page);
  }),
  getAuthor: withArticlePage(contract.GetAuthorParams, contract.GetAuthorQueryParams, async ({ db, reply }, p, _q, request) => {
    const author = await findAuthor(db, p.slug);
    if (!author) return notFound(messages.author);
    return reply(200, { author: author.profile, ...(await listAuthorArticles(db, author.id, request)) });
  }),
  listLastArticles: async ({ db, reply }) => reply(200, { results: (await firstPage(db)).results }),
  listBestof: async ({ db, reply }) => reply(200, { results: await remembered(db, 'bestof', () => listBestof(db)) }),
  listNewsletterArchive: withInput(null, contract.ListNewsletterArchiveQueryParams, PAGE_KEYS, async ({ db, reply }, _p, q) =>
    reply(200, await listSentIssues(db, page(q))),
  ),
  getNewsletterArchiveIssue: withInput(contract.GetNewsletterArchiveIssueParams, null, ['id'], async ({ db, reply }, p) => {
    const issue = await findSentIssue(db, p.id);
    return issue ? reply(200, issue, { cache: 'item' }) : notFound(messages.newsletterIssue);
  }),
  listCategories: async ({ db, reply }) => reply(200, { results: await listCategories(db) }),
  listFormatContests: withInput(null, contract.ListFormatContestsQueryParams, PAGE_KEYS, async ({ db, reply }, _p, q) =>
    reply(200, { results: await listFormatContests(db, page(q)) }),
  ),
  getFormatContest: withInput(contract.GetFormatContestParams, null, [], async ({ db, reply }, p) => {
    const contest = await getFormatContest(db, p.url);
    return contest ? reply(200, contest, { cache: 'item' }) : notFound(messages.contest);
  }),
  listInstagramOriginalPosts: withInput(contract.ListInstagramOriginalPostsParams, null, ['count'], async ({ db, reply }, p) => {
    const load = () => listInstagramPosts(db, { limit: p.count, offset: 0 });
    // The home's count is kept; any other count a client asks for is read each time.
    const results = p.count === appConfig.instagram.homeCount ? await remembered(db, 'instagram:home', load) : await load();
    return reply(200, { results });
  }),
  listInstagramPosts: withInput(contract.ListInstagramPostsParams, null, ['offset'], async ({ db, reply }, p) =>
    reply(200, await listInstagramPosts(db, { limit: appConfig.instagram.batchSize, offset: p.offset })),
  ),
  listMosaics: withInput(null, contract.ListMosaicsQueryParams, PAGE_KEYS, async ({ db, reply }, _p, q) =>
    reply(200, { results: await listMosaics(db, page(q)) }),
  ),
  getMosaic: withInput(contract.GetMosaicParams, null, [], async ({ db, reply }, p) => {
    const result = await getMosaic(db, p.url);
    return result ? reply(200, { result, url: p.url }, { cache: 'item' }) : notFound(messages.mosaic);
  }),
  listQuizzes: withInput(null, contract.ListQuizzesQueryParams, PAGE_KEYS, async ({ db, reply }, _p, q) =>
    reply(200, { results: await listQuizzes(db, page(q)) }),
  ),
  getQuiz: withInput(contract.GetQuizParams, null, [], async ({ db, reply }, p) => {
    const quiz = await getQuiz(db, p.url);
    return quiz ? reply(200, quiz, { cache: 'item' }) : notFound(messages.quiz);
  }),
  getQuizResult: withInput(contract.GetQuizResultParams, null, [], async ({ db, reply }, p) => {
    const result = await getQuizResult(db, p.quizUrl, p.resultUrl);
    return result ? reply(200, { result }, { cache: 'item' }) : notFound(messages.quizResult);
  }),
  getQuizResultBySlug: withInput(contract.GetQuizResultBySlugParams, null, [], async ({ db, reply }, p) => {
    const result = await findQuizResultBySlug(db, p.resultUrl);
    return result ? reply(200, { result }, { cache: 'item' }) : notFound(messages.quizResult);
  }),
  listReparteeGenerators: withInput(null, contract.ListReparteeGeneratorsQueryParams, ['offset'], async ({ db, reply }, _p, q) =>
    reply(200, { results: await listReparteeGenerators(db, { limit: appConfig.pagination.defaultLimit, offset: q.offset ?? 0 }) }),
  ),
  getReparteeGenerator: withInput(contract.GetReparteeGeneratorParams, null, [], async ({ db, reply }, p) => {
    const generator = await getReparteeGenerator(db, p.url);
    return generator ? reply(200, generator, { cache: 'item' }) : notFound(messages.repartee);
  }),
  searchArticles: async ({ db, url, reply }) => {
    // Trimmed before validation: '  ab ' is two characters, not five.
    const raw = queryRecord(url);
    const q = typeof raw.q === 'string' ? normaliseQuery(raw.q) : raw.q;
    const parsed = parseParams(contract.SearchArticlesQueryParams, { ...raw, q }, ['l']);
    if (!parsed.ok) return parsed.response;
    const limit = parsed.value.l ?? appConfig.search.defaultLimit;
    return reply(200, { results: await searchArticles(db, parsed.value.q, limit) });
  },
  listShoppingItems: async ({ db, reply }) => reply(200, { results: await listShoppingItems(db) }),
  listQuotations: async ({ db, reply }) => reply(200, { results: await listQuotations(db) }),
} satisfies ApiHandlerTable;

/**
 * Server rendering calls these directly (values, no JSON: apiRouter's `direct`): public reads that answer
 * through `reply` and read nothing of the request but its address.
 */
export const directContentOperations: ReadonlySet<OperationId> = new Set(Object.keys(contentHandlers) as OperationId[]);
