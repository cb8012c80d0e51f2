/** What the newsroom's browser specs share: accounts made by the operator command, and signing in. */
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { type APIRequestContext, expect, type Page, request as playwrightRequest, test } from '@playwright/test';
import { seriousAxeViolations } from './axe.ts';
import { type OwnServer, startOwnServer, tempDataDir } from './ownServer.ts';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../../..');

export const STAFF_PASSWORD = 'une phrase de passe solide';

/** `npm run staff:create` as an operator runs it (the password on standard input), on a stopped PGlite directory. */
export async function createStaff(dataDir: string, email: string, name: string, role: string): Promise<void> {
  await createStaffOn({ DATA_DIR: dataDir, DATABASE_URL: '' }, email, name, role);
}

/** The same command on another database (`DATABASE_URL` for PostgreSQL). */
export async function createStaffOn(database: NodeJS.ProcessEnv, email: string, name: string, role: string): Promise<void> {
  const child = run(
    process.execPath,
    ['--experimental-strip-types', '--no-warnings', 'scripts/staff/staff-create.ts', '--email', email, '--name', name, '--role', role],
    {
      cwd: root,
      env: { ...process.env, ...database },
    },
  );
  child.child.stdin?.end(`${STAFF_PASSWORD}\n`);
  const { stdout } = await child;
  expect(stdout).toContain('Compte créé');
}

/** Signs in through the form and waits for the article list. */
export async function signIn(page: Page, baseUrl: string, email: string, password = STAFF_PASSWORD): Promise<void> {
  await page.goto(`${baseUrl}/admin/connexion`);
  await page.getByLabel('Adresse e-mail').fill(email);
  await page.getByLabel('Mot de passe').fill(password);
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Articles' })).toBeVisible();
}

/** An API client signed in as someone (cookie kept by the context), with the CSRF token to send; `status` of the sign-in. */
export async function signedApi(
  baseUrl: string,
  email: string,
  password = STAFF_PASSWORD,
): Promise<{ api: APIRequestContext; csrf: string; status: number }> {
  const api = await playwrightRequest.newContext({ baseURL: baseUrl });
  const response = await api.post('/api/admin/session', { data: { email, password } });
  const csrf = response.ok() ? ((await response.json()) as { csrfToken: string }).csrfToken : '';
  return { api, csrf, status: response.status() };
}

/** The newsroom's pages pass axe's best-practice rules too. */
export async function expectAxeClean(page: Page, where: string, options: { exclude?: string } = {}): Promise<void> {
  expect(await seriousAxeViolations(page, { ...options, bestPractice: true }), where).toEqual([]);
}

export type StaffMember = [email: string, name: string, role: 'contributor' | 'author' | 'editor' | 'admin'];

/**
 * A production server of the spec's own on a fresh PGlite directory with the demo content, whose accounts
 * are made first with the operator command (the server is stopped then, as an operator would do it).
 * Registers the spec's beforeAll/afterAll; `baseUrl` is read inside tests.
 */
export function newsroomServer(staff: StaffMember[], env: Record<string, string> = {}): { readonly baseUrl: string } {
  let server: OwnServer | undefined;
  let data: ReturnType<typeof tempDataDir> | undefined;
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    data = tempDataDir();
    for (const [email, name, role] of staff) await createStaff(data.dir, email, name, role);
    server = await startOwnServer({ DATA_DIR: data.dir, SEED_DEMO: '1', ...env });
  });
  test.afterAll(async () => {
    await server?.kill('SIGTERM');
    data?.remove();
  });
  return {
    get baseUrl() {
      if (!server) throw new Error('the newsroom server is not started yet');
      return server.baseUrl;
    },
  };
}
