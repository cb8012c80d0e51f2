/**
 * The page cache's node:http hit path (issue 22) in the production build, over real HTTP: a hit carries
 * the headers and bytes the normal path gave when it rendered the page (security headers, CSP hashes,
 * HSTS behind a proxy that says https, Vary, ETag, Cache-Control), a HEAD and a 304 too; and a publication
 * in the newsroom empties the cache at once: the very next request renders the new page.
 * The same purge across two processes (WORKERS=2 + Redis) is in workers.spec.ts.
 */
import { expect, test } from '@playwright/test';
import { appConfig } from '../../app.config.ts';
import { newsroomServer, STAFF_PASSWORD } from './support/newsroom.ts';
import { raw } from './support/rawHttp.ts';

const editor = 'cache-edition@piquante.test';
const server = newsroomServer([[editor, 'Édition du cache', 'editor']], { TRUST_PROXY: '1' });

/** Per answer by nature: the clock (and nginx's lifetime, the current second), the connection's own, and the cache's account of itself. */
function comparable(headers: Record<string, string | string[] | undefined>) {
  const { date, age, connection, 'keep-alive': keepAlive, 'x-cache': state, 'x-accel-expires': proxyExpires, ...rest } = headers;
  return rest;
}

test('a hit answered before the framework carries the headers and bytes the render gave', async () => {
  const { baseUrl } = server;
  for (const [path, encoding] of [
    ['/mode', 'br'],
    ['/beaute', 'gzip'],
    ['/mentions-legales', ''],
  ] as const) {
    const headers = { 'accept-encoding': encoding, 'x-forwarded-proto': 'https' };
    const miss = await raw(baseUrl, 'GET', path, headers);
    expect(miss.headers['x-cache'], path).toBe('MISS');
    const hit = await raw(baseUrl, 'GET', path, headers);
    expect(hit.headers['x-cache'], path).toBe('HIT');
    expect(hit.status).toBe(200);
    expect(hit.statusMessage).toBe('OK');
    expect(comparable(hit.headers), path).toEqual(comparable(miss.headers));
    expect(hit.bytes.equals(miss.bytes), path).toBe(true);
    expect(hit.headers['strict-transport-security']).toMatch(/^max-age=\d+$/);
    expect(hit.headers['content-security-policy']).toContain("script-src 'self' 'sha256-");

    const head = await raw(baseUrl, 'HEAD', path, headers);
    expect(head.headers['x-cache']).toBe('HIT');
    expect(comparable(head.headers)).toEqual(comparable(miss.headers));
    expect(head.bytes.byteLength).toBe(0);

    const notModified = await raw(baseUrl, 'GET', path, { 'if-none-match': String(hit.headers.etag) });
    expect(notModified.status).toBe(304);
    expect(notModified.statusMessage).toBe('Not Modified');
    expect(notModified.bytes.byteLength).toBe(0);
    expect(notModified.headers.etag).toBe(hit.headers.etag);
    expect(notModified.headers['cache-control']).toBe(hit.headers['cache-control']);
    expect(notModified.headers.vary).toBe('accept-encoding');
  }
});

test('a cacheable API answer is kept beside the pages, with its own Cache-Control; the newsroom never is', async () => {
  const { baseUrl } = server;
  for (const path of ['/api/categories', '/api/articleLast', '/api/search?q=robe']) {
    const miss = await raw(baseUrl, 'GET', path, { 'accept-encoding': 'br' });
    expect(miss.status, path).toBe(200);
    const hit = await raw(baseUrl, 'GET', path, { 'accept-encoding': 'br' });
    expect(hit.headers['x-cache'], path).toBe('HIT');
    expect(comparable(hit.headers), path).toEqual(comparable(miss.headers));
    expect(hit.bytes.equals(miss.bytes), path).toBe(true);
    expect(hit.headers['cache-control'], path).toBe(appConfig.apiCache.list);
    expect((await raw(baseUrl, 'GET', path, { 'if-none-match': String(hit.headers.etag) })).status, path).toBe(304);
  }
  for (let i = 0; i < 2; i++) {
    const admin = await raw(baseUrl, 'GET', '/api/admin/articles');
    expect(admin.headers['x-cache']).toBeUndefined();
    expect(admin.status).toBe(401);
  }
});

test('a publication in the newsroom: the next request for the category renders it, no waiting', async () => {
  const { baseUrl } = server;
  const session = await fetch(`${baseUrl}/api/admin/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email: editor, password: STAFF_PASSWORD }),
  });
  expect(session.status).toBe(200);
  const cookie = (session.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const staff = {
    cookie,
    'x-csrf-token': ((await session.json()) as { csrfToken: string }).csrfToken,
    origin: baseUrl,
    'content-type': 'application/json',
  };
  // The category page held by the cache, and a signed-in editor's cookie changes nothing about it.
  await raw(baseUrl, 'GET', '/mode');
  const held = await raw(baseUrl, 'GET', '/mode', { cookie });
  expect(held.headers['x-cache']).toBe('HIT');
  expect(held.headers['set-cookie']).toBeUndefined();
  await raw(baseUrl, 'GET', '/api/articleLast');
  expect((await raw(baseUrl, 'GET', '/api/articleLast')).headers['x-cache']).toBe('HIT');

  const title = `Tout juste publié ${Date.now()}`;
  const created = await fetch(`${baseUrl}/api/admin/articles`, {
    method: 'POST',
    headers: staff,
    body: JSON.stringify({
      title,
      subtitle: 'Un chapô',
      categorySlug: 'mode',
      stamp: null,
      mainImage: { url: '/media/svg/article/x.svg', alt: 'Une image', width: 1200, height: 800 },
      doc: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Texte.' }] }] },
    }),
  });
  expect(created.status).toBe(201);
  const article = (await created.json()) as { id: number; version: number };
  const published = await fetch(`${baseUrl}/api/admin/articles/${article.id}/status`, {
    method: 'POST',
    headers: staff,
    body: JSON.stringify({ action: 'publish', version: article.version }),
  });
  expect(published.status).toBe(200);

  const next = await raw(baseUrl, 'GET', '/mode');
  expect(next.headers['x-cache']).toBe('MISS');
  expect(next.body).toContain(title);
  expect((await raw(baseUrl, 'GET', '/mode')).headers['x-cache']).toBe('HIT');
  const latest = await raw(baseUrl, 'GET', '/api/articleLast');
  expect(latest.headers['x-cache']).toBe('MISS');
  expect(latest.body).toContain(title);

  const { version } = (await published.json()) as { version: number };
  const unpublished = await fetch(`${baseUrl}/api/admin/articles/${article.id}/status`, {
    method: 'POST',
    headers: staff,
    body: JSON.stringify({ action: 'unpublish', version }),
  });
  expect(unpublished.status).toBe(200);
  const after = await raw(baseUrl, 'GET', '/mode');
  expect(after.headers['x-cache']).toBe('MISS');
  expect(after.body).not.toContain(title);
});
