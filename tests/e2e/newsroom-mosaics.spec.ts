/**
 * Mosaics in the newsroom (issue 19), on a server of its own: an editor creates a mosaic of two images from
 * /admin/mosaiques (a caption with HTML refused in French first) and publishes it; a reader then finds it on
 * /mosaiques and at its address, with its captions and alt texts. axe on the list, the editor and the page.
 */
import { expect, test } from '@playwright/test';
import { expectAxeClean, newsroomServer, signIn } from './support/newsroom.ts';

test.describe.configure({ mode: 'serial' });

const server = newsroomServer([['eve@piquante.test', 'Ève Éditrice', 'editor']], { ADMIN_LOGIN_RATE_LIMIT: '100' });

const TITLE = 'Les manteaux de l’hiver';
const SLUG = 'les-manteaux-de-l-hiver';

test('an editor creates a mosaic of two images and publishes it', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, server.baseUrl, 'eve@piquante.test');
  await page.getByRole('navigation', { name: 'Rédaction' }).getByRole('link', { name: 'Mosaïques' }).click();
  await expect(page).toHaveURL(/\/admin\/mosaiques$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Mosaïques' })).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toContainText('Publié');
  await expectAxeClean(page, 'mosaic list');

  await page.getByRole('link', { name: 'Nouvelle mosaïque' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nouvelle mosaïque' })).toBeVisible();
  await page.getByLabel('Titre', { exact: true }).fill(TITLE);
  await page.getByLabel('Description').fill('Caban, duffle-coat ou doudoune : nos préférés.');
  const cover = page.getByRole('group', { name: 'Couverture' });
  await cover.getByLabel("Texte alternatif de l'image (obligatoire)").fill('Trois manteaux sur un portant');
  await page.getByRole('group', { name: 'Image 1' }).getByLabel("Texte alternatif de l'image (obligatoire)").fill('Un caban bleu marine');
  await page.getByLabel("Légende de l'image 1").fill('Le caban, <b>indémodable</b>');
  await page.getByLabel("Crédit de l'image 1").fill('Piquante');
  await page.getByRole('button', { name: 'Ajouter une image' }).click();
  await page.getByRole('group', { name: 'Image 2' }).getByLabel("Texte alternatif de l'image (obligatoire)").fill('Une doudoune camel');
  await page.getByLabel("Légende de l'image 2").fill('La doudoune, pour les grands froids.');
  await expectAxeClean(page, 'mosaic editor, new');

  await page.getByRole('button', { name: 'Créer le brouillon' }).click();
  await expect(page.getByRole('alert')).toHaveText("« Légende de l'image 1 » ne peut pas contenir de HTML : écrivez du texte simple.");
  await expect(page).toHaveURL(/\/admin\/mosaiques\/nouveau$/);

  await page.getByLabel("Légende de l'image 1").fill('Le caban, indémodable.');
  await page.getByRole('button', { name: 'Créer le brouillon' }).click();
  await expect(page).toHaveURL(/\/admin\/mosaiques\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(page.getByLabel('Adresse (facultative : tirée du titre)')).toHaveValue(SLUG);
  await expect(page.getByText(/Brouillon · version 1/)).toBeVisible();

  // A draft saves itself after a pause in typing, as an article does: no button pressed, a new version.
  const description = 'Caban, duffle-coat ou doudoune : nos trois préférés.';
  await page.getByLabel('Description').fill(description);
  await expect(page.getByRole('status')).toHaveText('Brouillon enregistré automatiquement.', { timeout: 15_000 });
  await expect(page.getByText(/Brouillon · version 2/)).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Description')).toHaveValue(description);

  await page.getByRole('button', { name: 'Publier maintenant' }).click();
  await expect(page.getByRole('status')).toHaveText('Mosaïque publiée.');
  await expect(page.getByText(/Publié · version 3/)).toBeVisible();
  await expectAxeClean(page, 'mosaic editor, published');
  await context.close();
});

test('a reader finds it first on /mosaiques and reads it at its address', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto(`${server.baseUrl}/mosaiques`);
  await expect(page.getByRole('link', { name: new RegExp(TITLE) }).first()).toBeVisible();
  await page.goto(`${server.baseUrl}/mosaique/${SLUG}`);
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(page.getByText('2 images')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Un caban bleu marine' })).toBeVisible();
  await expect(page.locator('figcaption').first()).toHaveText('Le caban, indémodable. © Piquante');
  // No credit, no lone « © ».
  await expect(page.locator('figcaption').nth(1)).toHaveText('La doudoune, pour les grands froids.');
  await expectAxeClean(page, 'mosaic page');
});
