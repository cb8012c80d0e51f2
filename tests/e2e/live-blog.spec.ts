/**
 * « Direct » (issue 33), on a server of its own. The newsroom, on the shared editor: the list (FormatListPage),
 * a new live blog created, its title edited with a revision and restored, gone live; entries posted (one with
 * an image picked in the media library), pinned, corrected (shown « Corrigé » to readers), deleted; then ended.
 * Readers: /direct/{slug} with the LiveBlogPosting JSON-LD and the « En direct » badge (also on the home), a new
 * entry arriving without a reload, announced in the polite live region, focus left where it was. Deleting an
 * entry and ending the blog are asked first (ConfirmDialog, naming the consequence). Offline, the page still shows the entries it had seen, those that arrived by polling included. axe on the desk and the page.
 */
import { expect, type Page, test } from '@playwright/test';
import { seedLibraryImages } from './support/mediaLibrary.ts';
import { expectAxeClean, newsroomServer, signIn } from './support/newsroom.ts';
import { CACHE, expectCached, waitForControl } from './support/serviceWorker.ts';

test.describe.configure({ mode: 'serial' });

const server = newsroomServer([['eve@piquante.test', 'Ève Éditrice', 'editor']], { ADMIN_LOGIN_RATE_LIMIT: '100' });

const TITLE = 'Les Césars en direct';
const SLUG = 'les-cesars-en-direct';
const PHOTO = 'La lauréate sur scène';

/** Posts an entry from the desk and waits for the editor's status line. */
async function postEntry(desk: Page, text: string) {
  await desk.getByLabel('Texte de l’entrée').first().fill(text);
  await desk.getByRole('button', { name: 'Publier l’entrée' }).click();
  // Its own line in the desk's list, the text field emptied for the next one.
  await expect(desk.getByRole('listitem').filter({ hasText: text })).toHaveCount(1);
  await expect(desk.getByLabel('Texte de l’entrée').first()).toHaveValue('');
}

