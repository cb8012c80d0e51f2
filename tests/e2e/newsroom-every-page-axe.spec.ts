/**
 * Axe on every newsroom page (issue 19): the pages are read from `src/routes/admin/`, so a new page is checked
 * the day it is added. A list page, its editor for a new item (`nouveau`/`nouvelle`) and its editor for the first
 * item the list links to (the demo content has one of each format); the sign-in page signed out. Each page is
 * checked once its main heading shows (its data loaded), with axe's best-practice rules as the other specs.
 */
import { type Browser, expect, type Page, test } from '@playwright/test';
import { adminRoutes, newItem } from './support/adminRoutes.ts';
import { expectAxeClean, newsroomServer, signIn } from './support/newsroom.ts';

const server = newsroomServer([['admine@piquante.test', 'Admine Axe', 'admin']]);

async function checkPage(page: Page, url: string): Promise<void> {
  await page.goto(`${server.baseUrl}${url}`);
  await expect(page.getByRole('heading', { level: 1 }).first(), url).toBeVisible({ timeout: 15_000 });
  // Lazy pages and their data: the page is checked as the member sees it, not half-loaded (not `networkidle`:
  // the newsletter's pages poll their sending's progress).
  await page.waitForLoadState('load');
  await expect(page.getByText(/Chargement…/)).toHaveCount(0);
  // A sandboxed frame holds a mail's preview (no script may run there, axe included): the mail is not a newsroom page.
  await expectAxeClean(page, url, { exclude: 'iframe[sandbox]' });
}

test.describe('axe on every newsroom page', () => {
  test('every editor route says how it names a new item', () => {
    const { editors } = adminRoutes();
    expect(editors.length).toBeGreaterThan(5);
    for (const editor of editors) expect(Object.keys(newItem), `src/routes/admin/${editor}.$id.tsx`).toContain(editor);
  });

  test('the list pages and tools', async ({ page }) => {
    test.setTimeout(300_000);
    await signIn(page, server.baseUrl, 'admine@piquante.test');
    const { lists } = adminRoutes();
    for (const url of lists) await checkPage(page, url);
  });

  // One test an editor: each opens its new item and the first item its list links to.
  for (const editor of adminRoutes().editors) {
    test(`the ${editor} editor, for a new item and for an existing one`, async ({ page }) => {
      test.setTimeout(120_000);
      await signIn(page, server.baseUrl, 'admine@piquante.test');
      const fresh = newItem[editor];
      if (fresh) await checkPage(page, `/admin/${editor}/${fresh}`);
      await page.goto(`${server.baseUrl}/admin/${editor}`);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 15_000 });
      // A list with no item (the demo has no newsletter issue) has no link to wait for.
      await page
        .locator(`main a[href^="/admin/${editor}/"]`)
        .first()
        .waitFor({ timeout: 5_000 })
        .catch(() => undefined);
      const links = page.locator(`main a[href^="/admin/${editor}/"]`);
      const hrefs = (await links.evaluateAll((all) => all.map((a) => a.getAttribute('href') ?? ''))).filter((href) => /\/\d+$/.test(href));
      if (hrefs[0]) await checkPage(page, hrefs[0]);
    });
  }

  test('the sign-in page, signed out', async ({ browser }: { browser: Browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/admin/connexion`);
    await expect(page.getByRole('button', { name: 'Se connecter', exact: true })).toBeVisible();
    await expectAxeClean(page, '/admin/connexion');
    await context.close();
  });
});
