/**
 * Old addresses over real HTTP (issue 20), on PGlite and PostgreSQL (TEST_DATABASE_URL): a srvx server put
 * together as src/server.ts is — the node:http hit path in front, then the redirects, the API, the pages through
 * the page cache — with the real redirect table, its in-process lookups and the content-changed purge, and a
 * stand-in renderer (200 for the site's pages and published articles, 404 otherwise). Each old address answers
 * exactly one redirect to its final page; a newsroom write is heard at once.
 */
import { request as httpRequest } from 'node:http';
import { eq } from 'drizzle-orm';
import { serve } from 'srvx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putHitPathInFront } from '../../../scripts/lib/hitPathInFront.mjs';
import * as contract from '../../api/generated/zod.ts';
import { articles, categories } from '../../db/schema.ts';
import { ORIGIN, useNewsroomApi } from '../../testing/newsroomApi.ts';
import { seededArticle } from '../../testing/seededArticle.ts';
import { testDatabaseKinds } from '../../testing/testDatabase.ts';
import { transportSecurityFromEnv } from '../config/transportSecurity.ts';
import { ContentDataCache } from '../content/contentDataCache.ts';
import { createCacheHitPath } from '../http/cacheHitPath.ts';
import { createPageAnswerer } from '../http/pageAnswers.ts';
import { PageCache } from '../http/pageCache.ts';
import { announceContentChanged, listenForContentChanges } from '../http/pageCacheInvalidation.ts';
import { createRedirectAnswerer } from './redirectAnswers.ts';
import { createRedirectLookups } from './redirectLookups.ts';
import { findStoredRedirect, saveRedirect } from './redirectStore.server.ts';
import { contentChangeRoutesFromEnv } from '../config/contentChangeRoutes.ts';

interface Answer {
  status: number;
  location: string | undefined;
  cacheControl: string | undefined;
  xCache: string | undefined;
}

