/**
 * The content service: every GET call of the contract, in one table. Handlers parse input with the
 * generated zod schemas, call src/server/<domain>, and answer the contract's shape.
 */
import type { z } from 'zod';
import { appConfig } from '../../../app.config.ts';
import * as contract from '../../api/generated/zod.ts';
import type { Database } from '../../db/client.ts';
import { getArticle, listArticles, listBestof } from '../articles/articles.server.ts';
import { findMovedSlug } from '../newsroom/newsroomArticles.server.ts';
import { findCategory, listCategories, toCategory } from '../content/categories.server.ts';
import { getFormatContest, listFormatContests } from '../content/formatContests.server.ts';
import { listInstagramPosts } from '../content/instagram.server.ts';
import { getMosaic, listMosaics } from '../content/mosaics.server.ts';
import { findPopinForPath } from '../content/popins.server.ts';
import { listQuotations } from '../content/quotations.server.ts';
import { findQuizResultBySlug, getQuiz, getQuizResult, listQuizzes } from '../content/quizzes.server.ts';
import { getReparteeGenerator, listReparteeGenerators } from '../content/reparteeGenerators.server.ts';
import { listShoppingItems } from '../content/shopping.server.ts';
import { searchArticles } from '../search/searchArticles.server.ts';
import { normaliseQuery } from '../search/searchQuery.ts';
import { apiContractFile, apiReferencePage } from './apiReference.ts';
import type { ApiContext, ApiHandler, ApiRoute } from './apiTypes.ts';
import { isDatabaseOutage, serviceUnavailable } from './databaseOutage.ts';
import { withEntityTag } from './httpCache.ts';
import { parseParams, queryRecord } from './parseParams.ts';
import { drainBody } from './requestBody.ts';
import { errorJson, json, noContent, notFound } from './responses.ts';
import { PathRouter } from './router.ts';

const get = (path: string, handle: ApiHandler): ApiRoute => ({ method: 'GET', path, handle });

async function getMovedArticle(db: Database, oldSlug: string) {
  const slug = await findMovedSlug(db, oldSlug);
  return slug ? getArticle(db, slug) : null;
}

const PAGE_KEYS = ['limit', 'offset'] as const;