test('the newsroom edits a live blog with versions and runs its entries desk', async ({ browser }) => {
  test.setTimeout(180_000);
  await seedLibraryImages(server.baseUrl, 'eve@piquante.test', [{ name: 'laureate.png', alt: PHOTO }]);
  const context = await browser.newContext();
  const desk = await context.newPage();
  await signIn(desk, server.baseUrl, 'eve@piquante.test');
  await desk.getByRole('navigation', { name: 'Rédaction' }).getByRole('link', { name: 'Directs' }).click();
  await expect(desk.getByRole('heading', { level: 1, name: 'Directs' })).toBeVisible();
  await expect(desk.getByRole('row').nth(1)).toContainText('La Fashion Week en direct');
  await desk.getByRole('link', { name: 'Nouveau direct' }).click();
  await desk.getByLabel('Titre', { exact: true }).fill('Les Césars');
  await desk.getByLabel('Chapô').fill('La cérémonie minute par minute.');
  await desk
    .getByRole('group', { name: 'Image principale' })
    .getByLabel("Texte alternatif de l'image (obligatoire)")
    .fill('Le tapis rouge');
  await desk.getByRole('button', { name: 'Créer le brouillon' }).click();
  await expect(desk).toHaveURL(/\/admin\/directs\/\d+$/);
  await expect(desk.getByText(/Brouillon · version 1/)).toBeVisible();

  // The title edited as in every format: a new version, a revision to restore.
  await desk.getByLabel('Titre', { exact: true }).fill('Les Césars, la soirée');
  await desk.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(desk.getByRole('status')).toHaveText('Direct enregistré.');
  await desk.getByRole('button', { name: 'Afficher les révisions' }).click();
  await desk.getByRole('button', { name: 'Restaurer la version 1' }).click();
  await expect(desk.getByRole('status')).toHaveText('Version 1 restaurée.');
  await expect(desk.getByLabel('Titre', { exact: true })).toHaveValue('Les Césars');
  await desk.getByLabel('Titre', { exact: true }).fill(TITLE);
  await desk.getByLabel('Adresse (vide : tirée du titre)').fill(SLUG);
  await desk.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(desk.getByRole('status')).toHaveText('Direct enregistré.');

  await desk.getByRole('button', { name: 'Publier maintenant' }).click();
  await expect(desk.getByRole('status')).toHaveText('Le direct est ouvert.');
  await expect(desk.getByText(/En direct · version \d+/)).toBeVisible();

  // An entry with an image picked in the media library.
  await desk.getByLabel('Texte de l’entrée').fill('Le tapis rouge se remplit.');
  const image = desk.getByRole('group', { name: 'Image de l’entrée (facultative)' }).first();
  await image.getByRole('button', { name: 'Choisir dans la médiathèque' }).click();
  const dialog = desk.getByRole('dialog', { name: /Choisir dans la médiathèque/ });
  await dialog
    .getByRole('list', { name: 'Images de la médiathèque' })
    .getByRole('button', { name: new RegExp(PHOTO) })
    .click();
  await expect(image.getByLabel("Texte alternatif de l'image (obligatoire)")).toHaveValue(PHOTO);
  await desk.getByRole('button', { name: 'Publier l’entrée' }).click();
  await expect(desk.getByRole('status')).toHaveText('Entrée publiée.');
  await postEntry(desk, 'Une entrée de trop.');
  await postEntry(desk, 'Premier prix : la meileure actrice');

  const entries = desk.getByRole('listitem').filter({ has: desk.getByRole('button', { name: 'Corriger' }) });
  // Deleting asks first, naming the consequence; cancelling keeps the entry, confirming deletes it.
  const tooMany = entries.filter({ hasText: 'Une entrée de trop.' });
  await tooMany.getByRole('button', { name: 'Supprimer' }).click();
  const askDelete = desk.getByRole('alertdialog', { name: 'Supprimer cette entrée ?' });
  await expect(askDelete).toContainText('ne peut pas être rétablie');
  await askDelete.getByRole('button', { name: 'Annuler' }).click();
  await expect(askDelete).toHaveCount(0);
  await expect(tooMany).toHaveCount(1);
  await tooMany.getByRole('button', { name: 'Supprimer' }).click();
  await desk.getByRole('alertdialog').getByRole('button', { name: 'Supprimer l’entrée' }).click();
  await expect(desk.getByRole('status')).toHaveText('Entrée supprimée.');
  await expect(entries.filter({ hasText: 'Une entrée de trop.' })).toHaveCount(0);
  await entries.filter({ hasText: 'Le tapis rouge' }).getByRole('button', { name: 'Épingler' }).click();
  await expect(desk.getByRole('status')).toHaveText('Entrée épinglée.');
  await entries.filter({ hasText: 'meileure' }).getByRole('button', { name: 'Corriger' }).click();
  // Being corrected, the entry shows its form (the text is in the field, no longer on the page).
  const typo = desk.getByRole('listitem').filter({ has: desk.getByRole('button', { name: 'Enregistrer la correction' }) });
  await expect(typo.getByLabel('Texte de l’entrée')).toHaveValue('Premier prix : la meileure actrice');
  await typo.getByLabel('Texte de l’entrée').fill('Premier prix : la meilleure actrice');
  await typo.getByRole('button', { name: 'Enregistrer la correction' }).click();
  await expect(desk.getByRole('status')).toHaveText('Entrée corrigée.');
  await expect(entries.filter({ hasText: 'Premier prix' })).toContainText('Corrigée');
  await expectAxeClean(desk, 'live blog desk');

  const reader = await context.newPage();
  await reader.goto(`${server.baseUrl}/direct/${SLUG}`);
  await expect(reader.getByRole('img', { name: PHOTO })).toBeVisible();
  await expect(reader.getByText('Épinglé', { exact: true })).toBeVisible();
  await expect(reader.getByText(/Corrigé à/)).toBeVisible();
  await expect(reader.getByText('Une entrée de trop.')).toHaveCount(0);
  await context.close();
});

