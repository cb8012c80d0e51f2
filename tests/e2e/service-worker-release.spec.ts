/**
 * A new release while a reader has the site open, and the operator's off switch (issue 11), in Chromium:
 * each test runs the production build on a server of its own, then replaces it on the same port, as a
 * deployment does.
 */
import { expect, type Page, test } from '@playwright/test';
import { UPDATE_MESSAGE } from '../../src/features/serviceWorker/UpdateToast.tsx';
import { freePort, type OwnServer, startOwnServer, tempDataDir } from './support/ownServer.ts';
import { copyRelease } from './support/release.ts';
import { CACHE, cachedPaths, waitForControl } from './support/serviceWorker.ts';
import { seriousAxeViolations } from './support/axe.ts';

test.use({ serviceWorkers: 'allow' });
// Two servers one after the other, each seeding its demo content: more than the default 30 s.
test.setTimeout(180_000);

const servers: OwnServer[] = [];
const cleanups: (() => void)[] = [];
test.afterEach(async () => {
  for (const server of servers.splice(0)) await server.kill('SIGTERM');
  for (const cleanup of cleanups.splice(0)) cleanup();
});

async function serve(port: number, env: NodeJS.ProcessEnv = {}, releaseRoot?: string): Promise<OwnServer> {
  const data = tempDataDir();
  cleanups.push(data.remove);
  const server = await startOwnServer({ DATA_DIR: data.dir, SEED_DEMO: '1', ...env }, port, releaseRoot);
  servers.push(server);
  return server;
}

async function stop(server: OwnServer) {
  await server.kill('SIGTERM');
  servers.splice(servers.indexOf(server), 1);
}

function countLoads(page: Page): () => number {
  let loads = 0;
  page.on('load', () => loads++);
  return () => loads;
}

test('a new release waiting shows the update toast; its button reloads once, into the new version', async ({ page }) => {
  const port = await freePort();
  const first = await serve(port);
  const loads = countLoads(page);
  await page.goto(`${first.baseUrl}/mission`);
  await waitForControl(page);
  await expect(page.getByText(UPDATE_MESSAGE)).toHaveCount(0);

  await stop(first);
  const release = copyRelease('release 2');
  cleanups.push(release.remove);
  await serve(port, release.env, release.root);
  // The navigation checks /sw.js (no-cache): the new version installs, then waits for the reader.
  await page.reload();
  const toast = page.getByRole('region', { name: UPDATE_MESSAGE });
  await expect(toast).toBeVisible({ timeout: 20_000 });
  await expect(toast.getByRole('status')).toHaveText(UPDATE_MESSAGE);
  expect(await seriousAxeViolations(page, { include: '.update-toast', bestPractice: true })).toEqual([]);
  expect(loads()).toBe(2);
  const waitingBefore = await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration('/'))?.waiting));
  expect(waitingBefore).toBe(true);

  await toast.getByRole('button', { name: 'Recharger' }).click();
  await expect.poll(loads, { timeout: 15_000 }).toBe(3);
  await waitForControl(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const after = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration('/');
    return { waiting: Boolean(registration?.waiting), active: Boolean(registration?.active) };
  });
  expect(after).toEqual({ waiting: false, active: true });
  await expect(page.getByText(UPDATE_MESSAGE)).toHaveCount(0);
  // No reload loop: nothing else happens after the one reload (an absence can only be watched for a while).
  await page.waitForTimeout(2_000);
  expect(loads()).toBe(3);
});

test('SERVICE_WORKER=0 unregisters the worker and deletes its caches for a reader who had it', async ({ page, request }) => {
  const port = await freePort();
  const first = await serve(port);
  await page.goto(`${first.baseUrl}/mission`);
  await waitForControl(page);
  await expect.poll(() => cachedPaths(page, CACHE.pages)).toContain('/mission');

  await stop(first);
  const off = await serve(port, { SERVICE_WORKER: '0' });
  const script = await request.get(`${off.baseUrl}/sw.js`);
  expect(script.headers()['content-type']).toMatch(/^text\/javascript/);
  expect(script.headers()['cache-control']).toBe('no-cache');
  expect(await script.text()).toContain('self.registration.unregister()');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length), { timeout: 20_000 })
    .toBe(0);
  await expect.poll(() => page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith('piquante-')))).toEqual([]);
  // And it stays off: the next visit registers nothing.
  await page.reload();
  await page.waitForLoadState('load');
  await page.waitForTimeout(1_500);
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
});
