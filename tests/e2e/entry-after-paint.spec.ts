/**
 * Issue 38 (decision 034, cut 19): a reader's page asks for its JavaScript once it has painted. The HTML announces
 * no script file to the browser's preload scanner (no modulepreload, no script with a src); an inline script names
 * them and asks for them after the first contentful paint. The page then hydrates as before: its links navigate
 * inside the app; a button clicked before the code has arrived is held and clicked again once it has.
 */
import { expect, test } from '@playwright/test';
import { entryScriptsOf } from '../../src/app/entryAfterFirstPaint.ts';
import { demo, waitForHydration } from './support.ts';

test('the article, the home and a category announce their scripts only in the inline script', async ({ request }) => {
  const { article, category } = await demo(request);
  for (const path of [article.fullUrl, '/', `/${category.slug}`]) {
    const html = await (await request.get(path)).text();
    expect(html, path).not.toMatch(/<link\b[^>]*\brel="modulepreload"/);
    expect(html, path).not.toMatch(/<script\b[^>]*\bsrc="\/assets\//);
    const scripts = entryScriptsOf(html);
    expect(scripts?.entry, path).toMatch(/^\/assets\/index-[\w-]+\.js$/);
    for (const preload of scripts?.preloads ?? []) expect(preload, path).toMatch(/^\/assets\/[\w.-]+\.js$/);
  }
});

test('the scripts are requested after the first contentful paint, and the page hydrates', async ({ page, request }) => {
  const { article, category } = await demo(request);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(article.fullUrl);
  await waitForHydration(page.locator('a[href="/"]').first());
  const timing = await page.evaluate(() => {
    const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
    const scripts = performance
      .getEntriesByType('resource')
      .filter((entry) => /\/assets\/[^/]+\.js$/.test(new URL(entry.name).pathname))
      .map((entry) => ({ name: new URL(entry.name).pathname, startTime: entry.startTime }));
    return { paint, scripts };
  });
  expect(timing.paint).not.toBeNull();
  const entry = timing.scripts.find((script) => /^\/assets\/index-/.test(script.name));
  expect(entry, 'the entry was loaded').toBeDefined();
  for (const script of timing.scripts) expect(script.startTime, script.name).toBeGreaterThanOrEqual(timing.paint ?? 0);

  // Hydrated: the breadcrumb's category link navigates inside the app (no new document).
  const link = page.getByRole('navigation', { name: /fil d’ariane|fil d'ariane/i }).getByRole('link', { name: category.name });
  const categoryLink = (await link.count()) > 0 ? link.first() : page.locator(`a[href="/${article.categorySlug}"]`).first();
  await waitForHydration(categoryLink);
  const documents = (await page.evaluate(() => performance.getEntriesByType('navigation').length)) as number;
  await categoryLink.click();
  await expect(page).toHaveURL(new RegExp(`/${article.categorySlug}$`));
  expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(documents);
  expect(await page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length)).toBe(1);
  // No copy of the inline script after the navigation (the CSP would refuse it, as it must).
  expect(errors).toEqual([]);
});

test('a page opened hidden asks for its scripts at once and hydrates', async ({ browser, request }) => {
  const { article } = await demo(request);
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript(() => {
    Object.defineProperty(document, 'visibilityState', { get: () => 'hidden', configurable: true });
  });
  await page.goto(article.fullUrl);
  const loaded = await page.evaluate(() =>
    performance.getEntriesByType('resource').some((entry) => /\/assets\/index-[\w-]+\.js$/.test(new URL(entry.name).pathname)),
  );
  expect(loaded).toBe(true);
  await waitForHydration(page.locator('a[href="/"]').first());
  await context.close();
});

test('a button clicked before the code has arrived opens what it opens once it has', async ({ page }) => {
  // The entry held back for a second: the click lands on the server's HTML, before React.
  let releaseEntry = () => {};
  const entryHeld = new Promise<void>((resolve) => {
    releaseEntry = resolve;
  });
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await entryHeld;
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  const searchButton = page.getByRole('button', { name: 'Rechercher', exact: true });
  await searchButton.click();
  expect(await searchButton.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$')))).toBe(false);
  releaseEntry();
  await expect(page.getByRole('dialog', { name: 'Rechercher' })).toBeVisible();
});
