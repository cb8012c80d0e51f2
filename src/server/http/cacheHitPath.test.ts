/**
 * The node:http hit path (issue 22) against the normal path, over real HTTP: two srvx servers share one
 * page cache, one with the hit path in front (as scripts/serve.mjs puts it), one without. Every answer
 * the hit path gives must be the normal path's, header for header and byte for byte; everything it must
 * not answer (a miss, a POST, a private page, an address the URL parser rewrites, a purged page) reaches
 * the normal path.
 */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { serve } from 'srvx';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { putHitPathInFront } from '../../../scripts/lib/hitPathInFront.mjs';
import { strictTransportSecurity, transportSecurityFromEnv } from '../config/transportSecurity.ts';
import { createCacheHitPath, isPlainTarget } from './cacheHitPath.ts';
import { createPageAnswerer } from './pageAnswers.ts';
import { PageCache } from './pageCache.ts';
import { pageSourcesFromEnv } from '../config/pageSources.ts';

const transport = transportSecurityFromEnv({ TRUST_PROXY: '1' });
const cache = new PageCache(10_000_000);
let renders = 0;
let normalPathRequests = 0;

const pageHtml = (path: string) =>
  `<!doctype html><html lang="fr"><head><script>self.page=${JSON.stringify(path)}</script></head><body><h1>Page ${path}</h1>${'<p>Texte du magazine.</p>'.repeat(200)}</body></html>`;

const pages = createPageAnswerer(
  cache,
  async (request) => {
    renders++;
    const { pathname } = new URL(request.url);
    if (pathname === '/cookie')
      return new Response(pageHtml(pathname), { headers: { 'content-type': 'text/html; charset=utf-8', 'set-cookie': 'a=1' } });
    return new Response(pageHtml(pathname), { headers: { 'content-type': 'text/html; charset=utf-8', 'content-language': 'fr' } });
  },
  { csp: pageSourcesFromEnv({}) },
);

/** What src/server.ts does with a page request: the page (cache), then HSTS. */
async function normalPath(request: Request): Promise<Response> {
  normalPathRequests++;
  const response = await pages.answer(request);
  const hsts = strictTransportSecurity(request, transport);
  if (hsts) response.headers.set('strict-transport-security', hsts);
  return response;
}

const hitPath = createCacheHitPath(cache, transport);
const withHitPath = serve({ port: 0, hostname: '127.0.0.1', silent: true, manual: true, fetch: normalPath });
const without = serve({ port: 0, hostname: '127.0.0.1', silent: true, fetch: normalPath });
putHitPathInFront(withHitPath, (req, res) => hitPath.answer(req, res));

