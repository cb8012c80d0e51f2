/**
 * « Direct » (issue 33), on a server of its own: an editor creates a live blog from /admin/directs, opens it
 * and posts an entry; a reader on /direct/{slug} sees it with the LiveBlogPosting JSON-LD and the « En
 * direct » badge (also on the home); a second entry then appears without a reload, announced in the polite
 * live region, focus left where it was. axe on the newsroom desk and the reader's page. Offline, the page
 * still shows the entries it showed when loaded (those that arrived by polling are not kept yet: the page's
 * CACHE_URLS message did not refresh the kept copy when tried).
 */
import { expect, test } from '@playwright/test';
import { expectAxeClean, newsroomServer, signIn } from './support/newsroom.ts';
import { CACHE, expectCached, waitForControl } from './support/serviceWorker.ts';

test.describe.configure({ mode: 'serial' });

const server = newsroomServer([['eve@piquante.test', 'Ève Éditrice', 'editor']], { ADMIN_LOGIN_RATE_LIMIT: '100' });

const TITLE = 'Les Césars en direct';
const SLUG = 'les-cesars-en-direct';

test('an editor creates a live blog, opens it and posts; a reader sees the next entry arrive without reloading', async ({ browser }) => {
  test.setTimeout(180_000);
  const editorContext = await browser.newContext();
  const desk = await editorContext.newPage();
  await signIn(desk, server.baseUrl, 'eve@piquante.test');
  await desk.getByRole('navigation', { name: 'Rédaction' }).getByRole('link', { name: 'Directs' }).click();
  await expect(desk.getByRole('heading', { level: 1, name: 'Directs' })).toBeVisible();
  await desk.getByLabel('Titre', { exact: true }).fill(TITLE);
  await desk.getByLabel('Chapô').fill('La cérémonie minute par minute.');
  await desk
    .getByRole('group', { name: 'Image principale' })
    .getByLabel("Texte alternatif de l'image (obligatoire)")
    .fill('Le tapis rouge');
  await desk.getByRole('button', { name: 'Créer le direct' }).click();
  await expect(desk.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(desk.getByText('Brouillon', { exact: true })).toBeVisible();
  await desk.getByRole('button', { name: 'Passer en direct' }).click();
  await expect(desk.getByRole('status')).toHaveText('Le direct est ouvert.');
  await desk.getByLabel('Texte de l’entrée').fill('Le tapis rouge se remplit.');
  await desk.getByRole('button', { name: 'Publier l’entrée' }).click();
  await expect(desk.getByRole('status')).toHaveText('Entrée publiée.');
  await expectAxeClean(desk, 'live blog desk');

  const readerContext = await browser.newContext();
  const reader = await readerContext.newPage();
  await reader.goto(`${server.baseUrl}/`);
  const liveList = reader.getByRole('list', { name: 'Directs en cours' });
  await expect(liveList.getByText('En direct', { exact: true })).toBeVisible();
  await liveList.getByRole('link', { name: TITLE }).click();
  await expect(reader).toHaveURL(new RegExp(`/direct/${SLUG}$`));
  await expect(reader.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(reader.getByText('En direct', { exact: true })).toBeVisible();
  await expect(reader.getByText('Le tapis rouge se remplit.')).toBeVisible();
  const jsonLd = await reader.locator('script[type="application/ld+json"]').allTextContents();
  const posting = jsonLd.map((text) => JSON.parse(text) as Record<string, unknown>).find((data) => data['@type'] === 'LiveBlogPosting');
  expect(posting).toMatchObject({ headline: TITLE, liveBlogUpdate: [{ '@type': 'BlogPosting', headline: 'Le tapis rouge se remplit.' }] });
  expect(posting?.coverageStartTime).toEqual(expect.any(String));
  expect(posting).not.toHaveProperty('coverageEndTime');
  await expectAxeClean(reader, 'live blog page');

  // The reader's focus stays where it is while the next entry arrives.
  await reader.locator('a:visible').first().focus();
  const focusedBefore = await reader.evaluate(() => document.activeElement?.outerHTML ?? '');
  await desk.getByLabel('Texte de l’entrée').fill('Premier prix : la meilleure actrice est…');
  await desk.getByRole('button', { name: 'Publier l’entrée' }).click();
  await expect(desk.getByRole('status')).toHaveText('Entrée publiée.');

  await expect(reader.getByText('Premier prix : la meilleure actrice est…')).toBeVisible({ timeout: 70_000 });
  await expect(reader.getByTestId('live-announcer')).toHaveText('1 nouvelle entrée');
  await expect(reader.getByTestId('live-announcer')).toHaveAttribute('aria-live', 'polite');
  // Newest first, with no reload (the first entry's node is still the same page's).
  const entries = reader.locator('article.live-entry');
  await expect(entries.first()).toContainText('Premier prix');
  expect(await reader.evaluate(() => document.activeElement?.outerHTML ?? '')).toBe(focusedBefore);
  await editorContext.close();
  await readerContext.close();
});

test('offline, the reader still reads the live blog and the entries it showed when loaded', async ({ browser }) => {
  test.setTimeout(120_000);
  // Workers are blocked by default (playwright.config.ts): this test is about the worker.
  const context = await browser.newContext({ serviceWorkers: 'allow' });
  const page = await context.newPage();
  await page.goto(`${server.baseUrl}/direct/${SLUG}`);
  await expect(page.getByText('Premier prix : la meilleure actrice est…')).toBeVisible();
  await waitForControl(page);
  await expectCached(page, CACHE.pages, `/direct/${SLUG}`);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(page.getByText('Le tapis rouge se remplit.')).toBeVisible();
  await expect(page.getByText('Premier prix : la meilleure actrice est…')).toBeVisible();
  await context.setOffline(false);
  await context.close();
});
