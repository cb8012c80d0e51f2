/**
 * Imports from the newsroom (issue 20), on a server of its own (its own database: the shared server's specs
 * walk every article, and an import adds fifteen). An admin reaches /admin/import from the navigation (axe),
 * sends a generated WordPress export and watches the queued run end with its report; a reader's old
 * address `/?p=ID` answers one 301 to the imported article (listed in the newsroom's redirections); the
 * same file as a dry run changes nothing; a text file is refused with its French sentence; an editor has
 * no "Import" link and gets a 403 from the API. No image is downloaded (IMPORT_DOWNLOAD_IMAGES=0, and the
 * export has none): no network beyond loopback.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { writeGeneratedWxr } from '../../scripts/bench/importWxr.ts';
import { createStaff, expectAxeClean, signedApi, signIn } from './support/newsroom.ts';
import { type OwnServer, startOwnServer, tempDataDir } from './support/ownServer.ts';

test.describe.configure({ mode: 'serial' });

const ADMIN = { email: 'ada@piquante.test', name: 'Ada Admin' };
const EDITOR = { email: 'eve@piquante.test', name: 'Ève Éditrice' };
const POSTS = 15;
/** The run goes through the job queue (polled every 0.5 s), then the page polls every second. */
const RUN_TIMEOUT = 30_000;

let server: OwnServer;
let data: ReturnType<typeof tempDataDir>;
let files: string;
let wxr: string;
/** Published articles before the first import. */
let before = 0;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  files = mkdtempSync(join(tmpdir(), 'piquante-import-e2e-'));
  wxr = join(files, 'export-wordpress.xml');
  await writeGeneratedWxr(wxr, { posts: POSTS, imagesPerPost: 0, distinctImages: 0, uploadsDir: null });
  writeFileSync(join(files, 'notes.txt'), 'Ceci est une liste de courses, pas un export.\nPain, beurre, confiture.\n');
  data = tempDataDir();
  await createStaff(data.dir, ADMIN.email, ADMIN.name, 'admin');
  await createStaff(data.dir, EDITOR.email, EDITOR.name, 'editor');
  // Next to the shared server's port when the runner was given a range (E2E_PORT), else any free port.
  const port = process.env.E2E_PORT ? Number(process.env.E2E_PORT) + 1 : undefined;
  server = await startOwnServer({ DATA_DIR: data.dir, SEED_DEMO: '1', IMPORT_DOWNLOAD_IMAGES: '0', ADMIN_LOGIN_RATE_LIMIT: '100' }, port);
});

test.afterAll(async () => {
  await server?.kill('SIGTERM');
  data?.remove();
  if (files) rmSync(files, { recursive: true, force: true });
});

/** Every published article, through the public API's pages. */
async function publishedCount(): Promise<number> {
  let count = 0;
  for (let offset = 0; ; offset += 100) {
    const response = await fetch(`${server.baseUrl}/api/articles?limit=100&offset=${offset}`);
    expect(response.status).toBe(200);
    const { results } = (await response.json()) as { results: unknown[] };
    count += results.length;
    if (results.length < 100) return count;
  }
}

/** Chooses the source and the file, ticks the dry run or not, and starts the import. */
async function sendExport(page: Page, file: string, options: { dryRun?: boolean } = {}) {
  await page.getByRole('radio', { name: /WordPress/ }).check();
  await page.getByLabel('Fichier d’export').setInputFiles(file);
  await page.getByRole('checkbox', { name: /Essai à blanc/ }).setChecked(options.dryRun ?? false);
  await page.getByRole('button', { name: 'Lancer l’import' }).click();
}

/** The report's row for a kind: imported, updated, unchanged, skipped, failed. */
function reportRow(page: Page, kind: string) {
  return page
    .getByRole('table', { name: 'Rapport' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: kind, exact: true }) })
    .getByRole('cell');
}

