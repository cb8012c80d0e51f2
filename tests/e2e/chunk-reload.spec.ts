/**
 * SPEC §4/§9, issue 11: a route chunk that fails to load (a deployment removed it) reloads the page, at
 * most once per 60 s. The chunk's request is answered 404 every time: the first failure reloads once,
 * the second (within the minute) does not, so a broken asset cannot loop.
 */
import { expect, test } from '@playwright/test';

const STORAGE_KEY = 'piquante:chunk-reload-at';

test('a failing route chunk reloads the page once, and a second failure within 60 s does not reload again', async ({ page }) => {
  // Documents requested by the tab: the first visit, then one per reload (in-app navigation requests none).
  let loads = 0;
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loads++;
  });
  /** For each failed chunk request, the page load it belonged to. */
  const failedDuringLoad: number[] = [];
  // The /mission route's code (its component chunks), gone as after a deployment.
  await page.route(/\/assets\/mission-[\w-]+\.js$/, async (route) => {
    failedDuringLoad.push(loads);
    await route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' });
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(loads).toBe(1);
  expect(await page.evaluate((key) => sessionStorage.getItem(key), STORAGE_KEY)).toBeNull();

  await page.locator('footer').getByRole('link', { name: 'Notre mission' }).click();
  await expect.poll(() => loads, { timeout: 15_000 }).toBe(2);
  expect(failedDuringLoad).toContain(1);
  // Read once the reloaded document is there (the count moves when its request starts).
  const stored = () => page.evaluate((key) => sessionStorage.getItem(key), STORAGE_KEY).catch(() => null);
  await expect.poll(stored).not.toBeNull();
  const reloadedAt = Number(await stored());
  expect(reloadedAt).toBeGreaterThan(0);

  // The reloaded page needs the same chunk and fails again, within the minute: no second reload.
  await expect.poll(() => failedDuringLoad.filter((load) => load === 2).length, { timeout: 15_000 }).toBeGreaterThan(0);
  await page.waitForLoadState('networkidle');
  // An absence can only be watched for a while.
  await page.waitForTimeout(2_000);
  expect(loads).toBe(2);
  expect(Number(await stored())).toBe(reloadedAt);
});
