/**
 * The newsroom's finishing touches (issue 15), on a server of its own: the main image's focal point set in
 * the editor and followed by readers' crops (object-position), the account page (passkeys listed and
 * removed, password changed), an admin disabling and re-enabling an account, and the media library
 * deleting an unused image (and refusing one in use). axe on the pages touched.
 */
import sharp from 'sharp';
import { expect, test } from '@playwright/test';
import { expectAxeClean, newsroomServer, signedApi, signIn, STAFF_PASSWORD } from './support/newsroom.ts';

test.describe.configure({ mode: 'serial' });

// Every sign-in comes from 127.0.0.1: the per-IP limit is tested elsewhere (newsroomApi.test.ts).
const server = newsroomServer(
  [
    ['alice@piquante.test', 'Alice Admin', 'admin'],
    ['eric@piquante.test', 'Éric Éditeur', 'editor'],
  ],
  { ADMIN_LOGIN_RATE_LIMIT: '100' },
);

test('the focal point set in the editor is where readers’ crops centre', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, server.baseUrl, 'eric@piquante.test');
  await page.getByRole('link', { name: 'Écrire un article' }).click();
  await page.getByLabel('Titre', { exact: true }).fill('Le point focal des piments');
  await page.getByLabel('Rubrique').selectOption('mode');
  await page.getByLabel('Texte alternatif (obligatoire)').fill('Une rangée de piments, le plus rouge à gauche');
  // A wide image: the 3:2 and square crops cut its sides.
  const png = await sharp({ create: { width: 2400, height: 800, channels: 3, background: { r: 200, g: 16, b: 46 } } })
    .png()
    .toBuffer();
  await page
    .getByLabel('Téléverser une image (JPEG, PNG, WebP, AVIF)')
    .setInputFiles({ name: 'piments.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByText('Image ajoutée à la médiathèque.')).toBeVisible();
  // The keyboard way: two number fields.
  await page.getByLabel('Point focal horizontal (% depuis la gauche)').fill('20');
  await page.getByLabel('Point focal vertical (% depuis le haut)').fill('40');
  await expect(page.getByText('Aperçu du recadrage en carré :')).toBeVisible();
  // A click on the preview moves it (near the right edge, in the middle).
  const preview = page.getByTestId('point-focal-apercu');
  const box = await preview.boundingBox();
  if (!box) throw new Error('no preview');
  await preview.click({ position: { x: box.width * 0.9, y: box.height * 0.5 } });
  await expect(page.getByLabel('Point focal horizontal (% depuis la gauche)')).toHaveValue(/^(8[5-9]|9[0-5])$/);
  await expect(page.getByLabel('Point focal vertical (% depuis le haut)')).toHaveValue(/^(4[5-9]|5[0-5])$/);
  await page.getByLabel('Point focal horizontal (% depuis la gauche)').fill('20');
  await page.getByLabel('Point focal vertical (% depuis le haut)').fill('50');
  await page.getByRole('button', { name: 'Créer le brouillon' }).click();
  await expect(page).toHaveURL(/\/admin\/articles\/\d+$/);
  await expectAxeClean(page, 'editor with a focal point');
  await page.getByRole('button', { name: 'Publier maintenant' }).click();
  await expect(page.getByText('Article publié.')).toBeVisible();

  await page.goto(`${server.baseUrl}/mode/le-point-focal-des-piments`);
  const hero = page.locator('figure picture img').first();
  await expect(hero).toHaveCSS('object-position', '20% 50%');
  await page.goto(`${server.baseUrl}/mode`);
  const card = page.locator('article.card', { hasText: 'Le point focal des piments' }).locator('img').first();
  await expect(card).toHaveCSS('object-position', '20% 50%');
});

const NEW_PASSWORD = 'une autre phrase de passe, plus longue';

