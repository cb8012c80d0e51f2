/**
 * A database outage as the reader meets it (issue 13): the signup answers 503 with Retry-After and a
 * French sentence (tests/e2e/server-lifecycle.spec.ts cuts a real database for that), and the footer form
 * shows that sentence instead of a generic failure. Here the 503 is the server's own answer, replayed.
 */
import { expect, test } from '@playwright/test';
import { OUTAGE_MESSAGE as OUTAGE } from '../../src/server/http/databaseOutage.ts';

test('the footer form shows the French sentence of a 503 (database unreachable)', async ({ page }) => {
  await page.route('**/newsletter/inscriptionajaxlight-*', (route) =>
    route.fulfill({
      status: 503,
      headers: { 'content-type': 'application/json; charset=utf-8', 'retry-after': '5', 'cache-control': 'no-store' },
      body: JSON.stringify({ error: 'service_unavailable', message: OUTAGE }),
    }),
  );
  await page.goto('/');
  const block = page.locator('footer').getByRole('region', { name: 'On reste en contact ?' });
  await block.getByPlaceholder('E-mail*').fill(`panne-${Date.now().toString(36)}@exemple.fr`);
  await block.getByPlaceholder('Code postal*').fill('75011');
  await block.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(block.getByRole('status')).toHaveText(OUTAGE);
});
