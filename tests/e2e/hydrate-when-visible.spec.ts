/**
 * Issue 38: the home's sections below the first screen are hydrated when they come near the viewport
 * (src/lib/HydrateWhenVisible.tsx). Their content is in the server's HTML for every reader, with or without
 * JavaScript, and a click that lands in a section before it is hydrated still leads where its link says.
 */
import { expect, type Page, test } from '@playwright/test';

test.use({ viewport: { width: 412, height: 823 } });

/** Whether React has taken over the element (hydrated it): React marks the DOM nodes it owns. */
const hydrated = (page: Page, selector: string) =>
  page.evaluate((css) => {
    const element = document.querySelector(css);
    return element ? Object.keys(element).some((key) => key.startsWith('__reactFiber')) : null;
  }, selector);

/** Resolves once the page's first screen is hydrated (the lead section is React's). */
async function firstScreenHydrated(page: Page) {
  await expect.poll(() => hydrated(page, '.home > section')).toBe(true);
}

const bestOfLink = (page: Page) => page.locator('section[aria-labelledby="bestof-title"] a.card-link').first();

test('the sections below the first screen are in the HTML without JavaScript', async ({ browser, baseURL }) => {
  const noScript = await browser.newContext({ javaScriptEnabled: false, baseURL });
  try {
    const page = await noScript.newPage();
    await page.goto('/');
    for (const title of ['Les derniers articles', 'Le best of', 'Sur Instagram']) {
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
    }
    await expect(bestOfLink(page)).toHaveAttribute('href', /^\/[a-z-]+\/[a-z0-9-]+$/);
    expect(await page.locator('section[aria-labelledby="latest-title"] a.card-link').count()).toBeGreaterThan(3);
  } finally {
    await noScript.close();
  }
});

test('a section waits for the reader to come near before it is hydrated', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || /hydrat|did not match/i.test(message.text())) problems.push(message.text());
  });
  await page.goto('/');
  await firstScreenHydrated(page);
  expect(await hydrated(page, 'section[aria-labelledby="bestof-title"]')).toBe(false);
  await page.locator('section[aria-labelledby="bestof-title"]').scrollIntoViewIfNeeded();
  await expect.poll(() => hydrated(page, 'section[aria-labelledby="bestof-title"]')).toBe(true);
  expect(problems).toEqual([]);
});

test('a click on a link of a section not yet hydrated follows the link', async ({ page }) => {
  await page.goto('/');
  await firstScreenHydrated(page);
  expect(await hydrated(page, 'section[aria-labelledby="bestof-title"]')).toBe(false);
  const href = (await bestOfLink(page).getAttribute('href')) ?? '';
  const title = ((await bestOfLink(page).textContent()) ?? '').trim();
  // A click event without scrolling nor pointer down: the section stays dehydrated; React cannot hand it the click,
  // and must not swallow it: the browser follows the link.
  await bestOfLink(page).dispatchEvent('click');
  await expect(page).toHaveURL(href);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
});

test('a tap on a link of a section not yet hydrated is a client-side navigation', async ({ page }) => {
  await page.goto('/');
  await firstScreenHydrated(page);
  expect(await hydrated(page, 'section[aria-labelledby="bestof-title"]')).toBe(false);
  await page.evaluate(() => {
    (window as unknown as { samePage: boolean }).samePage = true;
  });
  const href = (await bestOfLink(page).getAttribute('href')) ?? '';
  const title = ((await bestOfLink(page).textContent()) ?? '').trim();
  // The pointer down wakes the section; React hydrates it when the click arrives and the router takes the click.
  await bestOfLink(page).click();
  await expect(page).toHaveURL(href);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
});

test("a category's cards below the first screen wait too, and a click on one follows its link", async ({ page, request }) => {
  const categories = (await (await request.get('/api/categories')).json()) as { results: { slug: string }[] };
  const slug = categories.results.find((c) => c.slug === 'mode')?.slug ?? categories.results[0]?.slug;
  await page.goto(`/${slug}`);
  const cards = page.locator('[data-testid="article-list"] > li');
  await expect.poll(() => hydrated(page, '[data-testid="article-list"] > li:first-child article')).toBe(true);
  expect(await hydrated(page, '[data-testid="article-list"] > li:nth-child(6) article')).toBe(false);
  const link = cards.nth(5).locator('a.card-link');
  const href = (await link.getAttribute('href')) ?? '';
  await link.dispatchEvent('click');
  await expect(page).toHaveURL(href);
});
