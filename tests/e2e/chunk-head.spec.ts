/**
 * Heads built by their route's split chunk (issue 38, src/lib/seo/chunkHead.ts): a page readers seldom land on
 * keeps the server's title, description and JSON-LD once hydrated (the chunk ran before the router computed its
 * head again), and gets its own on a client-side navigation; the entry carries none of those heads.
 */
import { expect, type Page, test } from '@playwright/test';
import { demo, waitForHydration } from './support.ts';

async function jsonLdTypes(page: Page): Promise<unknown[]> {
  const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return scripts.map((text) => (JSON.parse(text) as { '@type'?: unknown })['@type']);
}

test('a quiz landed on keeps its head after hydration', async ({ page, request }) => {
  const { quiz } = await demo(request);
  await page.goto(`/quizz/${quiz.url}`);
  await waitForHydration(page.locator('footer a[href="/mentions-legales"]'));
  await page.waitForLoadState('networkidle');
  await expect(page).toHaveTitle(`${quiz.title} - Piquante`);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/quizz/${quiz.url}$`));
  await expect(page.locator('meta[name="description"]')).toHaveCount(1);
  expect(await jsonLdTypes(page)).toContain('Quiz');
});

test('a client-side navigation gives a chunk-built head, then back the landing page its own', async ({ page, request }) => {
  const { article } = await demo(request);
  await page.goto(article.fullUrl);
  const legal = page.locator('footer a[href="/mentions-legales"]');
  await waitForHydration(legal);
  await legal.click();
  await expect(page).toHaveURL(/\/mentions-legales$/);
  await expect(page).toHaveTitle('Mentions légales - Piquante');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/mentions-legales$/);
  await page.goBack();
  await expect(page).toHaveTitle(`${article.title} - Piquante`);
  expect(await jsonLdTypes(page)).toContain('NewsArticle');
});