interface Answer {
  status: number;
  statusMessage: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

function send(server: typeof without, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  const { port } = new URL(server.url as string);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, statusMessage: res.statusMessage ?? '', headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/** Headers that are per answer by nature: the clock, and the connection's own. */
function comparable(answer: Answer): Omit<Answer, 'headers'> & { headers: Record<string, unknown> } {
  // date, age and nginx's lifetime (X-Accel-Expires, the current second) change with the clock.
  const { date, age, connection, 'keep-alive': keepAlive, 'x-accel-expires': proxyExpires, ...headers } = answer.headers;
  return { ...answer, headers };
}

beforeAll(async () => {
  await withHitPath.serve();
  await Promise.all([withHitPath.ready(), without.ready()]);
});

afterAll(async () => {
  await Promise.all([withHitPath.close(true), without.close(true)]);
});

beforeEach(() => {
  cache.purge();
});

describe('the hit path answers exactly as the normal path', () => {
  const cases: [string, Record<string, string>, string][] = [
    ['brotli', { 'accept-encoding': 'gzip, deflate, br' }, 'GET'],
    ['gzip', { 'accept-encoding': 'gzip' }, 'GET'],
    ['identity', {}, 'GET'],
    ['HEAD', { 'accept-encoding': 'br' }, 'HEAD'],
    [
      'a reader with cookies (they play no part in a cached page)',
      { 'accept-encoding': 'gzip', cookie: 'piquante_session=abc; cc_cookie=x' },
      'GET',
    ],
    ['behind a proxy that says https (HSTS)', { 'accept-encoding': 'gzip', 'x-forwarded-proto': 'https' }, 'GET'],
  ];
  for (const [name, headers, method] of cases) {
    it(`${name}: same status, headers and bytes`, async () => {
      await send(without, '/mode/article?page=2', headers); // stored by the normal path
      normalPathRequests = 0;
      const normal = await send(without, '/mode/article?page=2', headers, method);
      const hit = await send(withHitPath, '/mode/article?page=2', headers, method);
      expect(normalPathRequests).toBe(1); // the hit never reached the normal path
      expect(hit.headers['x-cache']).toBe('HIT');
      expect(comparable(hit)).toEqual(comparable(normal));
      expect(hit.headers.age).toMatch(/^\d+$/);
      expect(hit.headers['x-accel-expires']).toMatch(/^@\d+$/);
      expect(normal.headers['x-accel-expires']).toMatch(/^@\d+$/);
      if (method === 'HEAD') expect(hit.body.byteLength).toBe(0);
      else expect(hit.body.byteLength).toBe(Number(hit.headers['content-length']));
    });
  }

  it('answers If-None-Match with the same 304', async () => {
    const first = await send(without, '/culture', { 'accept-encoding': 'gzip' });
    const etag = String(first.headers.etag);
    for (const ifNoneMatch of [etag, `"other", ${etag}`, '*']) {
      normalPathRequests = 0;
      const normal = await send(without, '/culture', { 'if-none-match': ifNoneMatch, 'x-forwarded-proto': 'https' });
      const hit = await send(withHitPath, '/culture', { 'if-none-match': ifNoneMatch, 'x-forwarded-proto': 'https' });
      expect(normalPathRequests).toBe(1);
      expect(hit.status).toBe(304);
      expect(comparable(hit)).toEqual(comparable(normal));
      // nginx takes the refreshed entry's lifetime from the 304.
      expect(hit.headers['x-accel-expires']).toMatch(/^@\d+$/);
      expect(hit.headers['strict-transport-security']).toBe('max-age=31536000');
    }
    const changed = await send(withHitPath, '/culture', { 'if-none-match': '"stale"' });
    expect(changed.status).toBe(200);
  });
});

describe('what the hit path leaves to the normal path', () => {
  it('a miss renders through the normal path, and the next request is a hit', async () => {
    normalPathRequests = 0;
    const miss = await send(withHitPath, '/beaute');
    expect(miss.headers['x-cache']).toBe('MISS');
    expect(normalPathRequests).toBe(1);
    const hit = await send(withHitPath, '/beaute');
    expect(hit.headers['x-cache']).toBe('HIT');
    expect(normalPathRequests).toBe(1);
  });

  it('a POST, even to a cached address', async () => {
    await send(without, '/beaute');
    normalPathRequests = 0;
    await send(withHitPath, '/beaute', {}, 'POST');
    expect(normalPathRequests).toBe(1);
  });

  it('a private page (a token in its address) is never stored, so never answered from here', async () => {
    const [prefix] = (await import('../../../app.config.ts')).appConfig.pageCache.privatePathPrefixes;
    const path = `${prefix}jeton-du-lecteur`;
    await send(withHitPath, path);
    normalPathRequests = 0;
    const again = await send(withHitPath, path);
    expect(again.headers['x-cache']).toBe('BYPASS');
    expect(again.headers['cache-control']).toBe('no-store');
    expect(normalPathRequests).toBe(1);
  });

  it('an answer that sets a cookie is never stored, so never answered from here', async () => {
    await send(withHitPath, '/cookie');
    normalPathRequests = 0;
    const again = await send(withHitPath, '/cookie');
    expect(again.headers['x-cache']).toBe('MISS');
    expect(again.headers['set-cookie']).toEqual(['a=1']);
    expect(normalPathRequests).toBe(1);
  });

  it('a purge: the next request renders again', async () => {
    await send(withHitPath, '/mode');
    const rendersBefore = renders;
    expect((await send(withHitPath, '/mode')).headers['x-cache']).toBe('HIT');
    cache.purge();
    normalPathRequests = 0;
    const fresh = await send(withHitPath, '/mode');
    expect(fresh.headers['x-cache']).toBe('MISS');
    expect(renders).toBe(rendersBefore + 1);
    expect(normalPathRequests).toBe(1);
  });

  it('addresses the URL parser would rewrite take the normal path (which knows their key)', async () => {
    for (const raw of [
      '/mode/',
      '/mode/?page=2',
      '/a/../mode',
      '/%2e%2e/mode',
      '/mode/.',
      '//mode',
      '/mode?',
      "/mode?q='x'",
      '/mode x',
      '/mode\\x',
      '/mode#x',
    ]) {
      expect(isPlainTarget(raw), raw).toBe(false);
    }
    for (const plain of ['/mode', '/mode/article-1?page=2&tri=date', '/', "/l'article", '/caf%C3%A9', '/mode%20x']) {
      expect(isPlainTarget(plain), plain).toBe(true);
    }
    // The property the hit path rests on: a plain target is its own parsed key.
    const alphabet = ['/', '.', '%', '2', 'e', 'E', 'a', '?', '&', '=', "'", ' ', '\\', '#', '~', '@', ':', ';', 'é', '+', '"', '<'];
    for (let i = 0; i < 20_000; i++) {
      let target = '/';
      for (let n = Math.floor(Math.random() * 12); n > 0; n--) target += alphabet[Math.floor(Math.random() * alphabet.length)];
      if (!isPlainTarget(target)) continue;
      const parsed = new URL(target, 'http://magazine.test');
      expect(`${parsed.pathname}${parsed.search}`, target).toBe(target);
    }
    await send(withHitPath, '/mode');
    normalPathRequests = 0;
    await send(withHitPath, '/a/../mode');
    expect(normalPathRequests).toBe(1);
  });
});
