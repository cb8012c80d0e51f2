/**
 * Every image picker reaches the whole media library (issue 19), on a server of its own: with more images
 * than one page, "Choisir dans la médiathèque" opens a modal dialog that shows the 24 latest, brings the rest
 * with "Afficher plus d'images" and finds an old image by its alt text; choosing one closes the dialog and
 * fills the field, and the choice is saved. The article's main image from the keyboard (focus in the
 * dialog, back on the button after) and its share image, then a mosaic's images. axe on the dialogs.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { waitForHydration } from './support.ts';
import { libraryOfThirty, seedLibraryImages } from './support/mediaLibrary.ts';
import { expectAxeClean, newsroomServer, signIn } from './support/newsroom.ts';

test.describe.configure({ mode: 'serial' });

const server = newsroomServer([['noe@piquante.test', 'Noé Nouvelles', 'editor']]);

const ZEBRA = 'Un zèbre rayé au soleil';
const FLAMINGO = 'Un flamant rose sur une patte';
/** The media library's address of each seeded image, by alt text. */
let urls = new Map<string, string>();

test.beforeAll(async () => {
  test.setTimeout(180_000);
  // The zebra and the flamingo are the oldest: beyond the first page of 24.
  urls = await seedLibraryImages(
    server.baseUrl,
    'noe@piquante.test',
    libraryOfThirty([
      { name: 'zebre-du-zoo.png', alt: ZEBRA },
      { name: 'flamant.png', alt: FLAMINGO },
    ]),
  );
});

/** Opens the picker of a field from the keyboard: the dialog takes the focus on its search field. */
async function openPicker(page: Page, field: Locator, title: string): Promise<Locator> {
  const opener = field.getByRole('button', { name: 'Choisir dans la médiathèque' });
  // The editor's page is a chunk of its own: an Enter on the button before React holds it opens nothing.
  await waitForHydration(opener);
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Choisir dans la médiathèque : ${title}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Chercher une image (nom du fichier ou texte alternatif)')).toBeFocused();
  await expect(dialog.getByRole('list', { name: 'Images de la médiathèque' }).getByRole('button')).toHaveCount(24);
  return dialog;
}

/** "Afficher plus d'images" from the keyboard: the 30 images, the first new one focused. */
async function showAll(page: Page, dialog: Locator) {
  const library = dialog.getByRole('list', { name: 'Images de la médiathèque' });
  await dialog.getByRole('button', { name: 'Afficher plus d’images' }).focus();
  await page.keyboard.press('Enter');
  await expect(library.getByRole('button')).toHaveCount(30);
  await expect(dialog.getByRole('button', { name: 'Afficher plus d’images' })).toHaveCount(0);
  await expect(library.getByRole('button').nth(24)).toBeFocused();
}

/** Searches by alt text: the one image found. */
async function search(dialog: Locator, words: string) {
  await dialog.getByLabel('Chercher une image (nom du fichier ou texte alternatif)').fill(words);
  await expect(dialog.getByText(`1 image affichée pour « ${words} »`)).toBeVisible();
  await expect(dialog.getByRole('list', { name: 'Images de la médiathèque' }).getByRole('button')).toHaveCount(1);
}

