/**
 * The article editor as a writing surface (issue 19). On a phone (390 px): an editor writes an article,
 * makes a word bold with Ctrl+B, sets the alt text in the settings drawer (from the keyboard: it takes the
 * focus, Escape gives it back), sees the words and reading time, saves with Ctrl+S, links with Ctrl+K, is
 * asked before leaving with unsaved changes, and publishes; the reader's page has the bold word. At 1280 px:
 * the title is a large heading, the settings a column beside the text with no stretched gaps, the bar sticks
 * on scroll; axe-clean at both widths, and the screenshot for the README (docs/images/article-editor.png).
 */
import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { expectAxeClean, newsroomServer, signIn } from './support/newsroom.ts';

const server = newsroomServer([['eve@piquante.test', 'Ève Éditrice', 'editor']]);
const screenshot = resolve(import.meta.dirname, '../../docs/images/article-editor.png');

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('an editor writes, formats with Ctrl+B and publishes an article at 390 px', async ({ page }) => {
    test.setTimeout(150_000);
    const base = server.baseUrl;
    await signIn(page, base, 'eve@piquante.test');
    await page.getByRole('link', { name: 'Écrire un article' }).click();
    await expect(page.getByRole('heading', { name: 'Nouvel article' })).toBeVisible();
    await expect(page.getByText('Pas encore enregistré', { exact: true })).toBeVisible();
    // Nothing is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    const title = page.getByLabel('Titre', { exact: true });
    await title.fill('Le piment au téléphone');
    // A title is one line: Enter goes on to the standfirst.
    await title.press('Enter');
    await expect(page.getByLabel('Chapô')).toBeFocused();
    await page.keyboard.type('Écrit dans le métro, publié avant la station.');
    const editor = page.getByRole('textbox', { name: "Texte de l'article" });
    await editor.click();
    await page.keyboard.type('Un piment ');
    await page.keyboard.press('Control+b');
    await expect(page.getByRole('button', { name: 'Gras' })).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.type('vraiment fort');
    await page.keyboard.press('Control+b');
    await page.keyboard.type(' et doux à la fois.');
    await expect(editor.locator('strong')).toHaveText('vraiment fort');
    await expect(page.getByText('9 mots · 1 min de lecture')).toBeVisible();
    await expect(page.getByText('Modifications non enregistrées', { exact: true })).toBeVisible();

    // The settings are a drawer: closed, then opened from the keyboard; Escape closes it and gives the focus back.
    await expect(page.getByLabel('Texte alternatif (obligatoire)')).toBeHidden();
    const settings = page.getByRole('button', { name: 'Réglages' });
    await expect(settings).toHaveAttribute('aria-expanded', 'false');
    await settings.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Fermer' })).toBeFocused();
    await expect(page.getByRole('heading', { name: 'Réglages de l’article' })).toBeVisible();
    await expectAxeClean(page, 'editor at 390 px, drawer open');
    await page.getByLabel('Rubrique').selectOption('mode');
    await page.getByLabel('Texte alternatif (obligatoire)').fill('Un piment rouge dans une main');
    await page.keyboard.press('Escape');
    await expect(page.getByLabel('Texte alternatif (obligatoire)')).toBeHidden();
    await expect(settings).toBeFocused();

    // Ctrl+S creates the draft; the bar says when it was saved.
    await page.keyboard.press('Control+s');
    await expect(page).toHaveURL(/\/admin\/articles\/\d+$/);
    await expect(page.getByText(/^Brouillon enregistré à \d{2} h \d{2}$/)).toBeVisible();
    await expect(editor.locator('strong')).toHaveText('vraiment fort');
    await expectAxeClean(page, 'editor at 390 px');

    // Ctrl+K: a link on the selected words, from the keyboard.
    await editor.click();
    await page.keyboard.press('Control+End');
    // One key at a time, each seen by the editor before the next (a robot types faster than selectionchange).
    const selected = () => page.evaluate(() => window.getSelection()?.toString() ?? '');
    await expect.poll(selected).toBe('');
    for (const expected of ['.', 's.', 'is.', 'ois.', 'fois.']) {
      await page.keyboard.press('Shift+ArrowLeft');
      await expect.poll(selected).toBe(expected);
    }
    await page.keyboard.press('Control+k');
    const linkField = page.getByLabel("Adresse du lien (sélectionnez d'abord le texte)");
    await expect(linkField).toBeFocused();
    await page.keyboard.type('https://piquante.fr/mode');
    await page.keyboard.press('Enter');
    await expect(editor.locator('a[href="https://piquante.fr/mode"]')).toHaveText('fois.');
    await expect(editor).toBeFocused();
    await expect(page.getByText('Modifications non enregistrées', { exact: true })).toBeVisible();

    // Leaving with unsaved changes is asked first; "Rester" keeps everything (the menu is a drawer on a phone).
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name: 'Articles', exact: true }).click();
    const leave = page.getByRole('alertdialog', { name: 'Quitter sans enregistrer ?' });
    await expect(leave).toBeVisible();
    await expect(leave.getByRole('button', { name: 'Rester sur l’article' })).toBeFocused();
    await expectAxeClean(page, 'leave guard');
    await page.keyboard.press('Escape');
    await expect(leave).toBeHidden();
    await expect(page).toHaveURL(/\/admin\/articles\/\d+$/);
    // A draft saves itself 3 s after the last change (autosave), and a slow machine can spend that on the checks
    // above: a fresh change, so the reload below finds the text unsaved.
    await page.getByLabel('Chapô').press('End');
    await page.keyboard.type(' !');
    await expect(page.getByText('Modifications non enregistrées', { exact: true })).toBeVisible();
    // Reloading or closing the tab is asked by the browser itself (beforeunload); dismissed, the page stays.
    const asked = new Promise<string>((done) => {
      page.once('dialog', async (dialog) => {
        done(dialog.type());
        await dialog.dismiss();
      });
    });
    void page.reload().catch(() => {});
    expect(await asked).toBe('beforeunload');
    await expect(editor.locator('a[href="https://piquante.fr/mode"]')).toHaveCount(1);

    // Publish from the bar (the text on screen is saved first).
    await page.getByRole('button', { name: 'Publier maintenant' }).click();
    await expect(page.getByText('Article publié.')).toBeVisible();
    await expect(page.getByText(/État : Publié/)).toBeVisible();
    await expect(page.getByText(/^Publié · enregistré à \d{2} h \d{2}$/)).toBeVisible();
    // Saved: leaving is no longer asked.
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name: 'Articles', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Articles' })).toBeVisible();

    const reader = await page.context().newPage();
    await reader.goto(`${base}/mode/le-piment-au-telephone`);
    await expect(reader.getByRole('heading', { level: 1, name: 'Le piment au téléphone' })).toBeVisible();
    await expect(reader.locator('.article-body strong')).toHaveText('vraiment fort');
    await expect(reader.locator('.article-body a[href="https://piquante.fr/mode"]')).toHaveText('fois.');
  });
});

