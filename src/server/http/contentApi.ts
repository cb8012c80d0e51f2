/**
 * The content service: every GET call of the contract, in one table. Handlers parse input with the
 * generated zod schemas, call src/server/<domain>, and answer the contract's shape.
 */
import type { z } from 'zod';
import { appConfig } from '../../../app.config.ts';
import * as contract from '../../api/generated/zod.ts';
import type { Database } from '../../db/client.ts';
import { getArticle, listArticles, listBestof } from '../articles/articles.server.ts';
import { findCategory, listCategories, toCategory } from '../content/categories.server.ts';
import { getFormatContest, listFormatContests } from '../content/formatContests.server.ts';
import { listInstagramPosts } from '../content/instagram.server.ts';
import { getMosaic, listMosaics } from '../content/mosaics.server.ts';
import { findPopinForPath } from '../content/popins.server.ts';
import { listQuotations } from '../content/quotations.server.ts';
import { getQuiz, getQuizResult, listQuizzes } from '../content/quizzes.server.ts';
import { getReparteeGenerator, listReparteeGenerators } from '../content/reparteeGenerators.server.ts';
import { listShoppingItems } from '../content/shopping.server.ts';
import { searchArticles } from '../search/searchArticles.server.ts';
import { normaliseQuery } from '../search/searchQuery.ts';
import { addNewsletterRoutes } from '../newsletter/newsletterRoutes.ts';
import { apiContractFile, apiReferencePage } from './apiReference.ts';
import { parseParams, queryRecord } from './parseParams.ts';
import { errorJson, json, noContent, notFound } from './responses.ts';
import { PathRouter, type RouteParams } from './router.ts';

export interface ApiContext {
  db: Database;
  request: Request;
  url: URL;
  params: RouteParams;
}

export type ApiHandler = (ctx: ApiContext) => Promise<Response>;

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

