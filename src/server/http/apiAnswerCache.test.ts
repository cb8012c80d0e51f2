/**
 * Cacheable API answers kept in the page cache (issue 22): what is stored (a public 200 to a GET), what
 * never is (no-store, private, a cookie set, an error, the newsroom, a HEAD's empty answer, a lifetime
 * shorter than the cache's), and that a purge drops them like pages.
 */
import { describe, expect, it } from 'vitest';
import { appConfig } from '../../../app.config.ts';
import { answerApiThroughCache, isCacheableApiRequest } from './apiAnswerCache.ts';
import { entityTag, withEntityTag } from './httpCache.ts';
import { PageCache } from './pageCache.ts';

const get = (path: string, init: RequestInit = {}) => new Request(`http://magazine.test${path}`, init);

function counted(make: () => Response) {
  const calls = { count: 0 };
  return {
    calls,
    compute: (request: Request) => async () => {
      calls.count++;
      return withEntityTag(request, make());
    },
  };
}

const publicJson = (body: unknown, cacheControl: string = appConfig.apiCache.list, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': cacheControl,
      'x-content-type-options': 'nosniff',
      ...headers,
    },
  });

describe('API answers in the page cache', () => {
  it('stores a public 200 and answers the next GET from it, with its own Cache-Control and the same ETag', async () => {
    const cache = new PageCache();
    const body = { results: [{ slug: 'mode' }] };
    const api = counted(() => publicJson(body));
    const first = await answerApiThroughCache(
      cache,
      get('/api/categories'),
      new URL('http://magazine.test/api/categories'),
      api.compute(get('/api/categories')),
    );
    const second = await answerApiThroughCache(
      cache,
      get('/api/categories', { headers: { 'accept-encoding': 'br' } }),
      new URL('http://magazine.test/api/categories'),
      api.compute(get('/api/categories')),
    );
    expect(api.calls.count).toBe(1);
    expect(first?.headers.get('x-cache')).toBe('MISS');
    expect(second?.headers.get('x-cache')).toBe('HIT');
    expect(second?.headers.get('content-encoding')).toBe('br');
    expect(second?.headers.get('cache-control')).toBe(appConfig.apiCache.list);
    expect(second?.headers.get('x-content-type-options')).toBe('nosniff');
    expect(first?.headers.get('etag')).toBe(entityTag(JSON.stringify(body)));
    expect(await first?.json()).toEqual(body);
    const conditional = await answerApiThroughCache(
      cache,
      get('/api/categories', { headers: { 'if-none-match': entityTag(JSON.stringify(body)) } }),
      new URL('http://magazine.test/api/categories'),
      api.compute(get('/api/categories')),
    );
    expect(conditional?.status).toBe(304);
    expect(api.calls.count).toBe(1);
  });

  it('never stores what a shared cache may not keep', async () => {
    const refused: [string, () => Response][] = [
      ['no-store', () => publicJson({}, 'no-store')],
      ['private', () => publicJson({}, 'private, max-age=60')],
      ['a cookie set', () => publicJson({}, appConfig.apiCache.list, { 'set-cookie': 'a=1' })],
      ['an error', () => new Response('{}', { status: 404, headers: { 'cache-control': appConfig.apiCache.list } })],
      ['a lifetime shorter than the cache keeps pages', () => publicJson({}, 'public, max-age=5')],
    ];
    for (const [name, make] of refused) {
      const cache = new PageCache();
      const api = counted(make);
      for (let i = 0; i < 2; i++)
        await answerApiThroughCache(cache, get('/api/x'), new URL('http://magazine.test/api/x'), api.compute(get('/api/x')));
      expect(api.calls.count, name).toBe(2);
      expect(cache.size, name).toBe(0);
    }
  });

  it('a HEAD is answered but stores nothing (its answer has no body)', async () => {
    const cache = new PageCache();
    const head = get('/api/quotations', { method: 'HEAD' });
    const answer = await answerApiThroughCache(
      cache,
      head,
      new URL(head.url),
      async () => new Response(null, { headers: { 'cache-control': appConfig.apiCache.list } }),
    );
    expect(answer?.status).toBe(200);
    expect(cache.size).toBe(0);
  });

  it('a purge drops the stored answers; an answer computed across a purge is not kept', async () => {
    const cache = new PageCache();
    let version = 1;
    const api = counted(() => publicJson({ version }));
    const url = new URL('http://magazine.test/api/articleLast');
    await answerApiThroughCache(cache, get('/api/articleLast'), url, api.compute(get('/api/articleLast')));
    cache.purge();
    version = 2;
    const after = await answerApiThroughCache(cache, get('/api/articleLast'), url, api.compute(get('/api/articleLast')));
    expect(await after?.json()).toEqual({ version: 2 });
    cache.purge();
    const across = await answerApiThroughCache(cache, get('/api/articleLast'), url, async () => {
      cache.purge(); // content changed while this answer was being computed
      return publicJson({ version: 3 });
    });
    expect(await across?.json()).toEqual({ version: 3 });
    expect(cache.size).toBe(0);
  });

  it('leaves the newsroom, previews, the newsletter and writes alone', () => {
    const cases: [string, string, boolean][] = [
      ['GET', '/api/categories', true],
      ['HEAD', '/api/search?q=robe', true],
      ['GET', '/api/admin/articles', false],
      ['GET', '/api/preview/jeton', false],
      ['GET', '/newsletter/confirmation', false],
      ['POST', '/api/popin/survey', false],
      ['GET', '/mode', false],
    ];
    for (const [method, path, expected] of cases) {
      const request = get(path, { method });
      expect(isCacheableApiRequest(request, new URL(request.url)), `${method} ${path}`).toBe(expected);
    }
  });
});