test('the article’s main image is chosen in the whole library, by paging and by searching, and saved', async ({ page }) => {
  test.setTimeout(150_000);
  const base = server.baseUrl;
  await signIn(page, base, 'noe@piquante.test');
  await page.getByRole('link', { name: 'Écrire un article' }).click();
  await page.getByLabel('Titre', { exact: true }).fill('Les animaux du zoo');
  await page.getByLabel('Chapô').fill('Une image principale prise loin dans la médiathèque.');
  await page.getByLabel('Rubrique').selectOption('mode');
  const field = page.getByRole('group', { name: 'Image principale' });
  const opener = field.getByRole('button', { name: 'Choisir dans la médiathèque' });

  // The flamingo is not among the 24 latest: one more page, then chosen from the keyboard.
  let dialog = await openPicker(page, field, 'Image principale');
  await expect(dialog.getByRole('button', { name: FLAMINGO })).toHaveCount(0);
  await expect(dialog.getByText('24 images affichées', { exact: true })).toBeVisible();
  await expectAxeClean(page, 'main image picker');
  await showAll(page, dialog);
  await dialog.getByRole('button', { name: FLAMINGO }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  await expect(field.getByLabel("Adresse de l'image")).toHaveValue(urls.get(FLAMINGO) ?? '');
  await expect(field.getByLabel('Texte alternatif (obligatoire)')).toHaveValue(FLAMINGO);

  // Escape closes it with nothing changed.
  dialog = await openPicker(page, field, 'Image principale');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  await expect(field.getByLabel("Adresse de l'image")).toHaveValue(urls.get(FLAMINGO) ?? '');

  // The zebra found by its alt text (Enter searches at once and submits nothing).
  dialog = await openPicker(page, field, 'Image principale');
  await dialog.getByLabel('Chercher une image (nom du fichier ou texte alternatif)').fill('zèbre rayé');
  await page.keyboard.press('Enter');
  await search(dialog, 'zèbre rayé');
  await expect(page).toHaveURL(/\/admin\/articles\/nouveau$/);
  await expectAxeClean(page, 'main image picker, searched');
  await dialog.getByRole('button', { name: ZEBRA }).click();
  await expect(dialog).toBeHidden();
  await expect(field.getByLabel("Adresse de l'image")).toHaveValue(urls.get(ZEBRA) ?? '');

  // The share image is picked in the same library, with no address to type (issue 34, part 3).
  const share = page.getByRole('group', { name: 'Image de partage (OG)' });
  await expect(share.getByRole('textbox')).toHaveCount(0);
  dialog = await openPicker(page, share, 'Image de partage (OG)');
  await search(dialog, 'flamant');
  await dialog.getByRole('button', { name: FLAMINGO }).click();
  await expect(dialog).toBeHidden();
  await expect(share.locator('img')).toHaveAttribute('src', urls.get(FLAMINGO) ?? '');

  await page.getByRole('button', { name: 'Créer le brouillon' }).click();
  await expect(page).toHaveURL(/\/admin\/articles\/\d+$/);
  await expect(page.getByText('État : Brouillon')).toBeVisible();
  await page.reload();
  await expect(field.getByLabel("Adresse de l'image")).toHaveValue(urls.get(ZEBRA) ?? '');
  await expect(field.getByLabel('Texte alternatif (obligatoire)')).toHaveValue(ZEBRA);
  await expect(share.locator('img')).toHaveAttribute('src', urls.get(FLAMINGO) ?? '');
});

test('a mosaic’s images are chosen in the same picker, and saved', async ({ page }) => {
  test.setTimeout(150_000);
  await signIn(page, server.baseUrl, 'noe@piquante.test');
  await page.getByRole('navigation', { name: 'Rédaction' }).getByRole('link', { name: 'Mosaïques' }).click();
  await page.getByRole('link', { name: 'Nouvelle mosaïque' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nouvelle mosaïque' })).toBeVisible();
  await page.getByLabel('Titre', { exact: true }).fill('Le bestiaire du zoo');
  await page.getByLabel('Description').fill('Deux pensionnaires, pris loin dans la médiathèque.');

  // The cover by searching its alt text.
  const cover = page.getByRole('group', { name: 'Couverture' });
  let dialog = await openPicker(page, cover, 'Couverture');
  await search(dialog, 'flamant rose');
  await dialog.getByRole('button', { name: FLAMINGO }).click();
  await expect(dialog).toBeHidden();
  await expect(cover.getByLabel("Adresse de l'image")).toHaveValue(urls.get(FLAMINGO) ?? '');

  // The first image by paging to the oldest one.
  const first = page.getByRole('group', { name: 'Image 1' });
  dialog = await openPicker(page, first, 'Image 1');
  await showAll(page, dialog);
  await expectAxeClean(page, 'mosaic image picker, whole library');
  await dialog.getByRole('button', { name: ZEBRA }).click();
  await expect(dialog).toBeHidden();
  await expect(first.getByLabel("Adresse de l'image")).toHaveValue(urls.get(ZEBRA) ?? '');
  await expect(first.getByLabel("Texte alternatif de l'image (obligatoire)")).toHaveValue(ZEBRA);
  await page.getByLabel("Légende de l'image 1").fill('Le zèbre, à l’ombre.');

  await page.getByRole('button', { name: 'Créer le brouillon' }).click();
  await expect(page).toHaveURL(/\/admin\/mosaiques\/\d+$/);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Le bestiaire du zoo' })).toBeVisible();
  await expect(cover.getByLabel("Adresse de l'image")).toHaveValue(urls.get(FLAMINGO) ?? '');
  await expect(first.getByLabel("Adresse de l'image")).toHaveValue(urls.get(ZEBRA) ?? '');
  await expect(first.getByLabel("Texte alternatif de l'image (obligatoire)")).toHaveValue(ZEBRA);
});
