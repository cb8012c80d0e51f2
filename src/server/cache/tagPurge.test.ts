/**
 * Purge exactly what changed (decision 032), on both databases: pages rendered from the real API carry the
 * tags of what they read, as Cache-Tag and Surrogate-Key, on a miss and on a hit through the node:http fast
 * path; cacheable API answers too. A publish in one category purges the home, the category's pages and the
 * article pages that show its list, and leaves an article of another category cached. Two caches standing
 * for two processes, over the real broadcast (NOTIFY, Redis), both purge the touched tags alone.
 */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { eq } from 'drizzle-orm';
import { serve } from 'srvx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putHitPathInFront } from '../../../scripts/lib/hitPathInFront.mjs';
import { apiOperations, type OperationId } from '../../api/generated/operations.ts';
import * as contract from '../../api/generated/zod.ts';
import { articles, categories } from '../../db/schema.ts';
import { draftBody, useNewsroomApi } from '../../testing/newsroomApi.ts';
import { redisTestsRun, testRedisUrl } from '../../testing/redisReachable.ts';
import type { TestDatabaseKind } from '../../testing/testDatabase.ts';
import { testDatabaseKinds } from '../../testing/testDatabase.ts';
import { pageSourcesFromEnv } from '../config/pageSources.ts';
import { transportSecurityFromEnv } from '../config/transportSecurity.ts';
import { answerApiThroughCache, isCacheableApiRequest } from '../http/apiAnswerCache.ts';
import { createApiHandler } from '../http/apiRouter.ts';
import type { ApiHandlers } from '../http/apiTypes.ts';
import { createCacheHitPath } from '../http/cacheHitPath.ts';
import { contentHandlers, directContentOperations } from '../http/contentApi.ts';
import { createPageAnswerer } from '../http/pageAnswers.ts';
import { PageCache, storePage } from '../http/pageCache.ts';
import {
  type ContentChangeRoutes,
  announceContentChanged,
  listenForContentChanges,
  notifyContentChanged,
} from '../http/pageCacheInvalidation.ts';
import { errorJson } from '../http/responses.ts';
import { cacheTagHeaders } from './cacheTags.ts';

const redisUp = await redisTestsRun(testRedisUrl);

function routesOf(kind: TestDatabaseKind, url: string | null, redisUrl: string | null = null): ContentChangeRoutes {
  return { database: kind === 'postgres' && url ? { kind: 'postgres', url } : ({ kind: 'pglite', dataDir: null } as never), redisUrl };
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
}

function get(url: string, path: string): Promise<Answer> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers: { 'accept-encoding': 'br' } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 20));
  }
}

