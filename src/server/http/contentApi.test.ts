/**
 * The content service against the contract: every GET call's answer is parsed with the zod schemas
 * generated from openapi/magazine.yaml (strict objects: a missing or extra field fails), on PGlite
 * and on PostgreSQL when TEST_DATABASE_URL is set. Then hostile input: never a 5xx.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as contract from '../../api/generated/zod.ts';
import { declaredHeaderProblems } from '../../testing/contractHeaders.ts';
import { useSeededApi } from '../../testing/seededApi.ts';
import { testDatabaseKinds } from '../../testing/testDatabase.ts';
import { createTestApiHandler } from '../../testing/testApiHandler.ts';
import { eq } from 'drizzle-orm';
import { appConfig } from '../../../app.config.ts';
import { articles, categories } from '../../db/schema.ts';
import { composeTestApiHandlers } from '../../testing/testApiHandler.ts';
import { createApiHandler } from './apiRouter.ts';
import { contentHandlers, directContentOperations } from './contentApi.ts';
import { PageCache } from './pageCache.ts';
import { announceContentChanged, listenForContentChanges } from './pageCacheInvalidation.ts';
import { withEntityTag } from './httpCache.ts';
import { contentChangeRoutesFromEnv } from '../config/contentChangeRoutes.ts';

describe.each(testDatabaseKinds)('content API on %s', (kind) => {
  const { handle, database } = useSeededApi(kind);

  /** Every answer is also checked against the headers the contract declares for its status. */
  const get = async (path: string, init?: RequestInit) => {
    const response = await handle(new Request(`http://magazine.test${path}`, init));
    if (response.status < 500 && (init?.method ?? 'GET') === 'GET' && path.startsWith('/api/') && !path.startsWith('/api/docs')) {
      expect(declaredHeaderProblems('GET', `http://magazine.test${path}`, response)).toEqual([]);
    }
    return response;
  };

  async function getValid<T>(path: string, schema: z.ZodType<T>): Promise<T> {
    const response = await get(path);
    expect(response.status, path).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('cache-control')).toMatch(/max-age=\d+/);
    return schema.parse(await response.json());
  }

  async function expectError(path: string, status: number, init?: RequestInit) {
    const response = await get(path, init);
    expect(response.status, path).toBe(status);
    const body = contract.ErrorResponse.parse(await response.json());
    expect(body.message.length).toBeGreaterThan(5);
    return body;
  }

  describe('lists and items answer the contract shape', () => {
    it('GET /api/categories lists at least 12 categories, the redirect targets among them', async () => {
      const { results } = await getValid('/api/categories', contract.ListCategoriesResponse);
      expect(results.length).toBeGreaterThanOrEqual(12);
      for (const slug of ['societe', 'break', 'mode', 'spiritualite', 'business']) {
        expect(results.map((c) => c.slug)).toContain(slug);
      }
    });

    it('GET /api/articles pages by 12 by default, newest first, without overlap', async () => {
      const first = await getValid('/api/articles', contract.ListArticlesResponse);
      expect(first.results).toHaveLength(12);
      const dates = first.results.map((a) => a.publishedAt);
      expect([...dates].sort().reverse()).toEqual(dates);
      const second = await getValid('/api/articles?limit=12&offset=12', contract.ListArticlesResponse);
      expect(second.results).toHaveLength(12);
      const ids = new Set(first.results.map((a) => a.id));
      expect(second.results.some((a) => ids.has(a.id))).toBe(false);
      const big = await getValid('/api/articles?limit=100', contract.ListArticlesResponse);
      expect(big.results).toHaveLength(100);
      const past = await getValid('/api/articles?offset=1000000', contract.ListArticlesResponse);
      expect(past.results).toEqual([]);
    });

    it('GET /api/articles?category= keeps to that category', async () => {
      const { results } = await getValid('/api/articles?category=mode&limit=30', contract.ListArticlesResponse);
      expect(results.length).toBeGreaterThanOrEqual(20);
      for (const article of results) {
        expect(article.categorySlug).toBe('mode');
        expect(article.fullUrl).toBe(`/mode/${article.url}`);
      }
    });

    it('GET /api/article/{url} answers {result, url} with the body, author and category', async () => {
      const { results } = await getValid('/api/articles?limit=1', contract.ListArticlesResponse);
      const card = results[0];
      if (!card) throw new Error('no article');
      const body = await getValid(`/api/article/${card.url}`, contract.GetArticleResponse);
      expect(body.url).toBe(card.url);
      expect(body.result.id).toBe(card.id);
      expect(body.result.category.slug).toBe(card.categorySlug);
      expect(body.result.body.length).toBeGreaterThanOrEqual(3);
    });

    it('GET /api/articleByCategory/{category} and /api/articleLast answer 12 cards', async () => {
      const byCategory = await getValid('/api/articleByCategory/societe', contract.ListArticlesByCategoryResponse);
      expect(byCategory.category.slug).toBe('societe');
      expect(byCategory.results).toHaveLength(12);
      const last = await getValid('/api/articleLast', contract.ListLastArticlesResponse);
      expect(last.results).toHaveLength(12);
    });

    it('GET /api/bestof answers the editorial selection', async () => {
      const { results } = await getValid('/api/bestof', contract.ListBestofResponse);
      expect(results.length).toBeGreaterThanOrEqual(8);
    });

    it('GET /api/quizz, /api/quizz/{url} and /api/quizz/{quiz}/{result}', async () => {
      const list = await getValid('/api/quizz', contract.ListQuizzesResponse);
      expect(list.results).toHaveLength(12);
      const more = await getValid('/api/quizz?offset=12', contract.ListQuizzesResponse);
      expect(more.results.length).toBeGreaterThanOrEqual(2);
      const summary = list.results[0];
      if (!summary) throw new Error('no quiz');
      const quiz = await getValid(`/api/quizz/${summary.url}`, contract.GetQuizResponse);
      expect(quiz.questions.length).toBe(summary.questionCount);
      const firstResult = quiz.results[0];
      if (!firstResult) throw new Error('no result');
      const result = await getValid(`/api/quizz/${quiz.url}/${firstResult.url}`, contract.GetQuizResultResponse);
      expect(result.result.quiz.url).toBe(quiz.url);
      await expectError(`/api/quizz/${quiz.url}/pas-un-resultat`, 404);
    });

    it('GET /api/mosaics and /api/mosaic/{url}', async () => {
      const list = await getValid('/api/mosaics?limit=20', contract.ListMosaicsResponse);
      expect(list.results.length).toBeGreaterThanOrEqual(14);
      const first = list.results[0];
      if (!first) throw new Error('no mosaic');
      const item = await getValid(`/api/mosaic/${first.url}`, contract.GetMosaicResponse);
      expect(item.url).toBe(first.url);
      expect(item.result.images.length).toBe(first.imageCount);
    });

    it("GET /api/format-contests and /api/format-contests/{url}, 'Non trouvé' when unknown", async () => {
      const list = await getValid('/api/format-contests?limit=20', contract.ListFormatContestsResponse);
      expect(list.results.length).toBeGreaterThanOrEqual(14);
      const first = list.results[0];
      if (!first) throw new Error('no contest');
      const item = await getValid(`/api/format-contests/${first.url}`, contract.GetFormatContestResponse);
      expect(item.url).toBe(first.url);
      const missing = await expectError('/api/format-contests/concours-inconnu', 404);
      expect(missing.message).toBe('Non trouvé');
    });

    it('GET /api/repartee-generator pages by 12 through offset, and one generator with its replies', async () => {
      const first = await getValid('/api/repartee-generator', contract.ListReparteeGeneratorsResponse);
      expect(first.results).toHaveLength(12);
      const next = await getValid('/api/repartee-generator?offset=12', contract.ListReparteeGeneratorsResponse);
      expect(next.results.length).toBeGreaterThanOrEqual(2);
      const one = first.results[0];
      if (!one) throw new Error('no generator');
      const item = await getValid(`/api/repartee-generator/${one.url}`, contract.GetReparteeGeneratorResponse);
      expect(item.replies.length).toBe(one.replyCount);
    });

    it('GET /api/shopping and /api/quotations', async () => {
      const shopping = await getValid('/api/shopping', contract.ListShoppingItemsResponse);
      expect(shopping.results.length).toBeGreaterThanOrEqual(20);
      const quotations = await getValid('/api/quotations', contract.ListQuotationsResponse);
      expect(quotations.results).toHaveLength(8);
    });

    it('GET /api/instagram/{offset} answers plain lists of 16 until a shorter one ends the feed', async () => {
      const batches: { id: number }[][] = [];
      for (let offset = 0; batches.length < 10; offset += 16) {
        const batch = await getValid(`/api/instagram/${offset}`, contract.ListInstagramPostsResponse);
        batches.push(batch);
        if (batch.length < 16) break;
      }
      expect(batches.length).toBeGreaterThanOrEqual(3);
      for (const batch of batches.slice(0, -1)) expect(batch).toHaveLength(16);
      expect(batches.at(-1)?.length).toBeLessThan(16);
      const ids = batches.flat().map((post) => post.id);
      expect(new Set(ids).size).toBe(ids.length);
      const original = await getValid('/api/instagramoriginalposts/12', contract.ListInstagramOriginalPostsResponse);
      expect(original.results).toHaveLength(12);
      expect(original.results[0]?.id).toBe(ids[0]);
    });

    it('GET /api/popin?url= answers the popin of that path, whole segments only, or 204', async () => {
      const types = new Set<string>();
      for (const path of ['/', '/mode', '/mode/robe-rouge', '/beaute', '/societe', '/quizzes', '/shopping', '/business']) {
        const response = await get(`/api/popin?url=${encodeURIComponent(path)}`);
        expect([200, 204]).toContain(response.status);
        if (response.status === 200) types.add(contract.GetPopinResponse.parse(await response.json()).type);
      }
      expect(types.size).toBeGreaterThanOrEqual(2);
    });

    it("HEAD is answered like GET without a body, with the GET's ETag and Cache-Control", async () => {
      const response = await get('/api/categories', { method: 'HEAD' });
      expect(response.status).toBe(200);
      expect(await response.text()).toBe('');
      const full = await withEntityTag(new Request('http://magazine.test/api/categories'), await get('/api/categories'));
      expect(response.headers.get('etag')).toMatch(/^W\/"[\w-]+"$/);
      expect(response.headers.get('etag')).toBe(full.headers.get('etag'));
      expect(response.headers.get('cache-control')).toBe(full.headers.get('cache-control'));
    });
  });

  describe('hostile input gets a 4xx with a French JSON error, never a 5xx', () => {
    const badRequests = [
      '/api/articles?limit=abc',
      '/api/articles?limit=-1',
      '/api/articles?limit=0',
      '/api/articles?limit=101',
      '/api/articles?limit=1e2',
      '/api/articles?limit=12.5',
      '/api/articles?limit=0x10',
      '/api/articles?limit=',
      '/api/articles?limit=99999999999999999999999',
      '/api/articles?offset=-5',
      '/api/articles?offset=1000001',
      '/api/articles?limit=1&limit=2',
      '/api/articles?category=Mode',
      `/api/articles?category=${encodeURIComponent("mode' OR 1=1 --")}`,
      `/api/article/${'a'.repeat(201)}`,
      '/api/article/UPPER-CASE',
      '/api/article/%00',
      `/api/article/${encodeURIComponent('../../etc/passwd')}`,
      `/api/article/${encodeURIComponent('<script>alert(1)</script>')}`,
      '/api/articleByCategory/NOPE!',
      '/api/format-contests?limit=-3',
      '/api/format-contests/%F0%9F%92%A9',
      '/api/instagramoriginalposts/0',
      '/api/instagramoriginalposts/51',
      '/api/instagramoriginalposts/abc',
      '/api/instagram/-1',
      '/api/instagram/abc',
      '/api/instagram/1000001',
      '/api/mosaics?offset=abc',
      '/api/mosaic/UN_ESPACE',
      '/api/quizz?limit=1000',
      '/api/quizz/Quiz',
      '/api/quizz/a/B',
      '/api/repartee-generator?offset=-1',
      '/api/repartee-generator/%20',
      '/api/popin',
      `/api/popin?url=${'/a'.repeat(2000)}`,
      '/api/popin?url=javascript:alert(1)',
    ];
    it.each(badRequests)('%s → 400', async (path) => {
      await expectError(path, 400);
    });

    const unknowns = [
      '/api/article/article-qui-n-existe-pas',
      '/api/articleByCategory/categorie-inconnue',
      '/api/articles?category=categorie-inconnue',
      '/api/mosaic/mosaique-inconnue',
      '/api/quizz/quiz-inconnu',
      '/api/quizz/quiz-inconnu/resultat',
      '/api/repartee-generator/generateur-inconnu',
      '/api/nimporte-quoi',
      '/api/articles/trop/de/segments',
      '/api/%E0%A4%A',
    ];
    it.each(unknowns)('%s → 404', async (path) => {
      await expectError(path, 404);
    });

    it('other methods → 405', async () => {
      await expectError('/api/articles', 405, { method: 'POST', body: 'x' });
      await expectError('/api/categories', 405, { method: 'DELETE' });
    });

    it('random garbage in paths and queries never gives a 5xx', async () => {
      let seed = 42;
      const random = () => {
        seed = (seed * 1103515245 + 12345) % 2147483648;
        return seed / 2147483648;
      };
      const alphabet = [
        'a',
        'Z',
        '0',
        '9',
        '-',
        '_',
        '%',
        "'",
        '"',
        '<',
        '>',
        'é',
        '/',
        '?',
        '&',
        '=',
        ';',
        ' ',
        '\u0000',
        '💩',
        '..',
        '%2F',
        '%00',
        'null',
        '-1',
        '1e9',
      ];
      const roots = [
        '/api/articles',
        '/api/article/',
        '/api/quizz/',
        '/api/instagram/',
        '/api/popin',
        '/api/mosaics',
        '/api/format-contests/',
        '/api/repartee-generator',
      ];
      for (let i = 0; i < 300; i++) {
        const root = roots[Math.floor(random() * roots.length)] ?? '/api/articles';
        let tail = '';
        const length = Math.floor(random() * 12);
        for (let j = 0; j < length; j++) tail += alphabet[Math.floor(random() * alphabet.length)];
        const query =
          random() < 0.5 ? `?limit=${encodeURIComponent(tail)}&offset=${encodeURIComponent(tail)}&url=${encodeURIComponent(tail)}` : '';
        let path = `${root}${encodeURIComponent(tail)}${query}`;
        if (random() < 0.3) path = `${root}${tail.replace(/[?#]/g, '')}`;
        let response: Response;
        try {
          response = await get(path);
        } catch {
          continue; // new Request() refused the URL itself: nothing reached the server.
        }
        expect(response.status, path).toBeLessThan(500);
      }
    });
  });

  describe('server rendering reads (issue 22)', () => {
    it('a direct read gives what the JSON answer parses to, status included; anything else goes the usual way', async () => {
      const { db } = database();
      const api = createApiHandler(db, composeTestApiHandlers(), { direct: directContentOperations });
      const [article] = (await (await get('/api/articles?limit=1')).json()).results;
      const paths = [
        '/api/categories',
        '/api/quotations',
        '/api/articleLast',
        '/api/bestof',
        `/api/instagramoriginalposts/${appConfig.instagram.homeCount}`,
        '/api/instagramoriginalposts/2',
        '/api/articleByCategory/food',
        '/api/articles?category=food&limit=12&offset=12',
        `/api/article/${article.url}`,
        '/api/article/nexiste-pas',
        '/api/articleByCategory/nexiste-pas',
        '/api/articles?limit=abc',
      ];
      for (const path of paths) {
        const response = await api(new Request(`http://in-process.piquante${path}`));
        const answer = await api.direct('GET', path);
        expect(answer, path).toStrictEqual({ status: response.status, body: await response.json() });
      }
      expect(await api.direct('POST', '/api/categories')).toBeNull();
      expect(await api.direct('GET', '/api/nimporte-quoi')).toBeNull();
      expect(await api.direct('GET', '/newsletter/inscriptionajaxlight-footer')).toBeNull();
    });

    it('lists and categories are kept while content changes are heard: a renamed category and a newly published article show at the next read after the change', async () => {
      const { db } = database();
      const listener = await listenForContentChanges(new PageCache(), 'pglite', contentChangeRoutesFromEnv({}));
      const read = async (path: string) => (await get(path)).json();
      const [food] = await db.select().from(categories).where(eq(categories.slug, 'food'));
      const page = await read('/api/articleByCategory/food');
      // An older article of the category, published again now: it leads the category's first page.
      const older = (await read('/api/articles?category=food&limit=1&offset=20')).results[0];
      const [olderRow] = await db.select().from(articles).where(eq(articles.id, older.id));
      try {
        expect(page.category.name).toBe(food?.name);
        await db.update(categories).set({ name: 'Cuisine' }).where(eq(categories.slug, 'food'));
        await db
          .update(articles)
          .set({ publishedAt: new Date(Date.now() + 60_000) })
          .where(eq(articles.id, older.id));
        // Not heard yet: the process answers what it read.
        expect((await read('/api/articleByCategory/food')).category.name).toBe(food?.name);
        expect((await read('/api/categories')).results.find((c: { slug: string }) => c.slug === 'food').name).toBe(food?.name);
        await announceContentChanged(contentChangeRoutesFromEnv({}));
        const after = await read('/api/articleByCategory/food');
        expect(after.category.name).toBe('Cuisine');
        expect(after.results[0].id).toBe(older.id);
        expect((await read('/api/categories')).results.find((c: { slug: string }) => c.slug === 'food').name).toBe('Cuisine');
      } finally {
        await db.update(categories).set({ name: food?.name }).where(eq(categories.slug, 'food'));
        await db.update(articles).set({ publishedAt: olderRow?.publishedAt }).where(eq(articles.id, older.id));
        await listener.stop();
      }
      // No listener any more: every read goes to the database.
      expect((await read('/api/articleByCategory/food')).category.name).toBe(food?.name);
    });
  });
});

describe('the API reference', () => {
  it('serves /api/docs (inlined Redoc, no CDN) and the contract at /api/openapi.yaml', async () => {
    const handle = createTestApiHandler(null as never, contentHandlers);
    const docs = await handle(new Request('http://magazine.test/api/docs'));
    expect(docs.status).toBe(200);
    const html = await docs.text();
    expect(html).toContain('API Piquante');
    expect(html).not.toMatch(/<script[^>]+src="https?:/);
    // Inline scripts allowed by hash, one per inline script: no 'unsafe-inline' for scripts.
    const scriptSrc = (docs.headers.get('content-security-policy') ?? '').split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
    expect(scriptSrc).not.toContain('unsafe-inline');
    const inline = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/gi)].filter((m) => (m[1] ?? '').trim() !== '');
    expect(scriptSrc.match(/'sha256-[A-Za-z0-9+/=]+'/g)).toHaveLength(inline.length);
    const yaml = await handle(new Request('http://magazine.test/api/openapi.yaml'));
    expect(await yaml.text()).toMatch(/^openapi: 3\.1/m);
  });
});
