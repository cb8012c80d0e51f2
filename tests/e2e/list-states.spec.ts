/**
 * SPEC §4 list behaviours (issue 9): a failed 'more' keeps what was shown and says so, a retry
 * appends; an item opened from its list is reused, not asked again; an unknown contest is a 404
 * that says 'Non trouvé'.
 */
import { expect, test } from '@playwright/test';
import { appConfig } from '../../app.config.ts';
import { NOT_FOUND } from './support.ts';

test("a failed 'more' keeps the list and says so; trying again appends the next page", async ({ page }) => {
  const pageSize = appConfig.pagination.defaultLimit;
  let failures = 1;
  await page.route('**/api/quizz?*offset=12*', async (route) => {
    if (failures-- > 0)
      return route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"internal_error","message":"Panne"}' });
    return route.continue();
  });
  await page.goto('/quizzes');
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(pageSize);
  const more = page.getByRole('button', { name: 'Plus de quiz' });
  await more.click();
  await expect(page.getByText('Le chargement a échoué. Réessayez dans un instant.')).toBeVisible();
  await expect(cards).toHaveCount(pageSize);
  await more.click();
  await expect.poll(() => cards.count()).toBeGreaterThan(pageSize);
  await expect(page.getByText('Le chargement a échoué.')).toHaveCount(0);
});

test('a contest opened from its list is reused: no request for it', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (r) => asked.push(new URL(r.url()).pathname));
  await page.goto('/concours');
  const first = page.getByRole('article').first().getByRole('link').first();
  const title = (await first.textContent())?.trim() ?? '';
  const href = (await first.getAttribute('href')) ?? '';
  await first.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  expect(asked.filter((path) => path.startsWith('/api/format-contests/'))).toEqual([]);
});

test("an unknown contest answers 404 with 'Non trouvé' and SPEC's 404 text", async ({ page, request }) => {
  const response = await request.get('/concours/concours-inconnu', { headers: { accept: 'text/html' } });
  expect(response.status()).toBe(404);
  const html = await response.text();
  expect(html).toContain('Non trouvé');
  expect(html).toContain(NOT_FOUND);
  await page.goto('/concours/concours-inconnu');
  await expect(page.getByText('Non trouvé')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(NOT_FOUND);
});