test('an admin imports a WordPress export from the newsroom and reads the report', async ({ page }) => {
  before = await publishedCount();
  await signIn(page, server.baseUrl, ADMIN.email);
  await page.getByRole('navigation', { name: 'Rédaction' }).getByRole('link', { name: 'Import', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/import$/);
  await expect(page.getByRole('heading', { name: 'Importer depuis WordPress ou Ghost' })).toBeVisible();
  await expect(page.getByText('Aucun import pour l’instant.')).toBeVisible();
  await expectAxeClean(page, 'import page');

  await sendExport(page, wxr);
  const heading = page.getByRole('heading', { name: /^Import n° \d+ :/ });
  await expect(heading).toHaveText(/^Import n° \d+ : terminé$/, { timeout: RUN_TIMEOUT });
  await expect(reportRow(page, 'Articles')).toHaveText([String(POSTS), '0', '0', '0', '0']);
  await expect(reportRow(page, 'Rubriques')).toHaveCount(5);
  // The run is listed among the previous ones, with its file's name.
  const previous = page.getByRole('region', { name: 'Imports précédents' });
  await expect(previous.getByRole('row').filter({ hasText: 'export-wordpress.xml' })).toContainText('Terminé');
  await expectAxeClean(page, 'import page with a report');
  await expect.poll(publishedCount).toBe(before + POSTS);

  // The old addresses are in the newsroom's redirections.
  await page.getByRole('navigation', { name: 'Rédaction' }).getByRole('link', { name: 'Redirections', exact: true }).click();
  await page.getByLabel('Rechercher une adresse').fill('?p=3');
  await page.getByRole('button', { name: 'Rechercher', exact: true }).click();
  const redirect = page.getByRole('row').filter({ has: page.getByRole('cell', { name: '/?p=3', exact: true }) });
  await expect(redirect).toContainText(/\/article-numero-3Article numéro 3/);
});

test('a reader’s old address ?p=ID answers one 301 to the imported article', async ({ request }) => {
  const old = await request.get(`${server.baseUrl}/?p=3`, { maxRedirects: 0 });
  expect(old.status()).toBe(301);
  const location = new URL(old.headers().location ?? '', server.baseUrl);
  expect(location.origin).toBe(server.baseUrl);
  expect(location.pathname).toMatch(/^\/[a-z0-9-]+\/article-numero-3$/);
  const article = await request.get(location.toString(), { maxRedirects: 0 });
  expect(article.status()).toBe(200);
  expect(await article.text()).toContain('Article numéro 3');
});

test('the same file as a dry run finds everything unchanged and writes nothing', async ({ page }) => {
  await signIn(page, server.baseUrl, ADMIN.email);
  await page.goto(`${server.baseUrl}/admin/import`);
  await sendExport(page, wxr, { dryRun: true });
  await expect(page.getByRole('heading', { name: /^Import n° \d+ :/ })).toHaveText(/^Import n° \d+ : terminé \(essai à blanc\)$/, {
    timeout: RUN_TIMEOUT,
  });
  await expect(reportRow(page, 'Articles')).toHaveText(['0', '0', String(POSTS), '0', '0']);
  await expect(page.getByRole('region', { name: 'Imports précédents' }).getByRole('row')).toHaveCount(3);
  expect(await publishedCount()).toBe(before + POSTS);
});

test('a file that is not an export is refused with a French sentence', async ({ page }) => {
  await signIn(page, server.baseUrl, ADMIN.email);
  await page.goto(`${server.baseUrl}/admin/import`);
  await sendExport(page, join(files, 'notes.txt'));
  await expect(page.getByRole('heading', { name: /^Import n° \d+ :/ })).toHaveText(/^Import n° \d+ : refusé$/, { timeout: RUN_TIMEOUT });
  await expect(page.getByRole('alert')).toHaveText(
    'Import impossible, rien n’a été écrit : Ce fichier n’est pas un fichier XML (un export WordPress au format WXR est attendu).',
  );
  await expect(page.getByRole('table', { name: 'Rapport' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Imports précédents' }).getByRole('row').filter({ hasText: 'notes.txt' })).toContainText(
    'Refusé',
  );
  expect(await publishedCount()).toBe(before + POSTS);
});

test('an editor has no "Import" link and the API refuses them', async ({ page }) => {
  await signIn(page, server.baseUrl, EDITOR.email);
  const nav = page.getByRole('navigation', { name: 'Rédaction' });
  await expect(nav.getByRole('link', { name: 'Redirections', exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Import', exact: true })).toHaveCount(0);
  // Typed in the address bar, the page says why it has nothing to show.
  await page.goto(`${server.baseUrl}/admin/import`);
  await expect(page.getByRole('alert')).toHaveText(/^Votre rôle \(.+\) ne permet pas de lancer ou de suivre un import\.$/);
  const { api, status } = await signedApi(server.baseUrl, EDITOR.email);
  try {
    expect(status).toBe(200);
    expect((await api.get('/api/admin/imports')).status()).toBe(403);
    expect((await api.get('/api/admin/imports/1')).status()).toBe(403);
  } finally {
    await api.dispose();
  }
});
