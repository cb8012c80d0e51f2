/**
 * Popins in the newsroom (issue 19), on a server of its own: an editor writes a register_choice popin from
 * /admin/popins, targeted at one category (Voyage) and opening after a 2 s delay, and publishes it; a reader
 * who accepted the popins sees it on that category after about 2.2 s (timed in the page), and not on another
 * category (Food). Its choice's image is picked in the media library (no address to type). A signed preview
 * link shows the popin on the page without consent and writes no cookie.
 * axe on the list and the editor.
 */
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { acceptedEverything, consentCookie } from './support/consentCookie.ts';
import { seedLibraryImages } from './support/mediaLibrary.ts';
import { expectAxeClean, newsroomServer, signIn } from './support/newsroom.ts';

test.describe.configure({ mode: 'serial' });

const server = newsroomServer([['eve@piquante.test', 'Ève Éditrice', 'editor']], { ADMIN_LOGIN_RATE_LIMIT: '100' });

let previewUrl = '';
const SUITCASE = 'Une valise ouverte sur un lit';
/** The library image the popin shows (issue 34, part 3: a popin's images come from the media library). */
let suitcaseUrl = '';

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const urls = await seedLibraryImages(server.baseUrl, 'eve@piquante.test', [{ name: 'valise.png', alt: SUITCASE }]);
  suitcaseUrl = urls.get(SUITCASE) ?? '';
});

