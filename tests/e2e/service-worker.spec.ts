/**
 * The service worker in Chromium (issue 11): /sw.js and its headers, registration with scope /, offline
 * reading of a visited article (text and images), the offline page, the connection status, search and
 * signup offline, the manifest. Updates and the off switch need a second release: service-worker-release.spec.ts.
 */
import { expect, test } from '@playwright/test';
import { BACK_ONLINE_MESSAGE, OFFLINE_MESSAGE } from '../../src/features/offline/connectionTexts.ts';
import { SEARCH_OFFLINE } from '../../src/features/search/offlineNotice.ts';
import { SIGNUP_OFFLINE } from '../../src/features/signup/offlineNotice.ts';
import { demo } from './support.ts';
import { CACHE, cachedPaths, expectCached, mainImageLoaded, waitForControl } from './support/serviceWorker.ts';
import { seriousAxeViolations } from './support/axe.ts';

test.use({ serviceWorkers: 'allow' });

test('/sw.js is JavaScript, never cached stale, allowed scope /; the page registers it with scope /', async ({
  page,
  request,
  baseURL,
}) => {
  const response = await request.get('/sw.js');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^text\/javascript/);
  expect(response.headers()['cache-control']).toBe('no-cache');
  expect(response.headers()['service-worker-allowed']).toBe('/');
  const body = await response.text();
  expect(body).toContain('CACHE_URLS');
  expect(body).not.toContain('self.__WB_MANIFEST'); // the precache list was injected at build time
  const etag = response.headers().etag ?? '';
  expect((await request.get('/sw.js', { headers: { 'if-none-match': etag } })).status()).toBe(304);

  await page.goto('/');
  await waitForControl(page);
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(scope).toBe(`${baseURL}/`);
  expect(
    page
      .context()
      .serviceWorkers()
      .map((worker) => new URL(worker.url()).pathname),
  ).toContain('/sw.js');
});

test('an article read once stays readable offline, images included; an unvisited page shows the offline page listing it', async ({
  page,
  context,
  request,
}) => {
  const d = await demo(request);
  await page.goto(d.article.fullUrl);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(d.article.title);
  await waitForControl(page);
  // First visit: the page came before the worker; the worker is asked to keep it and its images.
  await expectCached(page, CACHE.pages, d.article.fullUrl);
  const mainImage = await page.locator('main article img').first().getAttribute('src');
  await expectCached(page, CACHE.images, mainImage ?? '');

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(d.article.title);
  await expect.poll(() => mainImageLoaded(page)).toBe(true);

  await page.goto('/mentions-legales');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vous êtes hors ligne');
  const offline = page.getByRole('list').getByRole('link', { name: d.article.title });
  await expect(offline).toHaveAttribute('href', d.article.fullUrl);
  expect(await seriousAxeViolations(page, { bestPractice: true })).toEqual([]);
  await offline.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(d.article.title);
  await context.setOffline(false);
});

test('pages opened inside the app are kept too, never the newsletter pages, API errors or POSTs', async ({ page, context, request }) => {
  const d = await demo(request);
  await page.goto('/');
  await waitForControl(page);
  await page.getByRole('link', { name: d.article.title }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(d.article.title);
  await expectCached(page, CACHE.pages, d.article.fullUrl);

  // A 404 of the API and a POST pass through, unkept.
  await page.evaluate(async () => {
    await fetch('/api/article/cet-article-n-existe-pas');
    await fetch('/api/push/subscriptions', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    await fetch('/api/categories');
  });
  await expectCached(page, CACHE.api, '/api/categories');
  const api = await cachedPaths(page, CACHE.api);
  expect(api).not.toContain('/api/article/cet-article-n-existe-pas');
  expect(api.some((path) => path.startsWith('/api/push'))).toBe(false);
  await page.goto('/desinscription/footer');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/');
  expect((await cachedPaths(page, CACHE.pages)).some((path) => path.startsWith('/desinscription'))).toBe(false);

  await context.setOffline(true);
  await page.goto('/desinscription/footer');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vous êtes hors ligne');
  await context.setOffline(false);
});

test('the connection status says politely when the connection drops and when it returns, then goes', async ({ page, context }) => {
  await page.goto('/mission');
  const status = page.locator('.connection-status');
  await expect(status).toHaveAttribute('role', 'status');
  await expect(status).toHaveAttribute('aria-live', 'polite');
  await expect(status).toBeEmpty();
  await context.setOffline(true);
  await expect(status).toHaveText(OFFLINE_MESSAGE);
  expect(await seriousAxeViolations(page, { include: '.connection-status', bestPractice: true })).toEqual([]);
  await context.setOffline(false);
  await expect(status).toHaveText(BACK_ONLINE_MESSAGE);
  await expect(status).toBeEmpty({ timeout: 10_000 });
});

test('search and the signup form say they need the network instead of spinning', async ({ page, context }) => {
  await page.goto('/mission');
  // With the worker in control, the overlay's code comes from the precache even offline.
  await waitForControl(page);
  const signup = page.locator('footer').getByRole('region', { name: 'On reste en contact ?' });
  // The form's code is loaded when it nears the viewport or gets focus; its button works from then on.
  const formCode = page.waitForResponse((response) => /\/assets\/NewsletterBlock-/.test(response.url()));
  await signup.getByPlaceholder('E-mail*').focus();
  await formCode;
  await expect(signup.getByRole('button', { name: 'OK' })).toBeEnabled();
  await context.setOffline(true);
  await expect(signup.getByRole('status')).toHaveText(SIGNUP_OFFLINE, { timeout: 10_000 });
  await expect(signup.getByRole('button', { name: 'OK' })).toBeDisabled();

  await page.getByRole('banner').getByRole('button', { name: 'Rechercher' }).click();
  const dialog = page.getByRole('dialog', { name: /Rechercher/ });
  await dialog.getByRole('searchbox').fill('robe');
  await expect(dialog.getByRole('status')).toHaveText(SEARCH_OFFLINE);
  await expect(dialog.getByTestId('search-spinner')).toHaveCount(0);
  await context.setOffline(false);
  await expect(dialog.getByRole('status')).not.toHaveText(SEARCH_OFFLINE);
});

test('the web app manifest makes the site installable: French name, icons 192/512 and maskable, standalone', async ({ page, request }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const response = await request.get(href ?? '');
  expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = await response.json();
  expect(manifest).toMatchObject({
    name: 'Piquante, le magazine qui pique',
    short_name: 'Piquante',
    lang: 'fr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#c8102e',
  });
  const icons = manifest.icons as { src: string; sizes: string; type: string; purpose: string }[];
  for (const [sizes, purpose] of [
    ['192x192', 'any'],
    ['512x512', 'any'],
    ['512x512', 'maskable'],
  ]) {
    const icon = icons.find((i) => i.sizes === sizes && i.purpose === purpose);
    expect(icon, `${sizes} ${purpose}`).toBeDefined();
    const png = await request.get(icon?.src ?? '');
    expect(png.headers()['content-type']).toBe('image/png');
    const bytes = await png.body();
    // PNG signature, then the IHDR width and height.
    expect(bytes.subarray(1, 4).toString()).toBe('PNG');
    expect(`${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`).toBe(sizes);
  }
});
