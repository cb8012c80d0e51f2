/**
 * The footer's quotations in the newsroom (/admin/citations, issue 19), on a server of its own: an editor
 * rewrites one and sets another aside, saves, and the home page shows the new text at once; an author reads
 * them without controls. axe on the page.
 */
import { expect, test } from '@playwright/test';
import { expectAxeClean, newsroomServer, signIn } from './support/newsroom.ts';

test.describe.configure({ mode: 'serial' });

const server = newsroomServer([
  ['eric@piquante.test', 'Éric Éditeur', 'editor'],
  ['anna@piquante.test', 'Anna Autrice', 'author'],
]);

test('an editor rewrites a quotation and sets one aside; the home page shows the new text at once', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, server.baseUrl, 'eric@piquante.test');
  await page.getByRole('navigation', { name: 'Rédaction' }).getByRole('link', { name: 'Citations' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Citations' })).toBeVisible();
  const second = page.getByRole('group', { name: 'Citation 2' });
  await second.getByLabel('Texte').fill('Oser, c’est déjà gagner un peu.');
  await second.getByLabel('Autrice ou auteur').fill('La rédaction');
  await page
    .getByRole('group', { name: 'Citation 1' })
    .getByLabel(/^Active/)
    .uncheck();
  await expectAxeClean(page, '/admin/citations');
  await page.getByRole('button', { name: 'Enregistrer les citations' }).click();
  await expect(page.getByRole('status')).toHaveText(/Citations enregistrées/);
  await expect(page.getByRole('group', { name: 'Citation 1' }).getByLabel(/^Active/)).not.toBeChecked();

  // The home page's quote banner shows the second active quotation: the first is set aside, so the one after.
  await page.goto(`${server.baseUrl}/`);
  await expect(page.getByText('Oser, c’est déjà gagner un peu.').first()).toBeAttached();
});

test('an author reads the quotations but cannot change them', async ({ page }) => {
  await signIn(page, server.baseUrl, 'anna@piquante.test');
  await page.goto(`${server.baseUrl}/admin/citations`);
  await expect(page.getByRole('group', { name: 'Citation 1' }).getByLabel('Texte')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Enregistrer les citations' })).toHaveCount(0);
});
