/**
 * The page cache and the way pages are answered from it: LRU memory bound, single-flight rendering,
 * freshness windows, purge, cookies never shared, 5xx never stored, stale-if-error, 304 by ETag.
 */
import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { appConfig } from '../../../app.config.ts';
import { createPageAnswerer } from './pageAnswers.ts';
import { canServeOnError, freshnessOf, PageCache, pageBytes, storePage } from './pageCache.ts';
import { pageSourcesFromEnv } from '../config/pageSources.ts';

// storePage watched (still the real one): a page rendered for one request must not be compressed for a cache.
vi.mock('./pageCache.ts', async (original) => {
  const real = await original<typeof import('./pageCache.ts')>();
  return { ...real, storePage: vi.fn(real.storePage) };
});

const encoder = new TextEncoder();
const html = (text: string) =>
  `<!doctype html><html><head><script>self.x=${JSON.stringify(text)}</script></head><body>${text}</body></html>`;

function page(text: string, headers: Record<string, string> = {}, status = 200) {
  return new Response(html(text), { status, headers: { 'content-type': 'text/html; charset=utf-8', ...headers } });
}

const get = (path: string, headers: Record<string, string> = {}) => new Request(`http://magazine.test${path}`, { headers });

describe('page cache (LRU bounded in bytes)', () => {
  it('never holds more bytes than its bound, dropping the least recently used first', async () => {
    const bodies = await Promise.all(Array.from({ length: 10 }, (_, i) => storePage(200, [], encoder.encode(String(i).repeat(10_000)))));
    const one = Math.max(...bodies.map((body) => pageBytes('/p00', body)));
    const cache = new PageCache(one * 5 + 10);
    for (let i = 0; i < 50; i++) {
      cache.set(`/p${String(i).padStart(2, '0')}`, bodies[i % 10] as (typeof bodies)[number]);
      expect(cache.bytes).toBeLessThanOrEqual(cache.maxBytes);
    }
    expect(cache.size).toBe(5);
    expect(cache.get('/p00')).toBeUndefined();
    // /p45 used again: the next page pushes out /p46, the least recently used, not /p45.
    expect(cache.get('/p45')).toBeDefined();
    cache.set('/p50', bodies[0] as (typeof bodies)[number]);
    expect(cache.get('/p45')).toBeDefined();
    expect(cache.get('/p46')).toBeUndefined();
  });

  it('refuses a page larger than the whole bound', async () => {
    const cache = new PageCache(1000);
    cache.set('/big', await storePage(200, [], encoder.encode('y'.repeat(5000))));
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
  });

  it('stores the page precompressed, the bodies decoding to the same bytes', async () => {
    const stored = await storePage(200, [], encoder.encode(html('bonjour')));
    expect(gunzipSync(stored.gzip).toString()).toBe(html('bonjour'));
    expect(stored.br.byteLength).toBeGreaterThan(0);
    expect(stored.etag).toMatch(/^W\/"[\w-]{27}"$/);
  });

  it('ages a page from fresh to stale to error-only, then out of stale-if-error', async () => {
    const { sMaxAgeSeconds, staleWhileRevalidateSeconds, staleIfErrorSeconds } = appConfig.pageCache;
    const stored = await storePage(200, [], encoder.encode('a'), 0);
    expect(freshnessOf(stored, 0)).toBe('fresh');
    expect(freshnessOf(stored, sMaxAgeSeconds * 1000)).toBe('stale');
    expect(freshnessOf(stored, (sMaxAgeSeconds + staleWhileRevalidateSeconds) * 1000)).toBe('error-only');
    expect(canServeOnError(stored, (sMaxAgeSeconds + staleIfErrorSeconds - 1) * 1000)).toBe(true);
    expect(canServeOnError(stored, (sMaxAgeSeconds + staleIfErrorSeconds) * 1000)).toBe(false);
  });
});

