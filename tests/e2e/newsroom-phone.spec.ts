/**
 * The newsroom on a phone (issue 39): at 390 px the menu is a drawer (« Menu », aria-expanded, the focus taken
 * and given back, Escape closes it), lists are cards with their state and category apart (« Publié · Mode »),
 * no newsroom page is wider than the screen (every page, read from `src/routes/admin/` as the axe spec does), and
 * an editor writes and publishes an article and a quiz. The same pages at 1280 px. The screenshots go to the test's
 * output, or to `docs/images/newsroom-*.png` for the newsroom guide with `npm run docs:screenshots`.
 */
import { resolve } from 'node:path';
import { expect, type Page, type TestInfo, test } from '@playwright/test';
import sharp from 'sharp';
import { adminRoutes, newItem } from './support/adminRoutes.ts';
import { expectAxeClean, newsroomServer, signIn } from './support/newsroom.ts';

const server = newsroomServer([['nina@piquante.test', 'Nina Nomade', 'admin']]);
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/** A screenshot for the guide (with DOCS_SCREENSHOTS=1) or for the test's report. */
async function shoot(page: Page, info: TestInfo, name: string): Promise<void> {
  const path = process.env.DOCS_SCREENSHOTS
    ? resolve(import.meta.dirname, `../../docs/images/newsroom-${name}.png`)
    : info.outputPath(`newsroom-${name}.png`);
  await page.screenshot({ path, animations: 'disabled' });
}

async function expectNoSideScroll(page: Page, where: string): Promise<void> {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect.soft(widths.scroll, `${where} is wider than the screen`).toBeLessThanOrEqual(widths.inner);
}

async function openLoaded(page: Page, url: string): Promise<void> {
  await page.goto(`${server.baseUrl}${url}`);
  await expect(page.getByRole('heading', { level: 1 }).first(), url).toBeVisible({ timeout: 15_000 });
  await page.waitForLoadState('load');
  await expect(page.getByText(/Chargement…/)).toHaveCount(0);
}

/** Every newsroom page: the lists and tools, each editor for a new item and for the first item its list links to. */
async function everyPage(page: Page): Promise<string[]> {
  const { lists, editors } = adminRoutes();
  const pages = [...lists];
  for (const editor of editors) {
    const fresh = newItem[editor];
    if (fresh) pages.push(`/admin/${editor}/${fresh}`);
    await openLoaded(page, `/admin/${editor}`);
    await page
      .locator(`main a[href^="/admin/${editor}/"]`)
      .first()
      .waitFor({ timeout: 5_000 })
      .catch(() => undefined);
    const hrefs = await page
      .locator(`main a[href^="/admin/${editor}/"]`)
      .evaluateAll((all) => all.map((a) => a.getAttribute('href') ?? ''));
    const existing = hrefs.find((href) => /\/\d+$/.test(href));
    if (existing) pages.push(existing);
  }
  return pages;
}

