/**
 * The Matomo branch of the audience measurement (issue 24: it had no test), against a local collector on
 * 127.0.0.1 standing for the operator's own Matomo: nothing reaches it before consent; once the reader
 * accepts, matomo.js loads from it and page views arrive with the site id and the page's address (client-side
 * navigations too); the page's CSP admits that origin and no other; refusing sends nothing.
 */
import { createServer, type Server } from 'node:http';
import { expect, type Page, test } from '@playwright/test';
import { freePort, type OwnServer, startOwnServer, tempDataDir } from './support/ownServer.ts';

test.use({ storageState: { cookies: [], origins: [] } });
test.describe.configure({ mode: 'serial' });

/** matomo.js in miniature: runs the `_paq` commands, and sends each page view to the tracker URL. */
const FAKE_MATOMO = `(() => {
  let tracker = '', site = '', url = location.href, title = document.title;
  const run = (command) => {
    const [name, ...args] = command;
    if (name === 'setTrackerUrl') tracker = args[0];
    else if (name === 'setSiteId') site = args[0];
    else if (name === 'setCustomUrl') url = args[0];
    else if (name === 'setDocumentTitle') title = args[0];
    else if (name === 'trackPageView') fetch(tracker + '?idsite=' + encodeURIComponent(site) + '&rec=1&url=' + encodeURIComponent(url) + '&action_name=' + encodeURIComponent(title), { mode: 'no-cors', keepalive: true });
  };
  const queued = window._paq || [];
  window._paq = { push: (command) => run(command) };
  for (const command of queued) run(command);
})();`;

let collector: { origin: string; hits: string[]; close: () => Promise<void> };
let server: OwnServer;
let data: ReturnType<typeof tempDataDir>;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const port = await freePort();
  const hits: string[] = [];
  const http: Server = createServer((request, response) => {
    hits.push(request.url ?? '');
    if ((request.url ?? '').startsWith('/matomo.js')) {
      response.writeHead(200, { 'content-type': 'text/javascript' });
      response.end(FAKE_MATOMO);
    } else {
      response.writeHead(204, { 'access-control-allow-origin': '*' });
      response.end();
    }
  });
  await new Promise<void>((done) => http.listen(port, '127.0.0.1', done));
  collector = { origin: `http://127.0.0.1:${port}`, hits, close: () => new Promise((done) => http.close(() => done())) };
  data = tempDataDir();
  server = await startOwnServer({
    DATA_DIR: data.dir,
    SEED_DEMO: '1',
    ANALYTICS_PROVIDER: 'matomo',
    ANALYTICS_URL: collector.origin,
    ANALYTICS_SITE_ID: '3',
  });
});

test.afterAll(async () => {
  await server?.kill('SIGTERM');
  await collector?.close();
  data?.remove();
});

const banner = (page: Page) => page.getByRole('dialog', { name: 'Vos choix de cookies' });
const pageViews = () => collector.hits.filter((hit) => hit.startsWith('/matomo.php')).map((hit) => new URL(hit, 'http://x').searchParams);

test('refusing: nothing ever reaches the Matomo of the site', async ({ page }) => {
  await page.goto(`${server.baseUrl}/`);
  await banner(page).getByRole('button', { name: 'Tout refuser', exact: true }).click();
  await page.goto(`${server.baseUrl}/mentions-legales`);
  await page.waitForTimeout(500);
  expect(collector.hits).toEqual([]);
});

test('accepting: matomo.js from the site’s Matomo, page views with the site id and the address, client-side ones too', async ({ page }) => {
  const response = await page.goto(`${server.baseUrl}/`);
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain(collector.origin);
  // The only other origin the policy names is this Matomo.
  const origins = new Set(csp.match(/https?:\/\/[^\s;']+/g) ?? []);
  expect([...origins].filter((origin) => origin !== collector.origin)).toEqual([]);
  await expect(banner(page)).toBeVisible();
  expect(collector.hits).toEqual([]);
  await banner(page).getByRole('button', { name: 'Personnaliser', exact: true }).click();
  await page.getByRole('dialog', { name: 'Personnaliser mes choix' }).getByRole('button', { name: 'Tout accepter' }).click();
  await expect.poll(() => collector.hits.some((hit) => hit.startsWith('/matomo.js'))).toBe(true);
  await expect.poll(() => pageViews().length).toBeGreaterThan(0);
  const first = pageViews()[0];
  expect(first?.get('idsite')).toBe('3');
  expect(first?.get('url')).toBe(`${server.baseUrl}/`);
  // A client-side navigation is a page view of its own (matomo.js has replaced the queue by then).
  await page.getByRole('contentinfo').getByRole('link', { name: 'Mentions légales' }).click();
  await expect(page).toHaveURL(/\/mentions-legales$/);
  await expect.poll(() => pageViews().map((view) => view.get('url'))).toContain(`${server.baseUrl}/mentions-legales`);
});
