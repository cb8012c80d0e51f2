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
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(12);
  await expect(cards.first().getByRole('img')).toHaveAttribute('alt', /.+/);
  expect(errors).toEqual([]);
});
