import { expect, type Page, test } from '@playwright/test';
import { appConfig } from '../../app.config.ts';
import { demo, ERROR_TEXT, NOT_FOUND, waitForHydration } from './support.ts';

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every phase the progress bar goes through from now on: a phase shown for 500 ms can fall between two polls. */
async function recordPhases(page: Page): Promise<string[]> {
  const phases: string[] = [];
  // The bar comes with the reader services, after the page's load event (decision 034).
  await page.locator('[data-testid="progress-bar"]').waitFor({ state: 'attached' });
  await page.exposeFunction('recordPhase', (phase: string) => phases.push(phase));
  await page.evaluate(() => {
    const bar = document.querySelector('[data-testid="progress-bar"]');
    if (!bar) return;
    new MutationObserver(() =>
      (window as unknown as { recordPhase: (p: string) => void }).recordPhase(bar.getAttribute('data-phase') ?? ''),
    ).observe(bar, {
      attributes: true,
      attributeFilter: ['data-phase'],
    });
  });
  return phases;
}

test('a slow navigation shows the 2 px progress bar, which goes away once the page is there', async ({ page }) => {
  await page.goto('/');
  await page.route('**/api/article/**', async (route) => {
    await delay(1500);
    await route.continue();
  });
  const bar = page.getByTestId('progress-bar');
  await expect(bar).toBeHidden();
  const link = page.getByRole('region', { name: 'À la une' }).getByRole('article').first().getByRole('heading').getByRole('link');
  const title = (await link.textContent()) ?? '';
  await waitForHydration(link);
  await link.click();
  await expect(bar).toBeVisible();
  await expect(bar).toHaveAttribute('data-phase', 'running');
  expect((await bar.boundingBox())?.height).toBe(appConfig.progressBar.heightPx);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(bar).toBeHidden();
});

test('a fast navigation does not flash the progress bar (200 ms throttle)', async ({ page }) => {
  await page.goto('/mission');
  const phases = await recordPhases(page);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Charte éditoriale' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Charte éditoriale');
  await page.waitForTimeout(appConfig.progressBar.throttleMs + 100);
  expect(phases).not.toContain('running');
});

test('a failed navigation shows the error page and turns the progress bar red', async ({ page }) => {
  await page.goto('/');
  await page.route('**/api/article/**', async (route) => {
    await delay(600);
    await route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"internal_error","message":"Panne"}' });
  });
  const phases = await recordPhases(page);
  await page.getByRole('region', { name: 'À la une' }).getByRole('article').first().getByRole('heading').getByRole('link').click();
  await expect.poll(() => phases).toContain('failed');
  await expect(page.getByRole('heading', { level: 1, name: 'Oops' })).toBeVisible();
  await expect(page.getByText('I did it again.')).toBeVisible();
  await expect(page.locator('.error-page')).toContainText(ERROR_TEXT);
  await expect(page.getByRole('link', { name: 'nous écrire ici' })).toHaveAttribute('href', /^mailto:/);
  await expect(page.locator('.error-page')).toHaveAttribute('data-status', '500');
});

test('an error without a status is shown as a 500', async ({ page }) => {
  await page.goto('/');
  await page.route('**/api/article/**', (route) => route.abort('failed'));
  await page.getByRole('region', { name: 'À la une' }).getByRole('article').first().getByRole('heading').getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Oops' })).toBeVisible();
  await expect(page.locator('.error-page')).toHaveAttribute('data-status', '500');
  await expect(page.locator('.error-page')).toContainText('Erreur 500');
});

test('the 404 page says it exactly, with HTTP 404, inside the site chrome', async ({ page }) => {
  const response = await page.goto('/cette-page-nexiste-pas/vraiment/pas');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(NOT_FOUND);
  await expect(page.getByRole('banner')).toBeVisible();
  await page.getByRole('link', { name: "Retour à l'accueil" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('an article that has gone by the time of a client-side navigation shows the 404 page', async ({ page }) => {
  await page.goto('/');
  await page.route('**/api/article/**', (route) =>
    route.fulfill({ status: 404, contentType: 'application/json', body: '{"error":"not_found","message":"Cet article est introuvable."}' }),
  );
  const link = page.getByRole('region', { name: 'À la une' }).getByRole('article').first().getByRole('heading').getByRole('link');
  // A client-side navigation: before hydration a link is the browser's own (the code comes after the first paint).
  await waitForHydration(link);
  await link.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(NOT_FOUND);
  await expect(page.getByRole('banner')).toBeVisible();
});

test('back to a list puts it where the reader left it, forward the article too, and nothing is stored for it', async ({
  page,
  request,
}) => {
  const d = await demo(request);
  await page.goto(`/${d.category.slug}`);
  const scrollY = () => page.evaluate(() => window.scrollY);
  const link = page.getByTestId('article-list').getByRole('article').nth(9).getByRole('heading').getByRole('link');
  // Where the link stands in the window: what the reader sees, whatever moved above it meanwhile.
  const linkTop = () => link.evaluate((element) => Math.round(element.getBoundingClientRect().top));
  const title = (await link.textContent()) ?? '';
  await waitForHydration(link);
  await link.scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, -200);
  // The wheel scrolls smoothly, over several frames: the reader's place is where it comes to rest.
  let resting = -1;
  await expect
    .poll(async () => {
      const [was, now] = [resting, await scrollY()];
      resting = now;
      return now === was;
    })
    .toBe(true);
  expect(resting).toBeGreaterThan(500);
  const seen = await linkTop();
  await link.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect.poll(scrollY).toBe(0);
  await page.evaluate(() => window.scrollTo(0, 600));
  await expect.poll(scrollY).toBe(600);

  await page.goBack();
  await expect(page.getByTestId('article-list')).toBeVisible();
  await expect.poll(linkTop).toBe(seen);
  await page.goForward();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect.poll(scrollY).toBe(600);

  // Across documents (a reload, a return from another page) the browser's own restoration keeps the place.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect.poll(scrollY).toBe(600);
  await page.goto('/mission');
  await expect.poll(scrollY).toBe(0);
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect.poll(scrollY).toBe(600);
  // Issue 37: the positions live in memory only — the router's sessionStorage copy is gone.
  expect(await page.evaluate(() => ({ session: sessionStorage.length, local: localStorage.length }))).toEqual({ session: 0, local: 0 });
});
