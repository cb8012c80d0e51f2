/**
 * The page cache shared through Redis (REDIS_URL): two page answerers stand for two server processes
 * (each its own in-process LRU, one Redis). A page one renders, the other serves; concurrent misses on
 * both render once; a content change purges both, in memory and in Redis; pages that may not be shared
 * are not; another release or site never sees them; without Redis, each process renders on its own.
 * Runs wherever Redis answers, and always in CI.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { redisTestsRun, testRedisUrl } from '../../testing/redisReachable.ts';
import { createPageAnswerer } from './pageAnswers.ts';
import { PageCache, storePage } from './pageCache.ts';
import { listenForContentChanges, notifyContentChanged } from './pageCacheInvalidation.ts';
import { createSharedPages, decodeSharedPage, encodeSharedPage, releaseOf, type SharedPages, sharedPagesSite } from './sharedPages.ts';
import { pageSourcesFromEnv } from '../config/pageSources.ts';
import { contentChangeRoutesFromEnv } from '../config/contentChangeRoutes.ts';
import { databaseTargetFromEnv } from '../config/databaseTarget.ts';

const html = (text: string) =>
  `<!doctype html><html><head><script>self.x=${JSON.stringify(text)}</script></head><body>${text}</body></html>`;
const get = (path: string, headers: Record<string, string> = {}) => new Request(`http://magazine.test${path}`, { headers });

describe('a page as one Redis value', () => {
  it('decodes to the page it was made from, the identity body taken back from gzip', async () => {
    const page = await storePage(
      200,
      [['content-type', 'text/html; charset=utf-8']],
      new TextEncoder().encode(html('épices')),
      1_790_000_000_123,
    );
    const decoded = decodeSharedPage(encodeSharedPage(page));
    expect(decoded?.storedAt).toBe(page.storedAt);
    expect(decoded?.etag).toBe(page.etag);
    expect(decoded?.headers).toEqual(page.headers);
    expect(new TextDecoder().decode(decoded?.identity)).toBe(html('épices'));
    expect(Buffer.from(decoded?.br ?? []).equals(Buffer.from(page.br))).toBe(true);
    expect(decodeSharedPage(Buffer.from('n’importe quoi'))).toBeNull();
  });

  it('a release is the hash of the server bundle: the same file the same release, another file another', () => {
    const here = releaseOf(import.meta.url);
    expect(here).toMatch(/^[\w-]{12}$/);
    expect(releaseOf(import.meta.url)).toBe(here);
    expect(releaseOf(new URL('./sharedPages.ts', import.meta.url).href)).not.toBe(here);
    expect(releaseOf('file:///nulle-part/server.js')).toBe('unknown');
  });

  it('namespaces differ by release and by database', () => {
    const one = sharedPagesSite('release-a', databaseTargetFromEnv({ DATABASE_URL: 'postgres://h/one' }));
    expect(sharedPagesSite('release-a', databaseTargetFromEnv({ DATABASE_URL: 'postgres://h/one' }))).toBe(one);
    expect(sharedPagesSite('release-b', databaseTargetFromEnv({ DATABASE_URL: 'postgres://h/one' }))).not.toBe(one);
    expect(sharedPagesSite('release-a', databaseTargetFromEnv({ DATABASE_URL: 'postgres://h/two' }))).not.toBe(one);
  });
});

const redisUp = await redisTestsRun(testRedisUrl);

describe.runIf(redisUp)('pages shared between processes through Redis', () => {
  const root = `piquante-test:${randomUUID()}:`;
  const opened: SharedPages[] = [];
  afterAll(async () => {
    const { createClient } = await import('redis');
    const client = createClient({ url: testRedisUrl });
    await client.connect();
    for await (const keys of client.scanIterator({ MATCH: `${root}*`, COUNT: 500 })) if (keys.length > 0) await client.unlink(keys);
    client.destroy();
    await Promise.all(opened.map((shared) => shared.close()));
  });

  /** One "process": its own LRU and answerer over the shared Redis; `render` counts its renders. */
  function process_(site: string, page: (request: Request) => Response | Promise<Response> = (r) => okPage(r)) {
    const shared = createSharedPages(testRedisUrl, site, { root, pollMs: 5 });
    opened.push(shared);
    const cache = new PageCache();
    let renders = 0;
    const pages = createPageAnswerer(
      cache,
      async (request) => {
        renders++;
        return page(request);
      },
      { csp: pageSourcesFromEnv({}), shared },
    );
    return { cache, shared, pages, renders: () => renders };
  }

  const okPage = (request: Request) =>
    new Response(html(new URL(request.url).pathname), { headers: { 'content-type': 'text/html; charset=utf-8' } });

  it('a page one process rendered is served by the other without rendering (X-Cache: SHARED), then from its own memory', async () => {
    const site = randomUUID();
    const a = process_(site);
    const b = process_(site);
    const first = await a.pages.answer(get('/mode', { 'accept-encoding': 'br' }));
    expect(first.headers.get('x-cache')).toBe('MISS');
    const other = await b.pages.answer(get('/mode', { 'accept-encoding': 'gzip' }));
    expect(other.headers.get('x-cache')).toBe('SHARED');
    expect(other.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(other.headers.get('content-encoding')).toBe('gzip');
    expect(other.headers.get('content-security-policy')).toBe(first.headers.get('content-security-policy'));
    const plain = await b.pages.answer(get('/mode'));
    expect(plain.headers.get('x-cache')).toBe('HIT');
    expect(await plain.text()).toBe(html('/mode'));
    expect([a.renders(), b.renders()]).toEqual([1, 0]);
  });

  it('concurrent misses on both processes render once in all', async () => {
    const site = randomUUID();
    let release: () => void = () => {};
    const gate = new Promise<void>((done) => {
      release = done;
    });
    const slow = async (request: Request) => {
      await gate;
      return okPage(request);
    };
    const a = process_(site, slow);
    const b = process_(site, slow);
    const answers = Promise.all([
      ...Array.from({ length: 5 }, () => a.pages.answer(get('/beaute'))),
      ...Array.from({ length: 5 }, () => b.pages.answer(get('/beaute'))),
    ]);
    // Let both processes reach Redis (one holds the lock, the other polls), then let the render finish.
    await new Promise((done) => setTimeout(done, 100));
    release();
    const all = await answers;
    expect(a.renders() + b.renders()).toBe(1);
    expect(new Set(all.map((answer) => answer.headers.get('etag'))).size).toBe(1);
    expect(all.every((answer) => answer.status === 200)).toBe(true);
  });

  it('a content change purges every process, in memory and in Redis: the next reader gets the new page', async () => {
    const site = randomUUID();
    let version = 'avant';
    const page = () => new Response(html(version), { headers: { 'content-type': 'text/html; charset=utf-8' } });
    const a = process_(site, page);
    const b = process_(site, page);
    const env = { REDIS_URL: testRedisUrl };
    const listeners = await Promise.all([
      listenForContentChanges(a.cache, 'pglite', contentChangeRoutesFromEnv(env), a.shared),
      listenForContentChanges(b.cache, 'pglite', contentChangeRoutesFromEnv(env), b.shared),
    ]);
    try {
      // The listeners purge their process once when they connect: fill after that.
      await Promise.all(listeners.map((listener) => listener.connected));
      expect(await (await a.pages.answer(get('/'))).text()).toBe(html('avant'));
      expect(await (await b.pages.answer(get('/'))).text()).toBe(html('avant'));
      expect(b.cache.size).toBe(1);
      version = 'après';
      await notifyContentChanged(contentChangeRoutesFromEnv(env), { sharedPagesRoot: root });
      const deadline = Date.now() + 5000;
      while (a.cache.size + b.cache.size > 0 && Date.now() < deadline) await new Promise((done) => setTimeout(done, 20));
      expect(a.cache.size + b.cache.size).toBe(0);
      expect(await (await b.pages.answer(get('/'))).text()).toBe(html('après'));
      const fromA = await a.pages.answer(get('/'));
      expect(await fromA.text()).toBe(html('après'));
      expect(fromA.headers.get('x-cache')).toBe('SHARED');
      expect(a.renders() + b.renders()).toBe(2);
    } finally {
      await Promise.all(listeners.map((listener) => listener.stop()));
    }
  });

  it('a purge heard by several processes is counted once; old generations are deleted from Redis', async () => {
    const site = randomUUID();
    const a = process_(site);
    await a.pages.answer(get('/vieille-page'));
    const { createClient } = await import('redis');
    const client = createClient({ url: testRedisUrl });
    await client.connect();
    try {
      const generation = Number((await client.get(`${root}generation`)) ?? 0);
      const id = randomUUID();
      await Promise.all([a.shared.purge(id), process_(site).shared.purge(id), process_(site).shared.purge(id)]);
      expect(Number(await client.get(`${root}generation`))).toBe(generation + 1);
      const left: string[] = [];
      for await (const keys of client.scanIterator({ MATCH: `${root}${site}:page:*` })) left.push(...keys);
      expect(left).toEqual([]);
    } finally {
      client.destroy();
    }
  });

  it('never shares what may not be stored (a cookie, an error): each process renders it for itself', async () => {
    const site = randomUUID();
    const cookie = () => new Response(html('à moi'), { headers: { 'content-type': 'text/html', 'set-cookie': 'lecteur=a' } });
    const a = process_(site, cookie);
    const b = process_(site, cookie);
    expect((await a.pages.answer(get('/cookie'))).headers.get('cache-control')).toBe('no-store');
    const other = await b.pages.answer(get('/cookie'));
    expect(other.headers.get('x-cache')).toBe('MISS');
    expect([a.renders(), b.renders()]).toEqual([1, 1]);
    const failing = process_(site, () => new Response('panne', { status: 503 }));
    expect((await failing.pages.answer(get('/panne'))).status).toBe(503);
    expect(await failing.shared.get('/panne')).toBeNull();
  });

  it('another release (or site) never sees the pages', async () => {
    const a = process_(randomUUID());
    const b = process_(randomUUID());
    await a.pages.answer(get('/mode'));
    expect((await b.pages.answer(get('/mode'))).headers.get('x-cache')).toBe('MISS');
    expect(b.renders()).toBe(1);
  });
});

describe('without Redis', () => {
  it('each process renders on its own: readers are served, nothing fails', async () => {
    const shared = createSharedPages('redis://127.0.0.1:1', 'site', { root: 'piquante-test-down:' });
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      const pages = createPageAnswerer(
        new PageCache(),
        async () => new Response(html('hors ligne'), { headers: { 'content-type': 'text/html' } }),
        {
          csp: pageSourcesFromEnv({}),
          shared,
        },
      );
      const answer = await pages.answer(get('/'));
      expect(answer.status).toBe(200);
      expect(answer.headers.get('x-cache')).toBe('MISS');
      expect((await pages.answer(get('/'))).headers.get('x-cache')).toBe('HIT');
      await shared.purge('x');
    } finally {
      console.error = original;
      await shared.close();
    }
    expect(errors.length).toBeGreaterThan(0);
  });
});