test.describe('at 390 px', () => {
  test.use({ viewport: PHONE });

  test('the menu is a drawer, lists are cards, and no newsroom page is wider than the screen', async ({ page }, info) => {
    test.setTimeout(400_000);
    await signIn(page, server.baseUrl, 'nina@piquante.test');
    await openLoaded(page, '/admin');
    const nav = page.getByRole('navigation', { name: 'Rédaction' });
    const menu = page.getByRole('button', { name: 'Menu' });
    await expect(nav).toBeHidden();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await shoot(page, info, 'articles-390');

    // Opened from the keyboard: the first link takes the focus; Escape closes and gives it back.
    await menu.focus();
    await page.keyboard.press('Enter');
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: 'Articles', exact: true })).toBeFocused();
    await expectAxeClean(page, 'menu drawer');
    // The page behind is out of reach while the drawer is open.
    await expect(page.locator('main#contenu')).toHaveAttribute('inert', '');
    await shoot(page, info, 'menu-390');
    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
    await expect(menu).toBeFocused();
    // A link followed closes the drawer.
    await menu.click();
    await nav.getByRole('link', { name: 'Quiz', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Quiz', exact: true })).toBeVisible();
    await expect(nav).toBeHidden();

    // A list row is a card: the title on its line, the other cells on one line, never glued.
    await openLoaded(page, '/admin');
    const row = page.locator('main tbody tr').first();
    const cells = await row
      .locator('td, th')
      .evaluateAll((all) =>
        all.map((cell) => ({ top: cell.getBoundingClientRect().top, before: getComputedStyle(cell, '::before').content })),
      );
    const [title, state, category] = cells;
    expect(state?.top).toBeGreaterThan(title?.top ?? 0);
    expect(category?.top).toBe(state?.top);
    expect(state?.before).toBe('none');
    expect(category?.before).toBe('" · "');

    for (const url of await everyPage(page)) {
      await openLoaded(page, url);
      await expectNoSideScroll(page, url);
    }
  });

  test('an editor writes and publishes an article, then a quiz', async ({ page }, info) => {
    test.setTimeout(240_000);
    await signIn(page, server.baseUrl, 'nina@piquante.test');
    await page.getByRole('link', { name: 'Écrire un article' }).click();
    await expect(page.getByRole('heading', { name: 'Nouvel article' })).toBeVisible();
    await page.getByLabel('Titre', { exact: true }).fill('Le piment dans la poche');
    await page.getByLabel('Chapô').fill('Écrit et publié depuis un téléphone.');
    const body = page.getByRole('textbox', { name: "Texte de l'article" });
    await body.click();
    await page.keyboard.type('Un piment tient dans la poche, une rédaction aussi.');
    // What is typed is on screen, never under a bar.
    await expect(body).toBeInViewport();
    await page.getByRole('button', { name: 'Réglages' }).click();
    await page.getByLabel('Rubrique').selectOption('mode');
    await page.getByLabel('Texte alternatif (obligatoire)').fill('Un piment rouge dans une poche de jean');
    await shoot(page, info, 'article-settings-390');
    await page.keyboard.press('Escape');
    await shoot(page, info, 'article-editor-390');
    await expectNoSideScroll(page, 'article editor');
    await page.getByRole('button', { name: 'Créer le brouillon' }).click();
    await expect(page).toHaveURL(/\/admin\/articles\/\d+$/);
    await page.getByRole('button', { name: 'Publier maintenant' }).click();
    await expect(page.getByText('Article publié.')).toBeVisible();
    await expect(page.getByText(/État : Publié/)).toBeVisible();
    expect((await page.request.get(`${server.baseUrl}/api/article/le-piment-dans-la-poche`)).status()).toBe(200);

    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('navigation', { name: 'Rédaction' }).getByRole('link', { name: 'Quiz', exact: true }).click();
    await page.getByRole('link', { name: 'Créer un quiz' }).click();
    await expect(page.getByRole('heading', { name: 'Nouveau quiz' })).toBeVisible();
    await page.getByLabel('Titre', { exact: true }).fill('Quel piment de poche êtes-vous ?');
    await page.getByLabel('Introduction').fill('Deux réponses, deux piments.');
    const cover = page.getByRole('group', { name: 'Image du quiz' });
    await cover.getByLabel('Texte alternatif (obligatoire)').fill('Des piments en couverture');
    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 190, g: 20, b: 40 } } })
      .png()
      .toBuffer();
    await cover.getByLabel(/^Téléverser une image/).setInputFiles({ name: 'piments.png', mimeType: 'image/png', buffer: png });
    await expect(cover.getByText('Aucune image choisie.')).toHaveCount(0);
    for (const [index, title] of ['Piment doux', 'Piment fort'].entries()) {
      const group = page.getByRole('group', { name: `Résultat ${index + 1}`, exact: true });
      await group.getByLabel('Titre du résultat').fill(title);
      await group.getByLabel('Description du résultat').fill(`Vous êtes un ${title.toLowerCase()}.`);
      // The cover, uploaded above, picked again from the library.
      const image = page.getByRole('group', { name: `Image du résultat ${index + 1}` });
      await image.getByLabel('Texte alternatif (obligatoire)').fill(`Illustration : ${title}`);
      await image.getByRole('button', { name: 'Choisir dans la médiathèque' }).click();
      const picker = page.getByRole('dialog', { name: /^Choisir dans la médiathèque/ });
      await picker.getByRole('list', { name: 'Images de la médiathèque' }).getByRole('button').first().click();
      await expect(image.getByText('Aucune image choisie.')).toHaveCount(0);
    }
    const question = page.getByRole('group', { name: 'Question 1', exact: true });
    const text = question.getByLabel('Texte de la question');
    await text.fill('Que mettez-vous dans votre poche ?');
    await expect(text).toBeInViewport();
    for (const [index, answer] of ['Un mouchoir', 'Un piment', 'Un carnet', 'Un stylo'].entries()) {
      const group = page.getByRole('group', { name: `Question 1, réponse ${index + 1}`, exact: true });
      if ((await group.count()) === 0) continue;
      await group.getByLabel('Texte de la réponse').fill(answer);
      await group.getByLabel('Compte pour le résultat').selectOption({ label: index % 2 ? 'Piment fort' : 'Piment doux' });
    }
    await expect(page.getByText('Ce quiz peut se jouer jusqu’à chacun de ses résultats.')).toBeVisible();
    await shoot(page, info, 'quiz-editor-390');
    await expectNoSideScroll(page, 'quiz editor');
    await page.getByRole('button', { name: 'Créer le brouillon' }).click();
    await expect(page).toHaveURL(/\/admin\/quizz\/\d+$/);
    await page.getByRole('button', { name: 'Publier maintenant' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Quiz publié.' })).toBeVisible();
    expect((await page.request.get(`${server.baseUrl}/api/quizz/quel-piment-de-poche-etes-vous`)).status()).toBe(200);
  });
});

test.describe('at 1280 px', () => {
  test.use({ viewport: DESKTOP });

  test('the menu is a bar, lists are tables; the guide’s screenshots', async ({ page }, info) => {
    test.setTimeout(120_000);
    await signIn(page, server.baseUrl, 'nina@piquante.test');
    await openLoaded(page, '/admin');
    await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Rédaction' })).toBeVisible();
    await expect(page.locator('main thead')).toBeVisible();
    await expectNoSideScroll(page, '/admin');
    await shoot(page, info, 'articles-1280');
    await openLoaded(page, '/admin/articles/nouveau');
    await shoot(page, info, 'article-editor-1280');
    await openLoaded(page, '/admin/quizz/nouveau');
    await shoot(page, info, 'quiz-editor-1280');
  });
});
