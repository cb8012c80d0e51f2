/**
 * Sign-in returns only to the newsroom (issue 34, part 2), in Chromium: `/admin/connexion?retour=…` with
 * an absolute, protocol-relative, backslash, encoded or javascript: address lands on /admin once signed in,
 * never on another site nor runs a script; a newsroom page given by the session check is where it returns.
 */
import { expect, test } from '@playwright/test';
import { newsroomServer, STAFF_PASSWORD } from './support/newsroom.ts';

test.describe.configure({ mode: 'serial' });

const server = newsroomServer([['retour@piquante.test', 'Rita Retour', 'editor']], { ADMIN_LOGIN_RATE_LIMIT: '100' });

async function signInWith(page: import('@playwright/test').Page, retour: string) {
  await page.goto(`${server.baseUrl}/admin/connexion?retour=${encodeURIComponent(retour)}`);
  await page.getByLabel('Adresse e-mail').fill('retour@piquante.test');
  await page.getByLabel('Mot de passe').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
}

const hostile: [string, string][] = [
  ['absolute', 'https://evil.example/'],
  ['absolute under /admin', 'https://evil.example/admin/articles'],
  ['protocol-relative', '//evil.example/x'],
  ['backslash', '/\\evil.example/x'],
  ['tab and backslash', '/\t\\evil.example/x'],
  ['encoded slashes', '/%2F%2Fevil.example/x'],
  ['dot segments out of /admin', '/admin/../..//evil.example/x'],
  ['javascript:', 'javascript:window.__pwned=1'],
];

for (const [what, retour] of hostile) {
  test(`a ${what} return address (${JSON.stringify(retour)}) lands on /admin`, async ({ page, context }) => {
    const foreign: string[] = [];
    // Nothing may leave for another host: recorded and aborted (no network beyond loopback).
    await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, async (route) => {
      foreign.push(route.request().url());
      await route.abort();
    });
    await context.clearCookies();
    await signInWith(page, retour);
    await expect(page.getByRole('heading', { name: 'Articles' })).toBeVisible();
    expect(new URL(page.url()).origin).toBe(new URL(server.baseUrl).origin);
    expect(new URL(page.url()).pathname).toBe('/admin');
    expect(foreign).toEqual([]);
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  });
}

test('a newsroom page asked before signing in is where sign-in returns', async ({ page, context }) => {
  await context.clearCookies();
  await page.goto(`${server.baseUrl}/admin/citations`);
  await expect(page).toHaveURL(/\/admin\/connexion\?retour=/);
  await page.getByLabel('Adresse e-mail').fill('retour@piquante.test');
  await page.getByLabel('Mot de passe').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
  await expect(page).toHaveURL(`${server.baseUrl}/admin/citations`);
});
