/**
 * The shopping selection in the newsroom (issue 19), on a server of its own: an editor adds a product from
 * /admin/shopping (a hostile link refused in French first), publishes it (it comes first), moves it with the keyboard and by dragging, back to the top; a reader
 * then finds it first on /shopping, its merchant link marked rel="sponsored noopener". axe on the list and
 * the editor.
 */
import { expect, test } from '@playwright/test';
import { expectAxeClean, newsroomServer, signIn } from './support/newsroom.ts';

test.describe.configure({ mode: 'serial' });

const server = newsroomServer([['eve@piquante.test', 'Ève Éditrice', 'editor']], { ADMIN_LOGIN_RATE_LIMIT: '100' });

const TITLE = 'Cabas en raphia tressé';
const LINK = 'https://www.exemple-boutique.fr/cabas-raphia';

test('an editor adds a product, publishes it and moves it to the top of the selection', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, server.baseUrl, 'eve@piquante.test');
  await page.getByRole('navigation', { name: 'Rédaction' }).getByRole('link', { name: 'Shopping' }).click();
  await expect(page).toHaveURL(/\/admin\/shopping$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sélection shopping' })).toBeVisible();
  // The seeded selection is there, published.
  await expect(page.getByRole('row', { name: /Robe portefeuille fleurie/ })).toContainText('Publié');
  await expectAxeClean(page, 'shopping list');

  await page.getByRole('link', { name: 'Nouveau produit' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nouveau produit' })).toBeVisible();
  await page.getByLabel('Titre', { exact: true }).fill(TITLE);
  await page.getByLabel('Description').fill('Le panier de l’été, du marché à la plage.');
  await page.getByLabel('Prix (€)').fill('39,90');
  await page.getByLabel('Marchand', { exact: true }).fill('Exemple Boutique');
  await page.getByLabel("Texte alternatif de l'image (obligatoire)").fill('Un cabas en raphia naturel');
  await expectAxeClean(page, 'shopping editor, new');

  // A hostile link is refused in French, nothing is created.
  await page.getByLabel('Lien du produit chez le marchand (https://)').fill('javascript:alert(1)');
  await page.getByRole('button', { name: 'Créer le brouillon' }).click();
  await expect(page.getByRole('alert')).toContainText('« Lien du produit » doit être une adresse https://');
  await expect(page).toHaveURL(/\/admin\/shopping\/nouveau$/);

  await page.getByLabel('Lien du produit chez le marchand (https://)').fill(LINK);
  await page.getByRole('button', { name: 'Créer le brouillon' }).click();
  await expect(page).toHaveURL(/\/admin\/shopping\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(page.getByText(/Brouillon · version 1 · place \d+/)).toBeVisible();
  await expect(page.getByLabel('Prix (€)')).toHaveValue('39,90');

  await page.getByRole('button', { name: 'Publier maintenant' }).click();
  await expect(page.getByRole('status')).toHaveText('Produit publié.');
  await expect(page.getByText(/Publié · version 2/)).toBeVisible();
  await expectAxeClean(page, 'shopping editor, published');

  // Back to the list: a new item comes first. Placed last, dragged one place up, then back on top,
  // the keyboard's way (each move is saved before the next: the controls wait for the answer).
  await page.getByRole('navigation', { name: 'Rédaction' }).getByRole('link', { name: 'Shopping' }).click();
  const rows = page.getByRole('row');
  await expect(rows.nth(1)).toContainText(TITLE);
  const places = (await rows.count()) - 1;
  expect(places).toBeGreaterThan(2);
  const status = page.getByRole('status');
  const row = rows.filter({ hasText: TITLE });

  await page.getByRole('button', { name: `Placer « ${TITLE} » à la position…`, exact: true }).focus();
  await page.keyboard.press('Enter');
  const position = page.getByRole('spinbutton', { name: `Position de « ${TITLE} » (1 à ${places})` });
  await expect(position).toBeFocused();
  await position.fill(String(places));
  await page.keyboard.press('Enter');
  await expect(status).toHaveText(`« ${TITLE} » passe à la place ${places}.`);
  await expect(rows.last()).toContainText(TITLE);

  // Dragged onto the row above it (a neighbour: the page does not scroll under the pointer mid-drag).
  const handle = (of: typeof row) => of.getByTitle('Glisser pour déplacer');
  await handle(row).dragTo(handle(rows.nth(places - 1)));
  await expect(status).toHaveText(`« ${TITLE} » passe à la place ${places - 1}.`);
  await expect(rows.nth(places - 1)).toContainText(TITLE);

  const top = page.getByRole('button', { name: `Monter « ${TITLE} » en tête`, exact: true });
  await top.focus();
  await page.keyboard.press('Enter');
  await expect(status).toHaveText(`« ${TITLE} » passe à la place 1.`);
  await expect(rows.nth(1)).toContainText(TITLE);
  await expect(top).toBeDisabled();
  await expect(page.getByRole('button', { name: `Monter « ${TITLE} »`, exact: true })).toBeDisabled();
  await expectAxeClean(page, 'shopping list, reordered');
  await context.close();
});

test('a reader finds it first on /shopping, its link marked rel="sponsored noopener"', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto(`${server.baseUrl}/shopping`);
  const first = page.locator('.shopping-item').first();
  await expect(first.getByRole('heading', { level: 2 })).toHaveText(TITLE);
  await expect(first).toContainText('39,90');
  const link = first.getByRole('link', { name: 'Voir chez Exemple Boutique' });
  await expect(link).toHaveAttribute('href', LINK);
  await expect(link).toHaveAttribute('rel', 'sponsored noopener');
  await expect(link).toHaveAttribute('target', '_blank');
  // Every merchant link of the page says the same.
  for (const rel of await page.locator('.shopping-item a').evaluateAll((links) => links.map((a) => a.getAttribute('rel')))) {
    expect(rel).toBe('sponsored noopener');
  }
});
