/**
 * The best-of selection in the newsroom (/admin/best-of, issue 19), on a server of its own: an editor moves,
 * removes and adds published articles, saves, and the home page's « Le best of » shows that order at once; an
 * author reads the list without its controls. axe on the page.
 */
import { expect, test } from '@playwright/test';
import { expectAxeClean, newsroomServer, signIn } from './support/newsroom.ts';

test.describe.configure({ mode: 'serial' });

const server = newsroomServer([
  ['eric@piquante.test', 'Éric Éditeur', 'editor'],
  ['anna@piquante.test', 'Anna Autrice', 'author'],
]);

const homeBestof = async (page: import('@playwright/test').Page) => {
  await page.goto(`${server.baseUrl}/`);
  return page.getByRole('region', { name: 'Le best of' }).getByRole('heading', { level: 3 }).allInnerTexts();
};

test('an editor reorders the best-of, removes one, adds one, and the home page shows it at once', async ({ page }) => {
  test.setTimeout(120_000);
  const before = await homeBestof(page);
  expect(before.length).toBeGreaterThan(2);
  await signIn(page, server.baseUrl, 'eric@piquante.test');
  await page.getByRole('navigation', { name: 'Rédaction' }).getByRole('link', { name: 'Best-of' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Best-of' })).toBeVisible();
  const selection = page.getByRole('list', { name: 'Sélection best-of' }).getByRole('listitem');
  const count = await selection.count();
  await selection
    .nth(1)
    .getByRole('button', { name: /^Monter « .* »$/ })
    .click();
  await selection
    .nth(count - 1)
    .getByRole('button', { name: /^Retirer/ })
    .click();
  await expect(page.getByText('Modifications non enregistrées.')).toBeVisible();
  await page.getByLabel('Titre').fill('');
  await page.getByRole('button', { name: 'Chercher' }).click();
  const found = page.getByRole('list', { name: 'Articles trouvés' });
  await found
    .getByRole('button', { name: /^Ajouter/ })
    .first()
    .click();
  await expect(selection).toHaveCount(count);
  await expectAxeClean(page, '/admin/best-of');
  await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect(page.getByRole('status')).toHaveText(/Sélection enregistrée/);

  const after = await homeBestof(page);
  // The home page shows the selection's first ones: the added article leads (new items first), then the
  // second of before, then the first.
  expect(after.slice(1, 3)).toEqual([before[1], before[0]]);
});

test('an author reads the selection but has no control to change it', async ({ page }) => {
  await signIn(page, server.baseUrl, 'anna@piquante.test');
  await page.goto(`${server.baseUrl}/admin/best-of`);
  await expect(page.getByRole('list', { name: 'Sélection best-of' }).getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enregistrer', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Monter/ })).toHaveCount(0);
});