describe.each(testDatabaseKinds)('cache tags and purge by tag on %s', (kind) => {
  const cache = new PageCache(50_000_000);
  let routes: ContentChangeRoutes;
  const announced: (readonly string[] | undefined)[] = [];
  const api = useNewsroomApi(
    kind,
    {},
    {
      contentChanged: async (tags) => {
        announced.push(tags);
        await announceContentChanged(routes, tags);
      },
    },
  );
  let listener: Awaited<ReturnType<typeof listenForContentChanges>>;
  let server: ReturnType<typeof serve>;
  /** Two seeded articles: one in « mode », one in another category. */
  let inMode: { id: number; address: string; slug: string };
  let elsewhere: { id: number; address: string; slug: string; category: string };

  beforeAll(async () => {
    const database = api.database();
    routes = routesOf(kind, database.url);
    const table = Object.fromEntries(
      (Object.keys(apiOperations) as OperationId[]).map((id) => [
        id,
        (contentHandlers as Partial<ApiHandlers>)[id] ?? (async () => errorJson(500, 'hors du test')),
      ]),
    ) as ApiHandlers;
    const handleApi = createApiHandler(database.db, table, { direct: directContentOperations });
    /** What an article page's loaders read (the article, its category's cards, the menu), and the home's. */
    const pages = createPageAnswerer(
      cache,
      async (request) => {
        const { pathname } = new URL(request.url);
        const [, category, slug] = pathname.split('/');
        const reads = slug
          ? [`/api/article/${slug}`, `/api/articleByCategory/${category}`, '/api/categories']
          : ['/api/articleLast', '/api/bestof', '/api/categories'];
        for (const read of reads) await handleApi.direct('GET', read);
        return new Response(`<!doctype html><html lang="fr"><body><h1>${pathname}</h1></body></html>`, {
          headers: { 'content-type': 'text/html; charset=utf-8' },
        });
      },
      { csp: pageSourcesFromEnv({}) },
    );
    const normalPath = async (request: Request) => {
      const url = new URL(request.url);
      if (isCacheableApiRequest(request, url))
        return (await answerApiThroughCache(cache, request, url, () => handleApi(request))) as Response;
      return pages.answer(request);
    };
    server = serve({ port: 0, hostname: '127.0.0.1', silent: true, manual: true, fetch: normalPath });
    const hitPath = createCacheHitPath(cache, transportSecurityFromEnv({}));
    putHitPathInFront(server, (req, res) => hitPath.answer(req, res));
    await server.serve();
    await server.ready();
    listener = await listenForContentChanges(cache, kind, routes);
    // The listener purges once when it connects: fill after that.
    await listener.connected;
    const rows = await database.db
      .select({ id: articles.id, url: articles.url, category: categories.slug })
      .from(articles)
      .innerJoin(categories, eq(categories.id, articles.categoryId));
    const mode = rows.find((row) => row.category === 'mode');
    const other = rows.find((row) => row.category !== 'mode');
    if (!mode || !other) throw new Error('the demo content has no article in and out of « mode »');
    inMode = { id: mode.id, slug: mode.url, address: `/mode/${mode.url}` };
    elsewhere = { id: other.id, slug: other.url, category: other.category, address: `/${other.category}/${other.url}` };
  }, 60_000);

  afterAll(async () => {
    await listener?.stop();
    await server?.close(true);
  });

  it('a page carries the tags of what it shows, the same in both headers, on a miss and on a hit through the fast path', async () => {
    cache.purge();
    const miss = await get(server.url as string, inMode.address);
    expect(miss.status).toBe(200);
    expect(miss.headers['x-cache']).toBe('MISS');
    const tags = String(miss.headers['cache-tag']).split(',');
    expect(tags).toEqual(expect.arrayContaining([`a:${inMode.id}`, 'c:mode', 'list:categories', 'site']));
    expect(tags.some((tag) => tag.startsWith('au:'))).toBe(true);
    expect(tags).not.toContain('list:articles');
    expect(miss.headers['surrogate-key']).toBe(tags.join(' '));
    const hit = await get(server.url as string, inMode.address);
    expect(hit.headers['x-cache']).toBe('HIT');
    expect(hit.headers['cache-tag']).toBe(miss.headers['cache-tag']);
    expect(hit.headers['surrogate-key']).toBe(miss.headers['surrogate-key']);
    const home = await get(server.url as string, '/');
    expect(String(home.headers['cache-tag']).split(',')).toEqual(
      expect.arrayContaining(['home', 'list:articles', 'list:bestof', 'list:categories', 'site']),
    );
  });

  it('a cacheable API answer carries its tags, and keeps them when answered from the cache', async () => {
    const path = `/api/article/${elsewhere.slug}`;
    const first = await get(server.url as string, path);
    expect(first.status).toBe(200);
    expect(String(first.headers['cache-tag']).split(',')).toEqual(expect.arrayContaining([`a:${elsewhere.id}`, `c:${elsewhere.category}`]));
    const again = await get(server.url as string, path);
    expect(again.headers['x-cache']).toBe('HIT');
    expect(again.headers['cache-tag']).toBe(first.headers['cache-tag']);
    const list = await get(server.url as string, '/api/articles?category=mode');
    expect(list.headers['cache-tag']).toBe('c:mode,site');
    expect(list.headers['surrogate-key']).toBe('c:mode site');
  });

  it('a publish in « mode » purges the home and the pages showing « mode », and leaves an article of another category cached', async () => {
    cache.purge();
    for (const path of ['/', inMode.address, elsewhere.address, `/api/article/${elsewhere.slug}`]) await get(server.url as string, path);
    expect(cache.get('/')).toBeDefined();
    const created = await api.request('POST', '/api/admin/articles', {
      as: api.signed('editor'),
      body: draftBody('Une nouvelle piquante'),
    });
    expect(created.status).toBe(201);
    const draft = contract.AdminArticle.parse(await created.json());
    // A draft changes nothing readers see: every page stays.
    expect(cache.get(elsewhere.address)).toBeDefined();
    expect(cache.get('/')).toBeDefined();
    const published = await api.request('POST', `/api/admin/articles/${draft.id}/status`, {
      as: api.signed('editor'),
      body: { action: 'publish', version: draft.version },
    });
    expect(published.status).toBe(200);
    expect(announced.at(-1)).toEqual(expect.arrayContaining([`a:${draft.id}`, 'c:mode', 'home', 'list:articles']));
    expect(cache.get('/')).toBeUndefined();
    expect(cache.get(inMode.address)).toBeUndefined();
    expect(cache.get(elsewhere.address)).toBeDefined();
    expect(cache.get(`/api/article/${elsewhere.slug}`)).toBeDefined();
    // The purged pages render again with the new article; the one kept is answered as a hit.
    expect((await get(server.url as string, inMode.address)).headers['x-cache']).toBe('MISS');
    expect((await get(server.url as string, elsewhere.address)).headers['x-cache']).toBe('HIT');
  });

  it('moving an article to another category purges the pages of both', async () => {
    cache.purge();
    for (const path of [inMode.address, elsewhere.address]) await get(server.url as string, path);
    const admin = await api.request('GET', `/api/admin/articles/${elsewhere.id}`, { as: api.signed('admin') });
    const article = (await admin.json()) as Record<string, unknown> & { version: number };
    const saved = await api.request('PUT', `/api/admin/articles/${elsewhere.id}`, {
      as: api.signed('admin'),
      body: { ...draftBody(String(article.title)), version: article.version, categorySlug: 'mode' },
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect(announced.at(-1)).toEqual(expect.arrayContaining([`a:${elsewhere.id}`, 'c:mode', `c:${elsewhere.category}`]));
    expect(cache.get(inMode.address)).toBeUndefined();
    expect(cache.get(elsewhere.address)).toBeUndefined();
  });

  it('two processes hear the tags over the real broadcast and purge them alone', async () => {
    const transports: { name: string; routes: ContentChangeRoutes }[] = [];
    if (kind === 'postgres') transports.push({ name: 'NOTIFY', routes: routesOf(kind, api.database().url) });
    if (redisUp && kind === 'pglite') transports.push({ name: 'Redis', routes: routesOf('pglite', null, testRedisUrl) });
    for (const { name, routes: sent } of transports) {
      const caches = [new PageCache(), new PageCache()];
      const listeners = await Promise.all(caches.map((each) => listenForContentChanges(each, kind, sent)));
      try {
        await Promise.all(listeners.map((listener) => listener.connected));
        for (const each of caches) {
          each.set('/mode/x', await storePage(200, cacheTagHeaders(['a:1', 'c:mode']), new TextEncoder().encode('x')));
          each.set('/maison/y', await storePage(200, cacheTagHeaders(['a:2', 'c:maison']), new TextEncoder().encode('y')));
        }
        await notifyContentChanged(sent, { tags: ['c:mode'] });
        await until(() => caches.every((each) => each.get('/mode/x') === undefined), `both caches to hear ${name}`);
        expect(caches.map((each) => each.get('/maison/y') !== undefined)).toEqual([true, true]);
      } finally {
        await Promise.all(listeners.map((each) => each.stop()));
      }
    }
  });
});