describe('pages answered from the cache', () => {
  function setup(renderPage: (request: Request) => Response | Promise<Response>) {
    const cache = new PageCache();
    let renders = 0;
    const pages = createPageAnswerer(
      cache,
      async (request) => {
        renders++;
        return renderPage(request);
      },
      { csp: pageSourcesFromEnv({}) },
    );
    return { cache, pages, renders: () => renders };
  }

  it('renders concurrent misses for one address once, then answers hits with Cache-Control, ETag and 304', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((done) => {
      release = done;
    });
    const { pages, renders } = setup(async () => {
      await gate;
      return page('article');
    });
    const waiting = Array.from({ length: 20 }, () => pages.answer(get('/mode/un-article')));
    release();
    const answers = await Promise.all(waiting);
    expect(renders()).toBe(1);
    for (const answer of answers) expect(await answer.text()).toBe(html('article'));
    const hit = await pages.answer(get('/mode/un-article', { 'accept-encoding': 'gzip, br' }));
    expect(hit.headers.get('x-cache')).toBe('HIT');
    expect(hit.headers.get('content-encoding')).toBe('br');
    expect(hit.headers.get('vary')).toBe('accept-encoding');
    expect(hit.headers.get('cache-control')).toBe(
      `public, max-age=0, s-maxage=${appConfig.pageCache.sMaxAgeSeconds}, stale-while-revalidate=${appConfig.pageCache.staleWhileRevalidateSeconds}, stale-if-error=${appConfig.pageCache.staleIfErrorSeconds}`,
    );
    const csp = hit.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self' 'sha256-[\w+/]+=*'/);
    expect(csp).not.toContain('nonce');
    const etag = hit.headers.get('etag') ?? '';
    const revalidated = await pages.answer(get('/mode/un-article', { 'if-none-match': etag }));
    expect(revalidated.status).toBe(304);
    expect(revalidated.statusText).toBe('Not Modified');
    expect(revalidated.headers.get('etag')).toBe(etag);
    expect(await revalidated.text()).toBe('');
    expect(renders()).toBe(1);
  });

  it("renders without the reader's cookies and never stores nor shares an answer that sets one", async () => {
    const seen: (string | null)[] = [];
    const { pages, cache, renders } = setup((request) => {
      seen.push(request.headers.get('cookie'));
      return page('avec cookie', { 'set-cookie': 'session=reader-a' });
    });
    const first = await pages.answer(get('/', { cookie: 'session=reader-a' }));
    expect(first.headers.get('cache-control')).toBe('no-store');
    const second = await pages.answer(get('/'));
    expect(second.headers.get('set-cookie')).toBe('session=reader-a'); // rendered again, for this reader
    expect(renders()).toBe(2);
    expect(cache.size).toBe(0);
    expect(seen).toEqual([null, null]);
  });

  it('does not store a 5xx or a 404, and answers them no-store', async () => {
    const { pages, cache } = setup((request) => page('oups', {}, request.url.endsWith('/absent') ? 404 : 500));
    for (const path of ['/absent', '/panne']) {
      const answer = await pages.answer(get(path));
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(answer.headers.get('etag')).toBeNull();
    }
    expect(cache.size).toBe(0);
  });

  it("keeps pages with a reader's token out of the cache", async () => {
    const { pages, cache, renders } = setup(() => page('confirmé'));
    for (const path of ['/inscription/confirmer/jeton', '/desinscription/confirmer/jeton', '/desinscription']) {
      const answer = await pages.answer(get(path));
      expect(answer.status).toBe(200);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(answer.headers.get('x-cache')).toBe('BYPASS');
    }
    expect(cache.size).toBe(0);
    expect(renders()).toBe(3);
  });

  it('compresses nothing for a cache when a page is rendered for one request (cache off, private page)', async () => {
    const off = createPageAnswerer(new PageCache(0), async () => page('sans cache'), { csp: pageSourcesFromEnv({}) });
    vi.mocked(storePage).mockClear();
    for (const path of ['/', '/mode', '/desinscription']) {
      const answer = await off.answer(get(path, { 'accept-encoding': 'br' }));
      expect(answer.headers.get('x-cache')).toBe('BYPASS');
      // Compressed once, for this reader alone.
      expect(answer.headers.get('content-encoding')).toBe('br');
      expect(brotliDecompressSync(await answer.arrayBuffer()).toString()).toBe(html('sans cache'));
    }
    expect(storePage).not.toHaveBeenCalled();
    const on = createPageAnswerer(new PageCache(), async () => page('avec cache'), { csp: pageSourcesFromEnv({}) });
    await on.answer(get('/'));
    expect(storePage).toHaveBeenCalledTimes(1);
  });

  it('compresses a page rendered for one request for its reader: brotli, else gzip, else none; no body for HEAD', async () => {
    const off = createPageAnswerer(new PageCache(0), async () => page('pour une lectrice'), { csp: pageSourcesFromEnv({}) });
    const cases = [
      { accept: 'gzip, deflate, br', encoding: 'br', decode: brotliDecompressSync },
      { accept: 'gzip', encoding: 'gzip', decode: gunzipSync },
      { accept: '', encoding: null, decode: (bytes: ArrayBuffer) => Buffer.from(bytes) },
    ];
    for (const { accept, encoding, decode } of cases) {
      const answer = await off.answer(get('/mode', { 'accept-encoding': accept }));
      const bytes = await answer.arrayBuffer();
      expect(answer.status).toBe(200);
      expect(answer.statusText).toBe('OK');
      expect(answer.headers.get('content-encoding')).toBe(encoding);
      // As serve.mjs did: Vary only on a compressed answer (it is no-store: no cache keeps it).
      expect(answer.headers.get('vary')).toBe(encoding ? 'accept-encoding' : null);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(answer.headers.get('content-length')).toBe(String(bytes.byteLength));
      expect(decode(bytes).toString()).toBe(html('pour une lectrice'));
    }
    const head = await off.answer(new Request('http://magazine.test/mode', { method: 'HEAD', headers: { 'accept-encoding': 'br' } }));
    expect(head.body).toBeNull();
    expect(head.headers.get('content-encoding')).toBeNull();
    const json = createPageAnswerer(new PageCache(0), async () => Response.json({ error: 'non' }, { status: 406 }), {
      csp: pageSourcesFromEnv({}),
    });
    const refused = await json.answer(get('/mode', { 'accept-encoding': 'br' }));
    expect(refused.headers.get('content-encoding')).toBeNull(); // not a page: left to scripts/serve.mjs, as before
    expect(await refused.json()).toEqual({ error: 'non' });
  });

  it("takes the renderer's own HTML as it kept it, never reading its Response back", async () => {
    const text = html('gardé');
    const unread = new ReadableStream({
      pull() {
        throw new Error('the body was read back');
      },
    });
    const render = async () => ({
      response: new Response(unread, { headers: { 'content-type': 'text/html; charset=utf-8' } }),
      html: { text, bytes: encoder.encode(text) },
    });
    for (const cache of [new PageCache(0), new PageCache()]) {
      const answer = await createPageAnswerer(cache, render, { csp: pageSourcesFromEnv({}) }).answer(
        get('/mode', { 'accept-encoding': 'gzip' }),
      );
      expect(gunzipSync(await answer.arrayBuffer()).toString()).toBe(text);
      const script = createHash('sha256')
        .update(`self.x=${JSON.stringify('gardé')}`)
        .digest('base64');
      expect(answer.headers.get('content-security-policy')).toContain(`'sha256-${script}'`);
    }
  });

  it('shows the new page after a purge (content changed)', async () => {
    let title = 'avant';
    const { pages, cache } = setup(() => page(title));
    expect(await (await pages.answer(get('/'))).text()).toBe(html('avant'));
    title = 'après';
    expect(await (await pages.answer(get('/'))).text()).toBe(html('avant'));
    cache.purge();
    expect(await (await pages.answer(get('/'))).text()).toBe(html('après'));
  });

  it('serves the stored page while rendering fails (stale-if-error), and fails without one', async () => {
    let failing = false;
    const { pages, cache } = setup(() => {
      if (failing) throw new Error('database down');
      return page('en cache');
    });
    await pages.answer(get('/mode'));
    const stored = cache.get('/mode');
    if (!stored) throw new Error('not stored');
    stored.storedAt -= (appConfig.pageCache.sMaxAgeSeconds + appConfig.pageCache.staleWhileRevalidateSeconds + 1) * 1000;
    failing = true;
    const answer = await pages.answer(get('/mode'));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-cache')).toBe('STALE-IF-ERROR');
    expect(await answer.text()).toBe(html('en cache'));
    await expect(pages.answer(get('/beaute'))).rejects.toThrow('database down');
  });
});
