/**
 * Provisional passwords (issue 39, point 7), on a server of its own: the password an admin types when creating an
 * account is provisional, and the operator's `npm run staff:reset-password -- --email …` (the way back for a lone
 * admin) prints one; either way the first sign-in leads to « Choisissez votre mot de passe » and nowhere else until
 * the owner chose their own. The command refuses an unknown address (exit 1) and a missing one (exit 2). axe-clean.
 */
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { expect, type Page, test } from '@playwright/test';
import { createStaff, expectAxeClean, signIn } from './support/newsroom.ts';
import { type OwnServer, startOwnServer, tempDataDir } from './support/ownServer.ts';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../..');

test.describe.configure({ mode: 'serial' });

let server: OwnServer | undefined;
let data: ReturnType<typeof tempDataDir> | undefined;
let operatorPassword = '';

/** The operator's command on the stopped data directory: its exit code and what it printed. */
async function resetPassword(args: string[]): Promise<{ code: number; out: string }> {
  const child = run(process.execPath, ['--experimental-strip-types', '--no-warnings', 'scripts/staff/staff-reset-password.ts', ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: data?.dir ?? '', DATABASE_URL: '' },
  });
  try {
    const { stdout } = await child;
    return { code: 0, out: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout + failed.stderr };
  }
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  data = tempDataDir();
  await createStaff(data.dir, 'lea@piquante.test', 'Léa Seule', 'admin');
  expect(await resetPassword([])).toMatchObject({ code: 2, out: expect.stringContaining('Usage') });
  expect(await resetPassword(['--email', 'personne@piquante.test'])).toMatchObject({
    code: 1,
    out: expect.stringContaining('Aucun compte'),
  });
  const done = await resetPassword(['--email', 'LEA@piquante.test']);
  expect(done.code).toBe(0);
  operatorPassword = /Mot de passe provisoire de lea@piquante\.test : (\S+)/.exec(done.out)?.[1] ?? '';
  expect(operatorPassword).toMatch(/^[a-z2-9]{5}(-[a-z2-9]{5}){3}$/);
  server = await startOwnServer({ DATA_DIR: data.dir, SEED_DEMO: '1' });
});

test.afterAll(async () => {
  await server?.kill('SIGTERM');
  data?.remove();
});

/** Signs in with a provisional password: only the page that replaces it opens, then the newsroom. */
async function chooseOwnPassword(page: Page, email: string, provisional: string, own: string): Promise<void> {
  const base = server?.baseUrl ?? '';
  await page.goto(`${base}/admin/connexion`);
  await page.getByLabel('Adresse e-mail').fill(email);
  await page.getByLabel('Mot de passe').fill(provisional);
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Choisissez votre mot de passe' })).toBeVisible();
  await expectAxeClean(page, `choose a password (${email})`);
  await page.goto(`${base}/admin/comptes`);
  await expect(page).toHaveURL(/\/admin\/mot-de-passe$/);
  await page.getByLabel('Mot de passe provisoire').fill(provisional);
  await page.getByLabel('Nouveau mot de passe', { exact: true }).fill(own);
  await page.getByLabel('Confirmez le nouveau mot de passe').fill(own);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Articles' })).toBeVisible();
}

test('the operator’s provisional password, then an account created by an admin: both changed at first sign-in', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const base = server?.baseUrl ?? '';
  // The old password is over.
  await page.goto(`${base}/admin/connexion`);
  await page.getByLabel('Adresse e-mail').fill('lea@piquante.test');
  await page.getByLabel('Mot de passe').fill('une phrase de passe solide');
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Adresse e-mail ou mot de passe incorrect.');
  await chooseOwnPassword(page, 'lea@piquante.test', operatorPassword, 'la phrase retrouvée de Léa');

  // Léa creates an account; the password she typed is provisional.
  await page.goto(`${base}/admin/comptes`);
  await page.getByLabel('Nom').fill('Tom Nouveau');
  await page.getByLabel('Adresse e-mail').fill('tom@piquante.test');
  await page.getByLabel('Rôle').selectOption('author');
  await page.getByLabel('Mot de passe provisoire (12 caractères au moins)').fill('un mot de passe donné');
  await page.getByRole('button', { name: 'Créer le compte' }).click();
  await expect(page.getByRole('row', { name: /Tom Nouveau/ })).toContainText('mot de passe provisoire');

  const tom = await browser.newContext();
  await chooseOwnPassword(await tom.newPage(), 'tom@piquante.test', 'un mot de passe donné', 'la phrase à Tom seul');
  await tom.close();
  const again = await browser.newContext();
  await signIn(await again.newPage(), base, 'tom@piquante.test', 'la phrase à Tom seul');
  await again.close();
});
