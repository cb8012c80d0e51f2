import { expect, test } from '@playwright/test';

test('the home page loads with the latest articles from the database', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(/ - Piquante$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The twelve latest articles: the front page ('À la une') and 'Les derniers articles'.
  const front = page.getByRole('region', { name: 'À la une' }).getByRole('article');
  const latest = page.getByRole('region', { name: 'Les derniers articles' }).getByRole('article');
  expect((await front.count()) + (await latest.count())).toBe(12);
  await expect(front.first().getByRole('img').first()).toHaveAttribute('alt', /.+/);
  await expect(page.getByRole('region', { name: 'Le best of' }).getByRole('article').first()).toBeVisible();
  expect(errors).toEqual([]);
});
