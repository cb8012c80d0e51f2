/**
 * Instagram posts in the newsroom (issue 19), on a server of its own: an editor adds a post from
 * /admin/instagram (a link to another site refused in French first) and publishes it; a reader then finds
 * it first on /instagram, linking to the post. axe on the list and the editor.
 */
import { expect, test } from '@playwright/test';
import { expectAxeClean, newsroomServer, signIn } from './support/newsroom.ts';

test.describe.configure({ mode: 'serial' });

const server = newsroomServer([['eve@piquante.test', 'Ève Éditrice', 'editor']], { ADMIN_LOGIN_RATE_LIMIT: '100' });

const CAPTION = 'Bouclage du numéro de juin : merci à toute l’équipe !';
const LINK = 'https://www.instagram.com/p/BouclageJuin26/';

test('an editor adds an Instagram post and publishes it', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, server.baseUrl, 'eve@piquante.test');
  await page.getByRole('navigation', { name: 'Rédaction' }).getByRole('link', { name: 'Instagram' }).click();
  await expect(page).toHaveURL(/\/admin\/instagram$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Fil Instagram' })).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toContainText('Publié');
  await expectAxeClean(page, 'instagram list');

  await page.getByRole('link', { name: 'Nouveau post' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nouveau post Instagram' })).toBeVisible();
  await page.getByLabel('Légende').fill(CAPTION);
  await page.getByLabel("Texte alternatif de l'image (obligatoire)").fill('L’équipe autour de la table de bouclage');
  await expectAxeClean(page, 'instagram editor, new');

  await page.getByLabel('Lien du post sur Instagram (https://www.instagram.com/…)').fill('https://evil.example/p/BouclageJuin26/');
  await page.getByRole('button', { name: 'Créer le brouillon' }).click();
  await expect(page.getByRole('alert')).toContainText('« Lien du post » doit être une adresse https://www.instagram.com/');
  await expect(page).toHaveURL(/\/admin\/instagram\/nouveau$/);

  await page.getByLabel('Lien du post sur Instagram (https://www.instagram.com/…)').fill(LINK);
  await page.getByRole('button', { name: 'Créer le brouillon' }).click();
  await expect(page).toHaveURL(/\/admin\/instagram\/\d+$/);
  await expect(page.getByText(/Brouillon · version 1/)).toBeVisible();
  await page.getByRole('button', { name: 'Publier maintenant' }).click();
  await expect(page.getByRole('status')).toHaveText('Post publié.');
  await expect(page.getByText(/Publié · version 2/)).toBeVisible();
  await expectAxeClean(page, 'instagram editor, published');
  await context.close();
});

test('a reader finds it first on /instagram, linking to the post', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto(`${server.baseUrl}/instagram`);
  const first = page.locator('.instagram-post').first();
  await expect(first).toContainText(CAPTION);
  await expect(first.getByRole('link')).toHaveAttribute('href', LINK);
});
