/**
 * The body-image dialog reaches the whole media library (issue 19): with more images than one page, the
 * dialog shows the 24 latest, "Afficher plus d'images" brings the rest (focus on the first new one), and the
 * search finds an old image by its file name or its alt text; everything from the keyboard, axe-clean.
 */
import { expect, test } from '@playwright/test';
import { libraryOfThirty, seedLibraryImages } from './support/mediaLibrary.ts';
import { expectAxeClean, newsroomServer, signIn } from './support/newsroom.ts';

const server = newsroomServer([['lea@piquante.test', 'Léa Librairie', 'editor']]);

test('the image dialog pages through the whole library and searches it by name or alt text', async ({ page }) => {
  test.setTimeout(150_000);
  const base = server.baseUrl;
  // 30 images: the oldest one is the one to find, by its file name and by its alt text.
  await seedLibraryImages(base, 'lea@piquante.test', libraryOfThirty([{ name: 'zebre-du-zoo.png', alt: 'Un zèbre rayé au soleil' }]));

  await signIn(page, base, 'lea@piquante.test');
  await page.getByRole('link', { name: 'Écrire un article' }).click();
  const editor = page.getByRole('textbox', { name: "Texte de l'article" });
  await editor.click();
  await page.keyboard.type('Un texte illustré.');
  const insert = page.getByRole('button', { name: 'Insérer une image' });
  await insert.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Insérer une image' });
  const library = dialog.getByRole('list', { name: 'Images de la médiathèque' });
  await expect(library.getByRole('button')).toHaveCount(24);
  await expect(dialog.getByText('24 images affichées', { exact: true })).toBeVisible();
  await expect(library.getByRole('button', { name: 'Un zèbre rayé au soleil' })).toHaveCount(0);
  await expectAxeClean(page, 'image dialog with a long library');

  // The rest of the library, from the keyboard: the first new image takes the focus.
  const more = dialog.getByRole('button', { name: 'Afficher plus d’images' });
  await more.focus();
  await page.keyboard.press('Enter');
  await expect(library.getByRole('button')).toHaveCount(30);
  await expect(more).toHaveCount(0);
  await expect(library.getByRole('button').nth(24)).toBeFocused();
  await expect(library.getByRole('button', { name: 'Un zèbre rayé au soleil' })).toBeVisible();

  // Search by file name, then by alt text (case and accents as typed), then nothing found.
  const search = dialog.getByLabel('Chercher une image (nom du fichier ou texte alternatif)');
  await search.fill('ZEBRE-du');
  await expect(library.getByRole('button')).toHaveCount(1);
  await expect(dialog.getByText('1 image affichée pour « ZEBRE-du »')).toBeVisible();
  await search.fill('zèbre rayé');
  await search.press('Enter');
  await expect(library.getByRole('button')).toHaveCount(1);
  await expect(dialog).toBeVisible();
  await search.fill('100%_introuvable');
  await expect(dialog.getByText('Aucune image ne correspond à « 100%_introuvable ».')).toBeVisible();
  await expect(library).toHaveCount(0);
  await search.fill('numéro 1');
  await expect(library.getByRole('button')).toHaveCount(11);
  await search.fill('rayé');
  const zebra = library.getByRole('button', { name: 'Un zèbre rayé au soleil' });
  await expect(library.getByRole('button')).toHaveCount(1);
  await zebra.focus();
  await page.keyboard.press('Enter');
  await expect(zebra).toHaveAttribute('aria-pressed', 'true');
  await expect(dialog.getByLabel('Texte alternatif (obligatoire)')).toHaveValue('Un zèbre rayé au soleil');
  await expectAxeClean(page, 'image dialog searched');
  await dialog.getByRole('button', { name: 'Insérer l’image' }).press('Enter');
  await expect(dialog).toBeHidden();
  await expect(editor.locator('figure img[alt="Un zèbre rayé au soleil"]')).toBeVisible();
});