test('an editor writes a register_choice popin for one category, opening after 2 s, and publishes it', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, server.baseUrl, 'eve@piquante.test');
  await page.getByRole('navigation', { name: 'Rédaction' }).getByRole('link', { name: 'Popins' }).click();
  await expect(page).toHaveURL(/\/admin\/popins$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Popins' })).toBeVisible();
  // The seeded popins are there, published.
  await expect(page.getByRole('row', { name: /SELF CARE CLUB ou Piquante du lundi/ })).toContainText('Publié');
  await expectAxeClean(page, 'popin list');

  await page.getByRole('link', { name: 'Nouvelle popin' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nouvelle popin' })).toBeVisible();
  await page.getByLabel('Nom (seulement dans la rédaction)').fill('Voyage : deux newsletters');
  await page.getByLabel('Type', { exact: true }).selectOption({ label: 'Inscription avec choix de newsletter' });
  await page.getByLabel('Titre', { exact: true }).fill('Partir avec Piquante');
  await page.getByLabel('Description').fill('Deux newsletters pour préparer vos voyages : choisissez la vôtre.');
  await page.getByLabel('Texte du choix 1').fill('Le SELF CARE CLUB, le dimanche');
  await page.getByLabel('Texte du choix 2').fill('La Piquante du lundi');
  await page.getByRole('radio', { name: 'Une rubrique (et ses articles)' }).check();
  await page.getByLabel('Rubrique', { exact: true }).selectOption({ label: 'Voyage' });
  await page.getByRole('radio', { name: 'Après un délai' }).check();
  await page.getByLabel('Délai (secondes)').fill('2');
  await page.getByLabel('Priorité').fill('10');
  await expectAxeClean(page, 'popin editor, new');

  // An image is chosen in the media library, never typed (issue 34, part 3): no address field to fill (the one
  // text field is the alternative text of an image uploaded from here).
  const choiceImage = page.getByRole('group', { name: 'Image du choix 1' });
  await expect(choiceImage.getByRole('textbox')).toHaveCount(1);
  await expect(choiceImage.getByRole('textbox', { name: 'Texte alternatif de l’image à téléverser' })).toHaveCount(1);
  await expect(choiceImage.getByText('Aucune image choisie.')).toBeVisible();
  await choiceImage.getByRole('button', { name: 'Choisir dans la médiathèque' }).click();
  const picker = page.getByRole('dialog', { name: 'Choisir dans la médiathèque : Image du choix 1' });
  await picker.getByRole('button', { name: SUITCASE }).click();
  await expect(picker).toBeHidden();
  expect(suitcaseUrl).toMatch(/^\/media\/library\//);
  await expect(choiceImage.locator('img')).toHaveAttribute('src', suitcaseUrl);

  // Or uploaded from the computer into the library (issue 39): its alternative text first.
  const background = page.getByRole('group', { name: 'Image (ordinateur)' });
  const upload = background.getByLabel('Téléverser une image (JPEG, PNG, WebP, AVIF)');
  const png = await sharp({ create: { width: 64, height: 36, channels: 3, background: { r: 30, g: 90, b: 160 } } })
    .png()
    .toBuffer();
  await upload.setInputFiles({ name: 'mer.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByText("Écrivez d'abord le texte alternatif de l'image.")).toBeVisible();
  await background.getByLabel('Texte alternatif de l’image à téléverser').fill('Une mer bleue au large');
  await upload.setInputFiles({ name: 'mer.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByText('Image ajoutée à la médiathèque.')).toBeVisible();
  await expect(background.locator('img')).toHaveAttribute('src', /^\/media\/library\//);
  const backgroundUrl = await background.locator('img').getAttribute('src');

  // « Début / Fin de diffusion » (issue 39: they overlapped and ran off the page at 1280 px): neither overlaps the other
  // nor leaves the page, at 1280 px and at 390 px.
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    const [start, end] = await Promise.all(
      ['Début de diffusion', 'Fin de diffusion'].map((label) => page.getByLabel(label, { exact: true }).boundingBox()),
    );
    if (!start || !end) throw new Error('date fields not shown');
    const overlap =
      start.x < end.x + end.width && end.x < start.x + start.width && start.y < end.y + end.height && end.y < start.y + start.height;
    expect(overlap, `${width} px`).toBe(false);
    for (const box of [start, end]) {
      expect(box.x, `${width} px`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `${width} px`).toBeLessThanOrEqual(width);
      expect(box.width, `${width} px: a date and time fit`).toBeGreaterThanOrEqual(180);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${width} px`).toBeLessThanOrEqual(width);
  }
  await page.setViewportSize({ width: 1280, height: 720 });

  await page.getByRole('button', { name: 'Créer le brouillon' }).click();
  await expect(page).toHaveURL(/\/admin\/popins\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Voyage : deux newsletters' })).toBeVisible();
  await expect(page.getByText(/Brouillon · version 1 · cookie regie_/)).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Une rubrique (et ses articles)' })).toBeChecked();
  await expect(page.getByRole('group', { name: 'Image du choix 1' }).locator('img')).toHaveAttribute('src', suitcaseUrl);
  await expect(page.getByRole('group', { name: 'Image (ordinateur)' }).locator('img')).toHaveAttribute('src', backgroundUrl ?? '');

  await page.getByRole('button', { name: 'Créer un lien d’aperçu' }).click();
  const link = page.getByRole('link', { name: 'Voir la popin sur la page (aperçu)' });
  await expect(link).toHaveAttribute('href', /^\/voyage\?apercu-popin=/);
  previewUrl = (await link.getAttribute('href')) ?? '';

  await page.getByRole('button', { name: 'Publier maintenant' }).click();
  await expect(page.getByRole('status')).toHaveText('Popin publiée.');
  await expect(page.getByText(/Publié · version 2/)).toBeVisible();
  await expectAxeClean(page, 'popin editor, published');
  await context.close();
});

test('a reader who accepted the popins sees it on Voyage after ~2.2 s, and not on Food', async ({ page, context }) => {
  test.setTimeout(90_000);
  await context.clearCookies();
  await context.addCookies([consentCookie(acceptedEverything)]);
  // Times taken in the page: when the machine starts waiting, and when the dialog appears.
  await page.addInitScript(() => {
    const marks: Record<string, number> = {};
    (window as unknown as { popinMarks: Record<string, number> }).popinMarks = marks;
    new MutationObserver(() => {
      const state = document.querySelector('[data-testid="popin-state"]')?.getAttribute('data-state') ?? '';
      if (marks.waiting === undefined && state.includes('afterTimeDelay')) marks.waiting = performance.now();
      if (marks.shown === undefined && document.querySelector('dialog.popin-dialog[open]')) marks.shown = performance.now();
    }).observe(document, { subtree: true, childList: true, attributes: true });
  });

  await page.goto(`${server.baseUrl}/voyage`);
  const dialog = page.locator('dialog.popin-dialog');
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await expect(dialog).toHaveAttribute('data-popin-type', 'register_choice');
  await expect(dialog.getByRole('heading', { name: 'Partir avec Piquante' })).toBeVisible();
  await expect(dialog.getByRole('checkbox', { name: 'Le SELF CARE CLUB, le dimanche' })).toBeChecked();
  const marks = await page.evaluate(() => (window as unknown as { popinMarks: Record<string, number> }).popinMarks);
  expect(marks.waiting, 'the machine waited for the delay').toBeDefined();
  const waited = (marks.shown ?? 0) - (marks.waiting ?? 0);
  // timeDelay × 1000 + 200 ms; timers are never early, a loaded machine may make them a little late.
  expect(waited).toBeGreaterThanOrEqual(2_000);
  expect(waited).toBeLessThan(4_000);

  // Another category: no popin is answered, none shows.
  const other = await page.request.get(`${server.baseUrl}/api/popin?url=/food`);
  expect(other.status()).toBe(204);
  await page.goto(`${server.baseUrl}/food`);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(3_000);
  await expect(dialog).toHaveCount(0);
});

test('the preview link shows the popin over the real page without consent, and writes no cookie', async ({ page, context }) => {
  test.setTimeout(60_000);
  expect(previewUrl).not.toBe('');
  // This reader refused everything (the project's stored choice): readers in that state never get a popin.
  await page.goto(`${server.baseUrl}${previewUrl}`);
  const dialog = page.locator('dialog.popin-dialog');
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await expect(dialog.getByRole('heading', { name: 'Partir avec Piquante' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Fermer la popin' }).click();
  await expect(dialog).toHaveCount(0);
  expect((await context.cookies()).filter((c) => c.name.startsWith('regie_'))).toEqual([]);
});

test('in the preview, the popin waits for the consent banner: it comes once the choice is made, whatever it is', async ({ browser }) => {
  test.setTimeout(60_000);
  expect(previewUrl).not.toBe('');
  // An editor with no consent choice yet (issue 39: the banner used to overlap the preview's popin).
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await page.goto(`${server.baseUrl}${previewUrl}`);
  const banner = page.getByRole('dialog', { name: 'Vos choix de cookies' });
  const dialog = page.locator('dialog.popin-dialog');
  await expect(banner).toBeVisible({ timeout: 20_000 });
  // The preview's popin opens after 2 s: well past it, it still waits.
  await page.waitForTimeout(3_000);
  await expect(dialog).toHaveCount(0);
  await banner.getByRole('button', { name: 'Tout refuser', exact: true }).click();
  await expect(dialog).toBeVisible({ timeout: 10_000 });
  await expect(banner).toBeHidden();
  await context.close();
});

test('the media library shows each item’s address, copied by « Copier l’adresse »', async ({ browser }) => {
  test.setTimeout(60_000);
  const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  await signIn(page, server.baseUrl, 'eve@piquante.test');
  await page.goto(`${server.baseUrl}/admin/medias`);
  const items = page.getByRole('list', { name: 'Images et sons de la médiathèque' }).getByRole('listitem');
  const suitcase = items.filter({ has: page.getByRole('img', { name: SUITCASE }) });
  await expect(suitcase.getByRole('textbox', { name: 'Adresse' })).toHaveValue(suitcaseUrl);
  const copy = suitcase.getByRole('button', { name: 'Copier l’adresse' });
  // Named by its button, described by the address it copies.
  await expect(copy).toHaveAccessibleDescription(suitcaseUrl);
  await copy.focus();
  await page.keyboard.press('Enter');
  await expect(suitcase.getByRole('status')).toHaveText('Adresse copiée');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(suitcaseUrl);
  // Every item has its own.
  expect(await items.getByRole('button', { name: 'Copier l’adresse' }).count()).toBe(await items.count());
  await expectAxeClean(page, '/admin/medias');
  await context.close();
});
