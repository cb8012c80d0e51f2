import { expect, test } from '@playwright/test';
import { appConfig } from '../../app.config.ts';
import { demo } from './support.ts';

test('the header panels are mutually exclusive', async ({ page }) => {
  await page.goto('/');
  const header = page.getByRole('banner');
  const menu = header.getByRole('button', { name: 'Menu des rubriques' });
  const bell = header.getByRole('button', { name: 'Notifications' });
  const sentence = header.getByRole('button', { name: 'La phrase du jour' });
  const search = header.getByRole('button', { name: 'Rechercher' });
  const categories = header.getByRole('navigation', { name: 'Rubriques' });
  const notifications = header.getByRole('region', { name: 'Notifications' });
  const sentenceBar = header.getByRole('region', { name: 'La phrase du jour' });
  const searchPanel = page.getByRole('dialog', { name: /Rechercher/ });

  await menu.click();
  await expect(categories).toBeVisible();
  await expect(header.getByRole('button', { name: 'Fermer le menu' })).toHaveAttribute('aria-expanded', 'true');

  await bell.click();
  await expect(notifications).toBeVisible();
  await expect(notifications).toContainText('Activez les notifs pour choper les articles avant tout le monde');
  await expect(categories).toHaveCount(0);

  await sentence.click();
  await expect(sentenceBar).toBeVisible();
  await expect(notifications).toHaveCount(0);

  await search.click();
  await expect(searchPanel).toBeVisible();
  await expect(sentenceBar).toHaveCount(0);
  await expect(categories).toHaveCount(0);

  // The search overlay is modal (full screen): it is closed before anything else opens.
  await searchPanel.getByRole('button', { name: 'Fermer' }).click();
  await expect(searchPanel).toHaveCount(0);
  await header.getByRole('button', { name: 'Menu des rubriques' }).click();
  await expect(categories).toBeVisible();
  await expect(searchPanel).toHaveCount(0);

  // Toggling the open panel closes it; Escape closes too.
  await header.getByRole('button', { name: 'Fermer le menu' }).click();
  await expect(categories).toHaveCount(0);
  await bell.click();
  await page.keyboard.press('Escape');
  await expect(notifications).toHaveCount(0);
});

test('the category list links to every category, and following one shows its name by the logo', async ({ page, request }) => {
  const d = await demo(request);
  await page.goto('/');
  await page.getByRole('button', { name: 'Menu des rubriques' }).click();
  const links = page.getByRole('navigation', { name: 'Rubriques' }).getByRole('link');
  await expect(links).toHaveCount(d.categories.length);
  for (const category of d.categories) {
    await expect(
      page.getByRole('navigation', { name: 'Rubriques' }).getByRole('link', { name: category.name, exact: true }),
    ).toHaveAttribute('href', `/${category.slug}`);
  }
  await links.filter({ hasText: d.category.name }).first().click();
  await expect(page).toHaveURL(new RegExp(`/${d.category.slug}$`));
  await expect(page.getByRole('navigation', { name: 'Rubriques' })).toHaveCount(0);
  await expect(page.getByRole('banner').locator('.current-category')).toHaveText(new RegExp(d.category.name));
  await expect(page.getByRole('banner').locator('.tagline-bar')).toHaveText(d.category.description);
});

test("the header has the logo home link and 'La news' to /inscription/header", async ({ page }) => {
  await page.goto('/mission');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: /Piquante, accueil/ })).toHaveAttribute('href', '/');
  await expect(header.getByRole('link', { name: 'La news' }).first()).toHaveAttribute('href', '/inscription/header');
});

test('the tagline bar shows on home and category pages only, and collapses once scrolled', async ({ page, request }) => {
  const d = await demo(request);
  await page.goto('/');
  const tagline = page.locator('.tagline-bar');
  await expect(tagline).toHaveText(appConfig.site.defaultTagline);
  await expect(tagline).toHaveAttribute('data-collapsed', 'false');
  expect((await tagline.boundingBox())?.height).toBeGreaterThan(10);

  await page.evaluate(() => window.scrollTo(0, 600));
  await expect(tagline).toHaveAttribute('data-collapsed', 'true');
  await expect.poll(async () => (await tagline.boundingBox())?.height ?? 0).toBeLessThan(1);

  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(tagline).toHaveAttribute('data-collapsed', 'false');

  await page.goto(`/${d.category.slug}`);
  await expect(tagline).toHaveText(d.category.description);
  await page.goto(d.article.fullUrl);
  await expect(tagline).toHaveCount(0);
  await page.goto('/mission');
  await expect(tagline).toHaveCount(0);
});

test('a q of 3 characters or more in the URL opens the search on load', async ({ page }) => {
  await page.goto('/?q=robe');
  await expect(page.getByRole('dialog', { name: /Rechercher/ })).toBeVisible();
});