export const contentRoutes = new PathRouter<ApiHandler>()
  .add(
    'GET',
    '/api/popin',
    withInput(null, contract.GetPopinQueryParams, [], async ({ db }, _p, q) => {
      const popin = await findPopinForPath(db, q.url);
      return popin ? json(popin) : noContent();
    }),
  )
  .add(
    'GET',
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
  )
  .add(
    'GET',
    '/api/article/:url',
    withInput(contract.GetArticleParams, null, [], async ({ db }, p) => {
      const result = await getArticle(db, p.url);
      return result ? json({ result, url: p.url }, { cache: 'item' }) : notFound(messages.article);
    }),
  )
  .add(
    'GET',
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
  )
  .add('GET', '/api/articleLast', async ({ db }) =>
    json({ results: await listArticles(db, { limit: appConfig.pagination.defaultLimit, offset: 0 }) }),
  )
  .add('GET', '/api/bestof', async ({ db }) => json({ results: await listBestof(db) }))
  .add('GET', '/api/categories', async ({ db }) => json({ results: await listCategories(db) }))
  .add(
    'GET',
    '/api/format-contests',
    withInput(null, contract.ListFormatContestsQueryParams, PAGE_KEYS, async ({ db }, _p, q) =>
      json({ results: await listFormatContests(db, page(q)) }),
    ),
  )
  .add(
    'GET',
    '/api/format-contests/:url',
    withInput(contract.GetFormatContestParams, null, [], async ({ db }, p) => {
      const contest = await getFormatContest(db, p.url);
      return contest ? json(contest, { cache: 'item' }) : notFound(messages.contest);
    }),
  )
  .add(
    'GET',
    '/api/instagramoriginalposts/:count',
    withInput(contract.ListInstagramOriginalPostsParams, null, ['count'], async ({ db }, p) =>
      json({ results: await listInstagramPosts(db, { limit: p.count, offset: 0 }) }),
    ),
  )
  .add(
    'GET',
    '/api/instagram/:offset',
    withInput(contract.ListInstagramPostsParams, null, ['offset'], async ({ db }, p) =>
      json(await listInstagramPosts(db, { limit: appConfig.instagram.batchSize, offset: p.offset })),
    ),
  )
  .add(
    'GET',
    '/api/mosaics',
    withInput(null, contract.ListMosaicsQueryParams, PAGE_KEYS, async ({ db }, _p, q) =>
      json({ results: await listMosaics(db, page(q)) }),
    ),
  )
  .add(
    'GET',
    '/api/mosaic/:url',
    withInput(contract.GetMosaicParams, null, [], async ({ db }, p) => {
      const result = await getMosaic(db, p.url);
      return result ? json({ result, url: p.url }, { cache: 'item' }) : notFound(messages.mosaic);
    }),
  )
  .add(
    'GET',
    '/api/quizz',
    withInput(null, contract.ListQuizzesQueryParams, PAGE_KEYS, async ({ db }, _p, q) =>
      json({ results: await listQuizzes(db, page(q)) }),
    ),
  )
  .add(
    'GET',
    '/api/quizz/:url',
    withInput(contract.GetQuizParams, null, [], async ({ db }, p) => {
      const quiz = await getQuiz(db, p.url);
      return quiz ? json(quiz, { cache: 'item' }) : notFound(messages.quiz);
    }),
  )
  .add(
    'GET',
    '/api/quizz/:quizUrl/:resultUrl',
    withInput(contract.GetQuizResultParams, null, [], async ({ db }, p) => {
      const result = await getQuizResult(db, p.quizUrl, p.resultUrl);
      return result ? json({ result }, { cache: 'item' }) : notFound(messages.quizResult);
    }),
  )
  .add(
    'GET',
    '/api/repartee-generator',
    withInput(null, contract.ListReparteeGeneratorsQueryParams, ['offset'], async ({ db }, _p, q) =>
      json({
        results: await listReparteeGenerators(db, {
          limit: appConfig.pagination.defaultLimit,
          offset: q.offset ?? 0,
        }),
      }),
    ),
  )
  .add(
    'GET',
    '/api/repartee-generator/:url',
    withInput(contract.GetReparteeGeneratorParams, null, [], async ({ db }, p) => {
      const generator = await getReparteeGenerator(db, p.url);
      return generator ? json(generator, { cache: 'item' }) : notFound(messages.repartee);
    }),
  )
  .add('GET', '/api/search', async (ctx) => {
    // Trimmed before validation: '  ab ' is two characters, not five.
    const raw = queryRecord(ctx.url);
    const q = typeof raw.q === 'string' ? normaliseQuery(raw.q) : raw.q;
    const parsed = parseParams(contract.SearchArticlesQueryParams, { ...raw, q }, ['l']);
    if (!parsed.ok) return parsed.response;
    const limit = parsed.value.l ?? appConfig.search.defaultLimit;
    return json({ results: await searchArticles(ctx.db, parsed.value.q, limit) });
  })
  .add('GET', '/api/shopping', async ({ db }) => json({ results: await listShoppingItems(db) }))
  .add('GET', '/api/quotations', async ({ db }) => json({ results: await listQuotations(db) }))
  .add('GET', '/api/docs', async () => apiReferencePage())
  .add('GET', '/api/openapi.yaml', async () => apiContractFile());

// POST /newsletter/* and the newsletter's links (src/server/newsletter/), configured from the environment.
addNewsletterRoutes(contentRoutes);

/** The whole API as one fetch-style function: a Request in, a Response out (no socket needed). */
export function createApiHandler(db: Database, router: PathRouter<ApiHandler> = contentRoutes) {
  return async function handleApiRequest(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const match = router.match(request.method, url.pathname);
    if (match === null) return errorJson(404, "Cette adresse de l'API n'existe pas.");
    if (match === 'method') return errorJson(405, "Cette méthode n'est pas acceptée à cette adresse.");
    try {
      const response = await match.value({ db, request, url, params: match.params });
      return request.method === 'HEAD' ? new Response(null, response) : response;
    } catch (error) {
      console.error('[api] unexpected failure on', request.method, url.pathname, error);
      return errorJson(500, 'Une erreur inattendue est survenue. Réessayez dans un instant.');
    }
  };
}