describe.each(testDatabaseKinds)('old addresses over HTTP on %s', (kind) => {
  const announce = () => announceContentChanged(contentChangeRoutesFromEnv({}));
  const api = useNewsroomApi(kind, {}, { contentChanged: announce });
  const cache = new PageCache(10_000_000);
  const data = new ContentDataCache();
  let loads = 0;
  let renders = 0;
  let stopListening: (() => Promise<void>) | null = null;
  let article: { id: number; address: string };
  const db = () => api.database().db;

  const lookups = createRedirectLookups(
    async (path) => {
      loads++;
      return findStoredRedirect(db(), path);
    },
    { data },
  );
  const redirects = createRedirectAnswerer(lookups);

  /** The stand-in renderer: the home page, categories and published articles exist. */
  const pages = createPageAnswerer(
    cache,
    async (request) => {
      renders++;
      const { pathname } = new URL(request.url);
      const [, first = '', second, ...rest] = pathname.split('/');
      let found = pathname === '/';
      if (!found && rest.length === 0) {
        const [category] = await db().select({ id: categories.id }).from(categories).where(eq(categories.slug, first));
        if (category && second === undefined) found = true;
        if (category && second !== undefined) {
          const [row] = await db().select({ id: articles.id }).from(articles).where(eq(articles.url, second));
          found = row !== undefined;
        }
      }
      return new Response(`<!doctype html><html lang="fr"><body><h1>${found ? 'Page' : 'Introuvable'}</h1></body></html>`, {
        status: found ? 200 : 404,
        headers: { 'content-type': 'text/html; charset=utf-8' },
      });
    },
    { csp: null },
  );

  const server = serve({
    port: 0,
    hostname: '127.0.0.1',
    silent: true,
    manual: true,
    async fetch(request) {
      const url = new URL(request.url);
      const redirect = await redirects.answer(request, url);
      if (redirect) return redirect;
      if (url.pathname.startsWith('/api/')) return new Response('API', { status: 404 });
      return pages.answer(request);
    },
  });
  const hitPath = createCacheHitPath(cache, transportSecurityFromEnv({}));
  putHitPathInFront(server, (req, res) => hitPath.answer(req, res));

  function get(path: string): Promise<Answer> {
    const { port } = new URL(server.url as string);
    return new Promise((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path, method: 'GET' }, (res) => {
        res.resume();
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            location: res.headers.location,
            cacheControl: res.headers['cache-control'],
            xCache: res.headers['x-cache'] as string | undefined,
          }),
        );
      });
      req.on('error', reject);
      req.end();
    });
  }

  /** One hop: the redirect's target answers the page itself (200), never another redirect. */
  async function expectOneHop(path: string, status: 301 | 308, location: string) {
    const first = await get(path);
    expect({ status: first.status, location: first.location }, path).toEqual({ status, location });
    expect(first.cacheControl).toBe('public, max-age=86400');
    expect((await get(location)).status, `${path} → ${location}`).toBe(200);
  }

  beforeAll(async () => {
    await server.serve();
    stopListening = (await listenForContentChanges(cache, 'pglite', contentChangeRoutesFromEnv({}), null, data)).stop;
    article = await seededArticle(db());
    for (const from of ['https://old.example/2019/05/old-post/', '/old-post/', 'https://old.example/?p=42']) {
      const saved = await saveRedirect(db(), { from, articleId: article.id }, 'import:wordpress', { changed: announce });
      expect(saved.ok, from).toBe(true);
    }
  });
  afterAll(async () => {
    await stopListening?.();
    await server.close(true);
  });

  it('an imported permalink with a trailing slash: exactly one 301 to the article', async () => {
    await expectOneHop('/2019/05/old-post/', 301, article.address);
    await expectOneHop('/2019/05/old-post', 301, article.address);
  });

  it('its /amp/ and /feed/ variants: the same 301', async () => {
    await expectOneHop('/old-post/amp/', 301, article.address);
    await expectOneHop('/old-post/feed/', 301, article.address);
    await expectOneHop('/2019/05/old-post/amp', 301, article.address);
  });

  it('a trailing slash elsewhere: one permanent 308 without it, query kept; never a page from the hit path', async () => {
    await expectOneHop('/mode/', 308, '/mode');
    await expectOneHop('/mode/?page=2&tri=date', 308, '/mode?page=2&tri=date');
    expect(await get('/mode//')).toMatchObject({ status: 301, location: '/mode' });
    expect((await get('//evil.example/')).location ?? '').not.toMatch(/^\/\/|evil\.example\//);
    // /mode is now a cached page: its slashed form still takes the normal path.
    expect((await get('/mode')).xCache).toBe('HIT');
    expect((await get('/mode/')).status).toBe(308);
  });

  it('the fixed table, a trailing slash and the redirect table together: one hop', async () => {
    await expectOneHop('/style/', 301, '/mode');
    const saved = await saveRedirect(db(), { from: '/mode/ancien-billet', toPath: '/mode' }, 'import:ghost', { changed: announce });
    expect(saved.ok).toBe(true);
    await expectOneHop('/style/ancien-billet/', 301, '/mode');
    await expectOneHop('/style/ancien-billet/amp/?utm_source=x', 301, '/mode?utm_source=x');
  });

  it('WordPress ?p=ID on the home page: 301 to the article', async () => {
    await expectOneHop('/?p=42', 301, article.address);
    await expectOneHop('/?p=0042&utm_source=x', 301, article.address);
    expect((await get('/?p=43')).status).toBe(200);
  });

  it('an ordinary miss is answered from the lookups kept in process, a purge forgets them', async () => {
    await get('/inconnue');
    const before = loads;
    expect((await get('/inconnue')).status).toBe(404);
    expect(loads).toBe(before);
    await announce();
    await get('/inconnue');
    expect(loads).toBe(before + 1);
  });

  it('an article that is not published: no redirect, the 404 page', async () => {
    const admin = api.signed('admin');
    const current = contract.AdminArticle.parse(
      await (await api.request('GET', `/api/admin/articles/${article.id}`, { as: admin })).json(),
    );
    await expectOneHop('/2019/05/old-post/', 301, article.address);
    const unpublished = await api.request('POST', `/api/admin/articles/${article.id}/status`, {
      as: admin,
      body: { action: 'unpublish', version: current.version },
    });
    expect(unpublished.status).toBe(200);
    expect((await get('/2019/05/old-post/')).status).toBe(308);
    expect((await get('/2019/05/old-post')).status).toBe(404);
    const again = contract.AdminArticle.parse(await unpublished.json());
    const republished = await api.request('POST', `/api/admin/articles/${article.id}/status`, {
      as: admin,
      body: { action: 'publish', version: again.version },
    });
    expect(republished.status).toBe(200);
    await expectOneHop('/2019/05/old-post/', 301, article.address);
  });

  it('a redirect added then deleted in the newsroom: the next request is redirected, then no longer', async () => {
    const editor = api.signed('editor');
    expect((await get('/ancienne-rubrique')).status).toBe(404);
    const created = await api.request('POST', '/api/admin/redirects', {
      as: editor,
      body: { from: 'https://ancien.example/ancienne-rubrique/', to: '/mode' },
      headers: { origin: ORIGIN },
    });
    expect(created.status).toBe(201);
    const { id } = contract.CreateAdminRedirectResponse.parse(await created.json());
    await expectOneHop('/ancienne-rubrique/', 301, '/mode');
    await expectOneHop('/ancienne-rubrique', 301, '/mode');
    expect((await api.request('DELETE', `/api/admin/redirects/${id}`, { as: editor })).status).toBe(204);
    expect((await get('/ancienne-rubrique')).status).toBe(404);
    expect(await get('/ancienne-rubrique/')).toMatchObject({ status: 308, location: '/ancienne-rubrique' });
    expect(renders).toBeGreaterThan(0);
  });
});