test('at 1280 px: a heading-sized title, the settings beside the text, a sticky bar; screenshot', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const base = server.baseUrl;
  await signIn(page, base, 'eve@piquante.test');
  await page.getByRole('link', { name: 'Écrire un article' }).click();
  const title = page.getByLabel('Titre', { exact: true });
  await title.fill('Dix piments à connaître avant l’hiver');
  await page.getByLabel('Chapô').fill('Du plus doux au plus traître : notre guide pour ne plus jamais pleurer à table.');
  await page.getByLabel('Texte alternatif (obligatoire)').fill('Dix piments alignés sur une planche');
  const editor = page.getByRole('textbox', { name: "Texte de l'article" });
  await editor.click();
  await page.keyboard.type('Le piment se choisit comme un parfum : ');
  await page.keyboard.press('Control+i');
  await page.keyboard.type('avec le nez');
  await page.keyboard.press('Control+i');
  await page.keyboard.type(', et jamais à la hâte.');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Commencez par les doux, finissez par les traîtres.');
  await page.keyboard.press('Control+s');
  await expect(page).toHaveURL(/\/admin\/articles\/\d+$/);
  await expect(page.getByText(/^Brouillon enregistré à \d{2} h \d{2}$/)).toBeVisible();
  await expect(editor.locator('em')).toHaveText('avec le nez');

  // The title is a heading in the magazine's type, much larger than the body.
  const sizes = await page.evaluate(() => {
    const px = (el: Element | null) => (el ? Number.parseFloat(getComputedStyle(el).fontSize) : 0);
    const field = document.querySelector('textarea');
    return { title: px(field), body: px(document.querySelector('.article-editor')), font: field ? getComputedStyle(field).fontFamily : '' };
  });
  expect(sizes.title).toBeGreaterThanOrEqual(2 * sizes.body);
  const headingFont = await page.evaluate(() => getComputedStyle(document.querySelector('h1') as Element).fontFamily);
  expect(sizes.font).toBe(headingFont);

  // Settings beside the text, each label right above its field (no stretched gaps).
  const panel = page.getByRole('complementary', { name: 'Réglages de l’article' });
  const writing = await title.boundingBox();
  const aside = await panel.boundingBox();
  expect(aside && writing && aside.x > writing.x + writing.width).toBe(true);
  for (const label of ['Rubrique', 'Texte alternatif (obligatoire)', 'Titre SEO']) {
    const field = await panel.getByLabel(label).boundingBox();
    const caption = await panel.getByText(label, { exact: true }).boundingBox();
    expect(field && caption && field.y - (caption.y + caption.height), label).toBeLessThan(12);
  }
  const titleBox = await title.boundingBox();
  const subtitleBox = await page.getByLabel('Chapô').boundingBox();
  expect(subtitleBox && titleBox && subtitleBox.y - (titleBox.y + titleBox.height)).toBeLessThan(24);
  await expectAxeClean(page, 'editor at 1280 px');
  await page.screenshot({ path: screenshot });

  // The bar stays in view when the text scrolls.
  await editor.click();
  for (let i = 0; i < 30; i++) await page.keyboard.press('Enter');
  await page.mouse.wheel(0, 1500);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  await expect(page.getByRole('button', { name: 'Publier maintenant' })).toBeInViewport();
});
