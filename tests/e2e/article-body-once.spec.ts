/**
 * Issue 22: an article's body is sent once — as the page's markup, not again in the router's hydration data —
 * and hydration adopts that markup as it is; a client navigation brings the body with the route's data.
 */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { ARTICLE_HTML_BUDGET_BYTES } from '../../scripts/bench/articleHtmlBudget.ts';
import { waitForHydration } from './support.ts';

interface Card {
  url: string;
  fullUrl: string;
  title: string;
  readingMinutes: number;
}
interface Block {
  type: string;
  text: string;
}

async function json<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.ok(), path).toBe(true);
  return (await response.json()) as T;
}

/** The demo's longest article: the longest reading time, then the longest body text among those. */
async function longestArticle(request: APIRequestContext): Promise<{ card: Card; body: Block[] }> {
  const cards: Card[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = await json<{ results: Card[] }>(request, `/api/articles?limit=100&offset=${offset}`);
    cards.push(...page.results);
    if (page.results.length < 100) break;
  }
  const longest = Math.max(...cards.map((card) => card.readingMinutes));
  let best: { card: Card; body: Block[]; length: number } | undefined;
  for (const card of cards.filter((c) => c.readingMinutes === longest)) {
    const { result } = await json<{ result: { body: Block[] } }>(request, `/api/article/${card.url}`);
    const length = result.body.reduce((sum, block) => sum + block.text.length, 0);
    if (!best || length > best.length) best = { card, body: result.body, length };
  }
  if (!best) throw new Error('The demo has no article');
  return best;
}

/**
 * For each text block that has one, its longest stretch that HTML escaping and the hydration script's escaping
 * both leave as it is (letters, spaces and commas).
 */
function plainStretches(body: Block[]): string[] {
  return body.flatMap((block) => {
    if (block.type === 'image') return [];
    const run = (block.text.match(/[A-Za-zÀ-ÖØ-öø-ÿ ,]{24,}/g) ?? []).sort((a, b) => b.length - a.length)[0];
    return run ? [run.trim()] : [];
  });
}

const occurrences = (haystack: string, needle: string) => haystack.split(needle).length - 1;

/** Console errors, and warnings about hydration. */
function collectConsole(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (message) => {
    const hydration = message.type() === 'warning' && /hydrat|did not match/i.test(message.text());
    if (message.type() === 'error' || hydration) messages.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
  return messages;
}

test("the longest article's HTML stays within its budget and carries each paragraph once", async ({ request }) => {
  const { card, body } = await longestArticle(request);
  const response = await request.get(card.fullUrl, { headers: { Accept: 'text/html', 'Accept-Encoding': 'identity' } });
  expect(response.status()).toBe(200);
  expect(response.headers()['content-encoding'] ?? 'identity').toBe('identity');
  const bytes = await response.body();
  expect(bytes.length, `${card.fullUrl}: ${bytes.length} bytes`).toBeLessThanOrEqual(ARTICLE_HTML_BUDGET_BYTES);
  const html = bytes.toString('utf8');
  const stretches = plainStretches(body);
  expect(stretches.length).toBeGreaterThan(2);
  for (const stretch of stretches) expect(occurrences(html, stretch), stretch).toBe(1);
  // The related cards too: their titles are in the markup, not again in the hydration data.
  const related = html.slice(html.indexOf('data-related='));
  const titles = [...related.matchAll(/class="card-link"[^>]*>([^<]+)</g)].map((m) => m[1] ?? '');
  expect(titles.length).toBeGreaterThan(0);
  for (const title of titles) {
    const stretch = (title.match(/[A-Za-zÀ-ÖØ-öø-ÿ ,]{12,}/g) ?? [title])[0] ?? title;
    expect(occurrences(html, stretch), stretch).toBe(1);
  }
});

test('hydration keeps the served body as it is, and the page answers the reader afterwards', async ({ page, request }) => {
  const { card, body } = await longestArticle(request);
  const messages = collectConsole(page);
  // Every node taken out of the body from the first byte on: hydration must take none.
  await page.addInitScript(() => {
    const removed: string[] = [];
    (window as unknown as { removedFromBody: string[] }).removedFromBody = removed;
    new MutationObserver((records) => {
      for (const record of records) {
        const target = record.target instanceof Element ? record.target : record.target.parentElement;
        if (record.removedNodes.length > 0 && target?.closest('[data-article-body]')) removed.push(target.nodeName);
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  await page.goto(card.fullUrl);
  const share = page.getByRole('article').getByRole('link', { name: 'Partager sur Facebook' });
  await waitForHydration(share);
  const bodyElement = page.locator('[data-article-body]');
  for (const stretch of plainStretches(body)) await expect(bodyElement).toContainText(stretch);
  expect(await page.evaluate(() => (window as unknown as { removedFromBody: string[] }).removedFromBody)).toEqual([]);
  // Interactive: the breadcrumb's category link is the router's (no document load).
  await page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });
  await page.getByRole('navigation', { name: "Fil d'Ariane" }).getByRole('link').nth(1).click();
  await expect(page).not.toHaveURL(card.fullUrl);
  await expect(page.getByTestId('article-list')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  expect(messages).toEqual([]);
});

test('a client navigation from the home page shows the whole body; back and forth keeps the first body', async ({ page, request }) => {
  const messages = collectConsole(page);
  await page.goto('/');
  const link = page.getByRole('region', { name: 'À la une' }).getByRole('article').first().getByRole('heading').getByRole('link');
  await waitForHydration(link);
  const href = (await link.getAttribute('href')) ?? '';
  const url = href.split('/').pop() ?? '';
  const { result } = await json<{ result: { title: string; body: Block[] } }>(request, `/api/article/${url}`);
  const articleRequest = page.waitForRequest((r) => r.url().includes(`/api/article/${url}`));
  await link.click();
  await articleRequest;
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(result.title);
  const bodyElement = page.locator('[data-article-body]');
  for (const stretch of plainStretches(result.body)) await expect(bodyElement).toContainText(stretch);
  const images = result.body.filter((b) => b.type === 'image').length;
  await expect(bodyElement.locator('img')).toHaveCount(images);

  // The page this document was served with, left and found again through the history: its body is still there.
  const { card, body } = await longestArticle(request);
  await page.goto(card.fullUrl);
  // The related cards are the served markup, adopted: their links go through the router all the same.
  await waitForHydration(page.getByRole('article').getByRole('link', { name: 'Partager sur Facebook' }));
  await page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });
  const related = page.getByRole('region', { name: 'À lire aussi' }).getByRole('article').first().getByRole('heading').getByRole('link');
  await related.click();
  await expect(page).not.toHaveURL(card.fullUrl);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(card.title);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(card.title);
  for (const stretch of plainStretches(body)) await expect(bodyElement).toContainText(stretch);
  expect(messages).toEqual([]);
});