test('“Mon compte”: a passkey removed by its owner, the password changed (other sessions signed out)', async ({ page, context }) => {
  // WebAuthn needs a domain as relying party (never an IP address): the browser uses localhost.
  const base = server.baseUrl.replace('127.0.0.1', 'localhost');
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  const elsewhere = await signedApi(server.baseUrl, 'alice@piquante.test');
  await page.goto(`${base}/admin/connexion`);
  await page.getByLabel('Adresse e-mail').fill('alice@piquante.test');
  await page.getByLabel('Mot de passe').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
  await page.getByRole('link', { name: 'Alice Admin (Administrateur)' }).click();
  await page.getByLabel('Nom de la clé').fill('Clé de passage');
  await page.getByRole('button', { name: 'Ajouter une clé d’accès' }).click();
  await expect(page.getByText('Clé d’accès enregistrée.')).toBeVisible();
  await expect(page.getByText(/Clé de passage.*jamais utilisée/)).toBeVisible();
  await expectAxeClean(page, 'account with a passkey');
  await page.getByRole('button', { name: 'Supprimer la clé d’accès « Clé de passage »' }).click();
  await page
    .getByRole('alertdialog', { name: 'Supprimer la clé d’accès « Clé de passage » ?' })
    .getByRole('button', { name: 'Supprimer la clé' })
    .click();
  await expect(page.getByText('Clé d’accès « Clé de passage » supprimée.')).toBeVisible();
  await expect(page.getByText('Aucune clé d’accès')).toBeVisible();

  // A wrong current password is refused in French; then the change, which closes the other session.
  await page.getByLabel('Mot de passe actuel').fill('pas le bon mot de passe');
  await page.getByLabel('Nouveau mot de passe (12 caractères au moins)').fill(NEW_PASSWORD);
  await page.getByLabel('Nouveau mot de passe, une seconde fois').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
  await expect(page.getByText('Le mot de passe actuel est incorrect.')).toBeVisible();
  await page.getByLabel('Mot de passe actuel').fill(STAFF_PASSWORD);
  await page.getByLabel('Nouveau mot de passe (12 caractères au moins)').fill(NEW_PASSWORD);
  await page.getByLabel('Nouveau mot de passe, une seconde fois').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
  await expect(page.getByText('Mot de passe changé ; 1 autre session a été fermée.')).toBeVisible();
  await expectAxeClean(page, 'account after the password change');
  expect((await elsewhere.api.get('/api/admin/session')).status()).toBe(401);
  expect((await signedApi(server.baseUrl, 'alice@piquante.test')).status).toBe(401);
  expect((await signedApi(server.baseUrl, 'alice@piquante.test', NEW_PASSWORD)).status).toBe(200);
  await elsewhere.api.dispose();
});

test('an admin disables an account (signed out at once, sign-in refused) and re-enables it', async ({ page }) => {
  const eric = await signedApi(server.baseUrl, 'eric@piquante.test');
  expect(eric.status).toBe(200);
  await signIn(page, server.baseUrl, 'alice@piquante.test', NEW_PASSWORD);
  await page.getByRole('link', { name: 'Comptes' }).click();
  await expect(page.getByRole('cell', { name: 'Votre compte' })).toBeVisible();
  await page.getByRole('button', { name: 'Désactiver le compte de Éric Éditeur' }).click();
  await expect(page.getByText('Le compte de Éric Éditeur est désactivé ; ses sessions sont fermées.')).toBeVisible();
  await expect(page.getByRole('cell', { name: /^Désactivé le / })).toBeVisible();
  await expectAxeClean(page, 'accounts with a disabled one');
  expect((await eric.api.get('/api/admin/session')).status()).toBe(401);
  expect((await signedApi(server.baseUrl, 'eric@piquante.test')).status).toBe(401);
  await page.getByRole('button', { name: 'Réactiver le compte de Éric Éditeur' }).click();
  await expect(page.getByText('Le compte de Éric Éditeur est réactivé.')).toBeVisible();
  expect((await signedApi(server.baseUrl, 'eric@piquante.test')).status).toBe(200);
  await eric.api.dispose();
});

test('the media library deletes an unused image and refuses one an article uses', async ({ page }) => {
  const eric = await signedApi(server.baseUrl, 'eric@piquante.test');
  const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 20, g: 120, b: 46 } } })
    .png()
    .toBuffer();
  const uploaded = await eric.api.post('/api/admin/media', {
    multipart: { file: { name: 'vert.png', mimeType: 'image/png', buffer: png }, alt: 'Un piment vert oublié' },
    headers: { 'x-csrf-token': eric.csrf },
  });
  expect(uploaded.status()).toBe(201);
  await signIn(page, server.baseUrl, 'eric@piquante.test');
  await page.getByRole('link', { name: 'Médiathèque' }).click();
  await expect(page.getByRole('heading', { name: 'Médiathèque' })).toBeVisible();
  await page.getByRole('button', { name: 'Supprimer l’image « Une rangée de piments, le plus rouge à gauche »' }).click();
  await expect(
    page.getByText(
      'Cette image est utilisée par l’article « Le point focal des piments ». Choisissez-leur une autre image avant de la supprimer.',
    ),
  ).toBeVisible();
  await expect(
    page
      .getByRole('list', { name: 'Contenus qui utilisent « Une rangée de piments, le plus rouge à gauche »' })
      .getByRole('link', { name: 'Le point focal des piments' }),
  ).toHaveAttribute('href', /^\/admin\/articles\/\d+$/);
  await page.getByRole('button', { name: 'Supprimer l’image « Un piment vert oublié »' }).click();
  await page
    .getByRole('alertdialog', { name: 'Supprimer l’image « Un piment vert oublié » ?' })
    .getByRole('button', { name: 'Supprimer l’image' })
    .click();
  await expect(page.getByText('Image « Un piment vert oublié » supprimée.')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Un piment vert oublié' })).toHaveCount(0);
  await expectAxeClean(page, 'media library');
  const url = ((await uploaded.json()) as { url: string }).url;
  expect((await eric.api.get(url)).status()).toBe(404);
  await eric.api.dispose();
});
