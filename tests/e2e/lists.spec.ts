import { expect, test } from '@playwright/test';
import { appConfig } from '../../app.config.ts';
import { demo } from './support.ts';

test("'more' on a category appends 12 articles at a time, each batch asked after the last one's cursor", async ({ page, request }) => {
  const d = await demo(request);
  const pageSize = appConfig.pagination.defaultLimit;
  await page.goto(`/${d.category.slug}`);
  const items = page.getByTestId('article-list').getByRole('article');
  await expect(items).toHaveCount(pageSize);
  const firstTitles = await items.getByRole('heading').allTextContents();

  // The cursor (issue 38): the batch is read where the first page stopped, never by offset.
  const batch = page.waitForRequest((r) => r.url().includes('/api/articles?') && r.url().includes('after='));
  await page.getByRole('button', { name: "Plus d'articles" }).click();
  const sent = new URL((await batch).url());
  expect(sent.searchParams.get('category')).toBe(d.category.slug);
  expect(sent.searchParams.get('limit')).toBe(String(pageSize));
  expect(sent.searchParams.get('offset')).toBeNull();
  expect(sent.searchParams.get('after')).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z,\d+$/);
  await expect(items).toHaveCount(2 * pageSize);
  // Appended, not replaced: the first twelve are still there, in order.
  expect((await items.getByRole('heading').allTextContents()).slice(0, pageSize)).toEqual(firstTitles);

  const next = page.waitForRequest((r) => r.url().includes('/api/articles?') && r.url().includes('after='));
  await page.getByRole('button', { name: "Plus d'articles" }).click();
  const second = new URL((await next).url()).searchParams.get('after');
  expect(second).not.toBe(sent.searchParams.get('after'));
  await expect(items).toHaveCount(3 * pageSize);
  // No article twice: the cursor neither repeats nor skips.
  // A card's first link may be its category's: all of a card's addresses together name its article.
  const links = await items.evaluateAll((cards) =>
    cards.map((card) => Array.from(card.querySelectorAll('a'), (link) => link.getAttribute('href')).join(' ')),
  );
  expect(new Set(links).size).toBe(links.length);
});

test("Instagram's 'more' loads the next batch and goes away once a batch is smaller than 16", async ({ page, request }) => {
  const threshold = appConfig.instagram.moreThreshold;
  const total = ((await (await request.get('/api/instagramoriginalposts/50')).json()) as { results: unknown[] }).results.length;
  await page.goto('/instagram');
  const posts = page.locator('.instagram-post');
  await expect(posts).toHaveCount(Math.min(threshold, total));
  const more = page.getByRole('button', { name: 'Plus de publications' });
  let shown = Math.min(threshold, total);
  while (shown < total || (await more.count()) > 0) {
    await more.click();
    const batch = Math.min(threshold, total - shown);
    shown += batch;
    await expect(posts).toHaveCount(shown);
    if (batch < threshold) break;
  }
  await expect(more).toHaveCount(0);
  expect(shown).toBe(total);
});

test("'more' on the quiz list appends the next page", async ({ page, request }) => {
  const all = ((await (await request.get('/api/quizz?limit=100')).json()) as { results: unknown[] }).results.length;
  await page.goto('/quizzes');
  const cards = page.getByRole('article');
  const pageSize = appConfig.pagination.defaultLimit;
  await expect(cards).toHaveCount(Math.min(all, pageSize));
  const more = page.getByRole('button', { name: 'Plus de quiz' });
  if (all < pageSize) {
    await expect(more).toHaveCount(0);
  } else {
    await more.click();
    await expect(cards).toHaveCount(Math.min(all, 2 * pageSize));
  }
});