test('a reader sees the next entry arrive without reloading, announced politely', async ({ browser }) => {
  test.setTimeout(180_000);
  const editorContext = await browser.newContext();
  const desk = await editorContext.newPage();
  await signIn(desk, server.baseUrl, 'eve@piquante.test');
  await desk.goto(`${server.baseUrl}/admin/directs`);
  await desk.getByRole('link', { name: TITLE }).click();
  await expect(desk.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();

  const readerContext = await browser.newContext();
  const reader = await readerContext.newPage();
  await reader.goto(`${server.baseUrl}/`);
  const liveList = reader.getByRole('list', { name: 'Directs en cours' });
  // Beside the seed's own live blog, each with its badge.
  await expect(liveList.getByRole('listitem')).toHaveCount(2);
  await expect(liveList.getByRole('listitem').filter({ hasText: TITLE }).getByText('En direct', { exact: true })).toBeVisible();
  await liveList.getByRole('link', { name: TITLE }).click();
  await expect(reader).toHaveURL(new RegExp(`/direct/${SLUG}$`));
  await expect(reader.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(reader.getByText('En direct', { exact: true })).toBeVisible();
  await expect(reader.getByText('Le tapis rouge se remplit.')).toBeVisible();
  const jsonLd = await reader.locator('script[type="application/ld+json"]').allTextContents();
  const posting = jsonLd.map((text) => JSON.parse(text) as Record<string, unknown>).find((data) => data['@type'] === 'LiveBlogPosting');
  expect(posting).toMatchObject({ headline: TITLE });
  expect(JSON.stringify(posting?.liveBlogUpdate)).toContain('Le tapis rouge se remplit.');
  expect(posting?.coverageStartTime).toEqual(expect.any(String));
  expect(posting).not.toHaveProperty('coverageEndTime');
  await expectAxeClean(reader, 'live blog page');

  // The reader's focus stays where it is while the next entry arrives.
  await reader.locator('a:visible').first().focus();
  const focusedBefore = await reader.evaluate(() => document.activeElement?.outerHTML ?? '');
  await postEntry(desk, 'Premier prix : la meilleure actrice est…');

  await expect(reader.getByText('Premier prix : la meilleure actrice est…')).toBeVisible({ timeout: 70_000 });
  await expect(reader.getByTestId('live-announcer')).toHaveText('1 nouvelle entrée');
  await expect(reader.getByTestId('live-announcer')).toHaveAttribute('aria-live', 'polite');
  // Newest first, with no reload.
  const entries = reader.locator('article.live-entry');
  // (The pinned entry stands first, above the others.)
  const texts = await entries.allTextContents();
  const newest = texts.findIndex((t) => t.includes('actrice est…'));
  expect(newest).toBeGreaterThan(0);
  expect(newest).toBeLessThan(texts.findIndex((t) => t.includes('Corrigé à')));
  expect(await reader.evaluate(() => document.activeElement?.outerHTML ?? '')).toBe(focusedBefore);
  await editorContext.close();
  await readerContext.close();
});

test('offline, the reader still reads the entries seen, those that arrived by polling too; then the live blog ends', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  // Workers are blocked by default (playwright.config.ts): this test is about the worker.
  const context = await browser.newContext({ serviceWorkers: 'allow' });
  const page = await context.newPage();
  await page.goto(`${server.baseUrl}/direct/${SLUG}`);
  await expect(page.getByText('Premier prix : la meilleure actrice est…')).toBeVisible();
  await waitForControl(page);
  await expectCached(page, CACHE.pages, `/direct/${SLUG}`);

  const editorContext = await browser.newContext();
  const desk = await editorContext.newPage();
  await signIn(desk, server.baseUrl, 'eve@piquante.test');
  await desk.goto(`${server.baseUrl}/admin/directs`);
  await desk.getByRole('link', { name: TITLE }).click();
  await postEntry(desk, 'Le discours de clôture.');
  await expect(page.getByText('Le discours de clôture.')).toBeVisible({ timeout: 70_000 });

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(page.getByText('Le tapis rouge se remplit.')).toBeVisible();
  await expect(page.getByText('Le discours de clôture.')).toBeVisible();
  await context.setOffline(false);
  await context.close();

  // Ended: no longer « En direct », no more entries.
  await desk.getByRole('button', { name: 'Terminer le direct' }).click();
  const askEnd = desk.getByRole('alertdialog', { name: 'Terminer ce direct ?' });
  await expect(askEnd).toContainText('on ne pourra plus en publier');
  await expectAxeClean(desk, 'ending a live blog, asked first');
  await askEnd.getByRole('button', { name: 'Terminer le direct' }).click();
  await expect(desk.getByRole('status')).toHaveText('Le direct est terminé.');
  await expect(desk.getByText(/Terminé · version \d+/)).toBeVisible();
  await expect(desk.getByRole('button', { name: 'Publier l’entrée' })).toHaveCount(0);
  const reader = await editorContext.newPage();
  await reader.goto(`${server.baseUrl}/direct/${SLUG}`);
  await expect(reader.getByText('Terminé', { exact: true })).toBeVisible();
  await editorContext.close();
});
