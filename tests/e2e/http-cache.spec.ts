/**
 * HTTP caching over real HTTP against the production build (issue 13), one test per route family:
 * pages, JSON, feeds and sitemaps, media, built assets; and what must never be cached (/newsletter/*,
 * POST, confirmation and unsubscribe pages, errors, answers that set a cookie). Then the browser: a
 * cached page runs under its hash-based CSP without a single violation.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { appConfig } from '../../app.config.ts';
import { raw } from './support/rawHttp.ts';
import { demo, waitForHydration } from './support.ts';
import { entryScriptsOf } from '../../src/app/entryAfterFirstPaint.ts';

const { sMaxAgeSeconds, staleWhileRevalidateSeconds, staleIfErrorSeconds } = appConfig.pageCache;
const PAGE_CACHE_CONTROL = `public, max-age=0, s-maxage=${sMaxAgeSeconds}, stale-while-revalidate=${staleWhileRevalidateSeconds}, stale-if-error=${staleIfErrorSeconds}`;

/**
 * Asks until the server holds `path` fresh. Earlier specs may have stored it more than s-maxage ago: then the
 * answer is STALE and a new render runs in the background (stale-while-revalidate), whose bytes, and so ETag,
 * may differ (a page's dehydrated data carries the time it was rendered). The checks below are about a fresh entry.
 */
async function heldFresh(baseURL: string, path: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while ((await raw(baseURL, 'GET', path)).headers['x-cache'] === 'STALE') {
    if (Date.now() > deadline) throw new Error(`${path} still stale after 10 s: the background refresh never stored it`);
    await new Promise((done) => setTimeout(done, 50));
  }
}

/** A cacheable answer: its Cache-Control, an ETag, and a 304 (with no body) when the client holds it. */
async function expectRevalidates(baseURL: string, path: string, cacheControl: string | RegExp) {
  await heldFresh(baseURL, path);
  const first = await raw(baseURL, 'GET', path, { 'accept-encoding': 'gzip, br' });
  expect(first.status, path).toBe(200);
  expect(first.statusMessage).toBe('OK');
  if (typeof cacheControl === 'string') expect(first.headers['cache-control'], path).toBe(cacheControl);
  else expect(first.headers['cache-control'], path).toMatch(cacheControl);
  expect(first.headers['set-cookie'], path).toBeUndefined();
  const etag = String(first.headers.etag ?? '');
  expect(etag, path).toMatch(/^(W\/)?"[^"]+"$/);
  const again = await raw(baseURL, 'GET', path, { 'accept-encoding': 'gzip, br', 'if-none-match': etag });
  expect(again.status, path).toBe(304);
  expect(again.statusMessage).toBe('Not Modified');
  expect(again.bytes.byteLength).toBe(0);
  expect(again.headers.etag).toBe(etag);
  const other = await raw(baseURL, 'GET', path, { 'if-none-match': '"autre-chose"' });
  expect(other.status, path).toBe(200);
  return first;
}

test('pages: s-maxage, stale-while-revalidate and stale-if-error from app.config.ts, ETag, 304, Vary, served from the page cache', async ({
  baseURL,
  request,
}) => {
  const d = await demo(request);
  for (const path of ['/', `/${d.category.slug}`, d.article.fullUrl, '/mentions-legales', '/inscription']) {
    const first = await expectRevalidates(baseURL as string, path, PAGE_CACHE_CONTROL);
    expect(first.headers.vary, path).toBe('accept-encoding');
    expect(first.headers['content-encoding'], path).toBe('br');
    const hit = await raw(baseURL as string, 'GET', path, { 'accept-encoding': 'gzip' });
    expect(hit.headers['x-cache'], path).toBe('HIT');
    expect(hit.headers['content-encoding'], path).toBe('gzip');
    const head = await raw(baseURL as string, 'HEAD', path);
    expect(head.status).toBe(200);
    expect(head.headers['cache-control']).toBe(PAGE_CACHE_CONTROL);
  }
});

test('pages and JSON carry the tags of what they show, in Cache-Tag and Surrogate-Key, on a render and on a hit (decision 032)', async ({
  baseURL,
  request,
}) => {
  const d = await demo(request);
  const article = (await (await request.get(`/api/article/${d.article.url}`)).json()) as {
    result: { id: number; category: { slug: string } };
  };
  const expected: [string, string[]][] = [
    ['/', ['home', 'list:articles', 'list:categories', 'site']],
    [`/${d.category.slug}`, [`c:${d.category.slug}`, 'list:categories', 'site']],
    [d.article.fullUrl, [`a:${article.result.id}`, `c:${article.result.category.slug}`, 'list:categories', 'site']],
    [`/api/article/${d.article.url}`, [`a:${article.result.id}`, `c:${article.result.category.slug}`, 'site']],
  ];
  for (const [path, tags] of expected) {
    await heldFresh(baseURL as string, path);
    const first = await raw(baseURL as string, 'GET', path);
    const carried = String(first.headers['cache-tag'] ?? '').split(',');
    expect(carried, path).toEqual(expect.arrayContaining(tags));
    expect(first.headers['surrogate-key'], path).toBe(carried.join(' '));
    const hit = await raw(baseURL as string, 'GET', path);
    expect(hit.headers['x-cache'], path).toBe('HIT');
    expect(hit.headers['cache-tag'], path).toBe(first.headers['cache-tag']);
  }
});