/** Runs `handle` with parsed path params and query, or answers the 400 of the first bad one. */
function withInput<P, Q>(
  pathSchema: z.ZodType<P> | null,
  querySchema: z.ZodType<Q> | null,
  integerKeys: readonly string[],
  handle: (ctx: ApiContext, path: P, query: Q) => Promise<Response>,
): ApiHandler {
  return async (ctx) => {
    const path = pathSchema ? parseParams(pathSchema, ctx.params, integerKeys) : { ok: true as const, value: {} as P };
    if (!path.ok) return path.response;
    const query = querySchema
      ? parseParams(querySchema, queryRecord(ctx.url), integerKeys)
      : { ok: true as const, value: {} as Q };
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

const messages = {
  article: 'Cet article est introuvable.',
  category: 'Cette catégorie est introuvable.',
  contest: 'Non trouvé',
  mosaic: 'Cette mosaïque est introuvable.',
  quiz: 'Ce quiz est introuvable.',
  quizResult: 'Ce résultat de quiz est introuvable.',
  repartee: 'Ce générateur de répartie est introuvable.',
} as const;

export const contentRoutes: readonly ApiRoute[] = [
  get(
    '/api/popin',
    withInput(null, contract.GetPopinQueryParams, [], async ({ db }, _p, q) => {
      const popin = await findPopinForPath(db, q.url);
      return popin ? json(popin) : noContent();
    }),
  ),
  get(
    '/api/articles',
    withInput(null, contract.ListArticlesQueryParams, PAGE_KEYS, async ({ db }, _p, q) => {
      let categoryId: number | undefined;
      if (q.category !== undefined) {
        const category = await findCategory(db, q.category);
        if (!category) return notFound(messages.category);
        categoryId = category.id;
      }
      return json({ results: await listArticles(db, { ...page(q), categoryId }) });
    }),
  ),
  get(
    '/api/article/:url',
    withInput(contract.GetArticleParams, null, [], async ({ db }, p) => {
      // A published article whose slug changed answers at its old address too: the page sees
      // result.url differ from the address and answers 301 to the new one.
      const result = (await getArticle(db, p.url)) ?? (await getMovedArticle(db, p.url));
      return result ? json({ result, url: p.url }, { cache: 'item' }) : notFound(messages.article);
    }),
  ),
  get(
    '/api/articleByCategory/:category',
    withInput(contract.ListArticlesByCategoryParams, null, [], async ({ db }, p) => {
      const category = await findCategory(db, p.category);
      if (!category) return notFound(messages.category);
      const results = await listArticles(db, {
        limit: appConfig.pagination.defaultLimit,
        offset: 0,
        categoryId: category.id,
      });
      return json({ category: toCategory(category), results });
    }),
  ),
  get('/api/articleLast', async ({ db }) =>
    json({ results: await listArticles(db, { limit: appConfig.pagination.defaultLimit, offset: 0 }) }),
  ),
  get('/api/bestof', async ({ db }) => json({ results: await listBestof(db) })),
  get('/api/categories', async ({ db }) => json({ results: await listCategories(db) })),
  get(
    '/api/format-contests',
    withInput(null, contract.ListFormatContestsQueryParams, PAGE_KEYS, async ({ db }, _p, q) =>
      json({ results: await listFormatContests(db, page(q)) }),
    ),
  ),
  get(
    '/api/format-contests/:url',
    withInput(contract.GetFormatContestParams, null, [], async ({ db }, p) => {
      const contest = await getFormatContest(db, p.url);
      return contest ? json(contest, { cache: 'item' }) : notFound(messages.contest);
    }),
  ),
  get(
    '/api/instagramoriginalposts/:count',
    withInput(contract.ListInstagramOriginalPostsParams, null, ['count'], async ({ db }, p) =>
      json({ results: await listInstagramPosts(db, { limit: p.count, offset: 0 }) }),
    ),
  ),
  get(
    '/api/instagram/:offset',
    withInput(contract.ListInstagramPostsParams, null, ['offset'], async ({ db }, p) =>
      json(await listInstagramPosts(db, { limit: appConfig.instagram.batchSize, offset: p.offset })),
    ),
  ),
  get(
    '/api/mosaics',
    withInput(null, contract.ListMosaicsQueryParams, PAGE_KEYS, async ({ db }, _p, q) =>
      json({ results: await listMosaics(db, page(q)) }),
    ),
  ),
  get(
    '/api/mosaic/:url',
    withInput(contract.GetMosaicParams, null, [], async ({ db }, p) => {
      const result = await getMosaic(db, p.url);
      return result ? json({ result, url: p.url }, { cache: 'item' }) : notFound(messages.mosaic);
    }),
  ),
  get(
    '/api/quizz',
    withInput(null, contract.ListQuizzesQueryParams, PAGE_KEYS, async ({ db }, _p, q) =>
      json({ results: await listQuizzes(db, page(q)) }),
    ),
  ),
  get(
    '/api/quizz/:url',
    withInput(contract.GetQuizParams, null, [], async ({ db }, p) => {
      const quiz = await getQuiz(db, p.url);
      return quiz ? json(quiz, { cache: 'item' }) : notFound(messages.quiz);
    }),
  ),
  get(
    '/api/quizz/:quizUrl/:resultUrl',
    withInput(contract.GetQuizResultParams, null, [], async ({ db }, p) => {
      const result = await getQuizResult(db, p.quizUrl, p.resultUrl);
      return result ? json({ result }, { cache: 'item' }) : notFound(messages.quizResult);
    }),
  ),
  get(
    '/api/quizz-result/:resultUrl',
    withInput(contract.GetQuizResultBySlugParams, null, [], async ({ db }, p) => {
      const result = await findQuizResultBySlug(db, p.resultUrl);
      return result ? json({ result }, { cache: 'item' }) : notFound(messages.quizResult);
    }),
  ),
  get(
    '/api/repartee-generator',
    withInput(null, contract.ListReparteeGeneratorsQueryParams, ['offset'], async ({ db }, _p, q) =>
      json({
        results: await listReparteeGenerators(db, {
          limit: appConfig.pagination.defaultLimit,
          offset: q.offset ?? 0,
        }),
      }),
    ),
  ),
  get(
    '/api/repartee-generator/:url',
    withInput(contract.GetReparteeGeneratorParams, null, [], async ({ db }, p) => {
      const generator = await getReparteeGenerator(db, p.url);
      return generator ? json(generator, { cache: 'item' }) : notFound(messages.repartee);
    }),
  ),
  get('/api/search', async (ctx) => {
    // Trimmed before validation: '  ab ' is two characters, not five.
    const raw = queryRecord(ctx.url);
    const q = typeof raw.q === 'string' ? normaliseQuery(raw.q) : raw.q;
    const parsed = parseParams(contract.SearchArticlesQueryParams, { ...raw, q }, ['l']);
    if (!parsed.ok) return parsed.response;
    const limit = parsed.value.l ?? appConfig.search.defaultLimit;
    return json({ results: await searchArticles(ctx.db, parsed.value.q, limit) });
  }),
  get('/api/shopping', async ({ db }) => json({ results: await listShoppingItems(db) })),
  get('/api/quotations', async ({ db }) => json({ results: await listQuotations(db) })),
  get('/api/docs', async () => apiReferencePage()),
  get('/api/openapi.yaml', async () => apiContractFile()),
];

export interface ApiHandlerOptions {
  /** The site's canonical origin (SITE_URL): forms posted from it are ours even behind a proxy. */
  siteUrl?: string;
}

const foreignOriginMessage = 'Ce formulaire doit être envoyé depuis le site de Piquante.';

/**
 * A browser always names the page's origin on a POST: one that is neither this server's nor the site's
 * is another site submitting a form in our reader's name. Clients that send no Origin (curl, mail
 * servers) are not browsers acting for someone, and keep working.
 */
function foreignOrigin(request: Request, url: URL, siteOrigin: string | null): boolean {
  if (request.method === 'GET' || request.method === 'HEAD') return false;
  const origin = request.headers.get('origin');
  if (origin === null) return false;
  return origin !== url.origin && origin !== siteOrigin;
}

/**
 * The API as one fetch-style function over the given route tables: a Request in, a Response out (no
 * socket needed). The tables are passed in so that what needs configuration (the newsletter) is built
 * by whoever boots the server, and importing this module starts nothing.
 */
export function createApiHandler(db: Database, routes: readonly ApiRoute[], options: ApiHandlerOptions = {}) {
  const router = new PathRouter<ApiRoute>();
  for (const route of routes) router.add(route.method, route.path, route);
  const siteOrigin = options.siteUrl ? new URL(options.siteUrl).origin : null;
  return async function handleApiRequest(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const match = router.match(request.method, url.pathname);
    try {
      if (match === null) return errorJson(404, "Cette adresse de l'API n'existe pas.");
      if (match === 'method') return errorJson(405, "Cette méthode n'est pas acceptée à cette adresse.");
      if (!match.value.crossOrigin && foreignOrigin(request, url, siteOrigin)) return errorJson(403, foreignOriginMessage);
      const response = await match.value.handle({ db, request, url, params: match.params });
      if (request.method !== 'HEAD') return response;
      // HEAD answers with the GET's headers, its ETag included: tagged while the body is still here.
      const tagged = await withEntityTag(request, response);
      return tagged.body ? new Response(null, tagged) : tagged;
    } catch (error) {
      if (isDatabaseOutage(error)) {
        console.error('[api] database unreachable on', request.method, url.pathname, (error as Error).message);
        return serviceUnavailable();
      }
      console.error('[api] unexpected failure on', request.method, url.pathname, error);
      return errorJson(500, 'Une erreur inattendue est survenue. Réessayez dans un instant.');
    } finally {
      // Whatever a handler left unread is drained, so that its answer reaches a client still sending.
      drainBody(request);
    }
  };
}
