/**
 * Contests in the newsroom (issue 19), on a server of its own: an editor creates a contest that closed
 * yesterday from /admin/concours (a closing before the opening refused in French first) and publishes it; a
 * reader then finds its page saying the contest is over. axe on the list, the editor and the reader's page.
 */
import { expect, test } from '@playwright/test';
import { expectAxeClean, newsroomServer, signIn } from './support/newsroom.ts';

test.describe.configure({ mode: 'serial' });

const server = newsroomServer([['eve@piquante.test', 'Ève Éditrice', 'editor']], { ADMIN_LOGIN_RATE_LIMIT: '100' });

const TITLE = 'Gagnez un panier de Noël gourmand';
const SLUG = 'gagnez-un-panier-de-noel-gourmand';
const DAY = 86_400_000;
/** A datetime-local value (read as Paris time, an hour or two ahead of UTC: still in the past). */
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString().slice(0, 16);

test('an editor creates a contest that closed yesterday and publishes it', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, server.baseUrl, 'eve@piquante.test');
  await page.getByRole('navigation', { name: 'Rédaction' }).getByRole('link', { name: 'Concours' }).click();
  await expect(page).toHaveURL(/\/admin\/concours$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Concours' })).toBeVisible();
  // The seeded contests are there, published.
  await expect(page.getByRole('row', { name: /Biarritz/ })).toContainText('Publié');
  await expectAxeClean(page, 'contest list');

  await page.getByRole('link', { name: 'Nouveau concours' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nouveau concours' })).toBeVisible();
  await page.getByLabel('Titre', { exact: true }).fill(TITLE);
  await page.getByLabel('Description').fill('Chocolats, marrons glacés et champagne pour les fêtes.');
  await page.getByLabel('Lot à gagner').fill('Un panier gourmand de 150 €');
  await page
    .getByLabel('Règlement (un article par ligne)')
    .fill('Concours gratuit sans obligation d’achat.\nUne participation par personne.');
  await page.getByLabel("Texte alternatif de l'image (obligatoire)").fill('Un panier garni de chocolats et de champagne');
  await expectAxeClean(page, 'contest editor, new');

  // A closing before the opening is refused in French, nothing is created.
  await page.getByLabel('Ouverture (heure de Paris)').fill(daysAgo(1));
  await page.getByLabel('Clôture (heure de Paris)').fill(daysAgo(10));
  await page.getByRole('button', { name: 'Créer le brouillon' }).click();
  await expect(page.getByRole('alert')).toHaveText('La clôture du concours doit être après son ouverture.');
  await expect(page).toHaveURL(/\/admin\/concours\/nouveau$/);

  await page.getByLabel('Ouverture (heure de Paris)').fill(daysAgo(10));
  await page.getByLabel('Clôture (heure de Paris)').fill(daysAgo(1));
  await page.getByRole('button', { name: 'Créer le brouillon' }).click();
  await expect(page).toHaveURL(/\/admin\/concours\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(page.getByText('Brouillon · version 1 · pour les lectrices : Terminé')).toBeVisible();
  await expect(page.getByLabel('Adresse (facultative : tirée du titre)')).toHaveValue(SLUG);

  await page.getByRole('button', { name: 'Publier maintenant' }).click();
  await expect(page.getByRole('status')).toHaveText('Concours publié.');
  await expect(page.getByText(/Publié · version 2/)).toBeVisible();
  await expectAxeClean(page, 'contest editor, published');
  await expect(page.getByRole('link', { name: 'Voir la page du concours' })).toHaveAttribute('href', `/concours/${SLUG}`);
  await context.close();
});

test('a reader finds it marked closed on its page and in the list', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto(`${server.baseUrl}/concours/${SLUG}`);
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(page.getByText('Ce concours est terminé.')).toBeVisible();
  await expect(page.locator('.status-badge')).toHaveText('Terminé');
  await expect(page.getByText('Un panier gourmand de 150 €')).toBeVisible();
  await expectAxeClean(page, 'closed contest page');
  // A contest still open (or to come) does not say so.
  const listed = (await (await page.request.get(`${server.baseUrl}/api/format-contests?limit=50`)).json()) as {
    results: { url: string; status: string }[];
  };
  const open = listed.results.find((c) => c.status !== 'closed');
  expect(open).toBeDefined();
  await page.goto(`${server.baseUrl}/concours/${open?.url}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Ce concours est terminé.')).toHaveCount(0);
  await page.goto(`${server.baseUrl}/concours`);
  await expect(page.getByRole('link', { name: new RegExp(TITLE) }).first()).toBeVisible();
});