test('JSON: the configured Cache-Control with an ETag and 304; a 404 is no-store as the contract declares', async ({
  baseURL,
  request,
}) => {
  const d = await demo(request);
  await expectRevalidates(baseURL as string, '/api/articles', appConfig.apiCache.list);
  await expectRevalidates(baseURL as string, `/api/article/${d.article.url}`, appConfig.apiCache.item);
  await expectRevalidates(baseURL as string, '/api/categories', appConfig.apiCache.list);
  for (const path of ['/api/article/article-inexistant', '/api/quizz/quiz-inexistant/resultat', '/api/articles?limit=abc']) {
    const answer = await raw(baseURL as string, 'GET', path);
    expect([400, 404], path).toContain(answer.status);
    expect(answer.statusMessage).toMatch(/^(Bad Request|Not Found)$/);
    expect(answer.headers['cache-control'], path).toBe('no-store');
    expect(answer.headers.etag, path).toBeUndefined();
  }
});

test('feeds, sitemaps and media: cacheable with an ETag and 304', async ({ baseURL }) => {
  await expectRevalidates(baseURL as string, '/rss.xml', appConfig.seo.cacheControl);
  await expectRevalidates(baseURL as string, '/sitemap.xml', appConfig.seo.cacheControl);
});

test('built assets: immutable for a year, precompressed at build (the .br/.gz copies are what is sent), ETag and 304', async ({
  baseURL,
  request,
}) => {
  const html = await (await request.get('/')).text();
  // The entry, as the page's inline script names it (asked for after the first paint, decision 034 cut 19).
  const asset = entryScriptsOf(html)?.entry;
  expect(asset).toBeTruthy();
  for (const [encoding, suffix] of [
    ['br', '.br'],
    ['gzip', '.gz'],
  ]) {
    const answer = await raw(baseURL as string, 'GET', asset as string, { 'accept-encoding': encoding as string });
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.headers['content-encoding']).toBe(encoding);
    expect(answer.headers.vary).toBe('accept-encoding');
    expect(answer.bytes.equals(readFileSync(join('dist/client', `${asset}${suffix}`)))).toBe(true);
  }
  expect((await raw(baseURL as string, 'GET', `${asset}.br`)).status).toBe(404);
  for (const path of [asset as string, '/favicon.svg', '/manifest.webmanifest']) {
    const first = await expectRevalidates(baseURL as string, path, /^public, max-age=\d+/);
    const head = await raw(baseURL as string, 'HEAD', path);
    expect(head.headers.etag, path).toBe(first.headers.etag);
  }
});

test('HEAD carries the ETag and Cache-Control of the GET: pages, JSON, feeds', async ({ baseURL, request }) => {
  const d = await demo(request);
  for (const path of ['/', d.article.fullUrl, '/api/categories', `/api/article/${d.article.url}`, '/rss.xml']) {
    await heldFresh(baseURL as string, path);
    const get = await raw(baseURL as string, 'GET', path);
    const head = await raw(baseURL as string, 'HEAD', path);
    expect(head.status, path).toBe(200);
    expect(head.bytes.byteLength, path).toBe(0);
    expect(head.headers.etag, path).toBe(get.headers.etag);
    expect(String(head.headers.etag), path).toMatch(/^W\/"/);
    expect(head.headers['cache-control'], path).toBe(get.headers['cache-control']);
  }
});

test('never cached: /newsletter/*, POST, confirmation and unsubscribe pages, page errors', async ({ baseURL, request }) => {
  const captcha = await raw(baseURL as string, 'GET', '/newsletter/captcha');
  expect(String(captcha.headers['cache-control'])).toMatch(/no-store/);
  expect(captcha.headers.etag).toBeUndefined();
  const post = await request.post('/newsletter/inscriptionajaxlight-site', { form: { email: 'x' } });
  expect(post.headers()['cache-control']).toMatch(/no-store/);
  for (const path of ['/inscription/confirmer/jeton-inconnu', '/desinscription', '/desinscription/confirmer/jeton-inconnu']) {
    const answer = await raw(baseURL as string, 'GET', path);
    expect(answer.headers['cache-control'], path).toBe('no-store');
    expect(answer.headers.etag, path).toBeUndefined();
    expect(answer.headers['x-cache'], path).toBe('BYPASS');
  }
  const missing = await raw(baseURL as string, 'GET', '/une-rubrique-inconnue/un-article-inconnu');
  expect(missing.status).toBe(404);
  expect(missing.statusMessage).toBe('Not Found');
  expect(missing.headers['cache-control']).toBe('no-store');
});

test('no page answer carries a cookie, whatever cookie the reader sends', async ({ baseURL }) => {
  for (const cookie of ['consent=all; regie_popin=1', 'session=lecteur-a']) {
    const answer = await raw(baseURL as string, 'GET', '/', { cookie });
    expect(answer.headers['set-cookie']).toBeUndefined();
    expect(answer.body).not.toContain('lecteur-a');
  }
});

test('a cached page runs under its hash-based CSP: no violation, the page is interactive', async ({ baseURL, page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  await heldFresh(baseURL as string, '/mission'); // stored by this request (or an earlier one)
  const response = await page.goto('/mission');
  expect(response?.headers()['x-cache']).toBe('HIT');
  // Hydrated: a client-side navigation happens without a full page load.
  await page.evaluate(() => {
    (window as unknown as { marker: boolean }).marker = true;
  });
  const charter = page.getByRole('contentinfo').getByRole('link', { name: 'Charte éditoriale' });
  // Before hydration a link is the browser's own (the code comes after the first paint).
  await waitForHydration(charter);
  await charter.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Charte éditoriale');
  expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);
  expect(violations).toEqual([]);
});
