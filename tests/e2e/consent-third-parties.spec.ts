/**
 * Third parties wait for consent (issue 10), on a server of its own configured with a self-hosted
 * analytics (a fake Plausible on 127.0.0.1, another origin) and with reCAPTCHA (Google, unreachable here:
 * any attempt would still be a request, and is counted):
 * - on every SPEC §2 route, zero requests leave the site's origin before a choice;
 * - the fake analytics receives nothing before consent, page views after (client-side navigations too),
 *   and withdrawing the analytics vendor reloads the page, without the tag;
 * - a reader who refuses Google still subscribes, with the self-hosted ALTCHA.
 */
import { createServer, type Server } from 'node:http';
import { expect, type Page, test } from '@playwright/test';
import { appVariantPrefix } from '../../app.config.ts';
import { demo } from './support.ts';
import { freePort, type OwnServer, startOwnServer, tempDataDir } from './support/ownServer.ts';

test.use({ storageState: { cookies: [], origins: [] } });
test.describe.configure({ mode: 'serial' });

interface FakeAnalytics {
  origin: string;
  hits: { path: string; body: string }[];
  close: () => Promise<void>;
}

/** Plausible's manual script, in miniature: `plausible('pageview', {u})` posts to data-api. */
const FAKE_SCRIPT = `(() => {
  const me = document.currentScript;
  const api = me.getAttribute('data-api');
  const domain = me.getAttribute('data-domain');
  const send = (name, options) => fetch(api, { method: 'POST', mode: 'no-cors', keepalive: true,
    body: JSON.stringify({ n: name, u: (options && options.u) || location.href, d: domain }) });
  const queued = (window.plausible && window.plausible.q) || [];
  window.plausible = (name, options) => send(name, options);
  for (const args of queued) send(args[0], args[1]);
})();`;

async function startFakeAnalytics(): Promise<FakeAnalytics> {
  const port = await freePort();
  const hits: FakeAnalytics['hits'] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on('end', () => {
      hits.push({ path: request.url ?? '', body });
      if (request.url === '/js/script.manual.js') {
        response.writeHead(200, { 'content-type': 'text/javascript' });
        response.end(FAKE_SCRIPT);
      } else {
        response.writeHead(202, { 'access-control-allow-origin': '*' });
        response.end();
      }
    });
  });
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  return { origin: `http://127.0.0.1:${port}`, hits, close: () => new Promise((done) => server.close(() => done())) };
}

let analytics: FakeAnalytics;
let server: OwnServer;
let data: ReturnType<typeof tempDataDir>;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  analytics = await startFakeAnalytics();
  data = tempDataDir();
  server = await startOwnServer({
    DATA_DIR: data.dir,
    SEED_DEMO: '1',
    ANALYTICS_PROVIDER: 'plausible',
    ANALYTICS_URL: analytics.origin,
    ANALYTICS_SITE_ID: 'piquante.test',
    CAPTCHA_PROVIDER: 'recaptcha',
    RECAPTCHA_SITE_KEY: 'cle-de-site-de-test',
    RECAPTCHA_SECRET: 'secret-de-test',
    RECAPTCHA_VERIFY_URL: `${analytics.origin}/siteverify`,
    // A test switch: refused with NODE_ENV=production.
    NODE_ENV: 'test',
  });
});

test.afterAll(async () => {
  await server?.kill('SIGTERM');
  data?.remove();
  await analytics?.close();
});

/** Every request the page makes to another origin than the site's. */
function foreignRequests(page: Page, siteOrigin: string): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!['http:', 'https:'].includes(url.protocol)) return;
    if (url.origin !== siteOrigin) seen.push(request.url());
  });
  return seen;
}

const banner = (page: Page) => page.getByRole('dialog', { name: 'Vos choix de cookies' });
const pageviews = () => analytics.hits.filter((h) => h.path === '/api/event').map((h) => (JSON.parse(h.body) as { u: string }).u);

test('before a choice, no SPEC §2 route sends a single request to another origin', async ({ page, request }) => {
  test.setTimeout(240_000);
  const d = await demo(request, server.baseUrl);
  const foreign = foreignRequests(page, server.baseUrl);
  const paths = [
    '/',
    `/${d.category.slug}`,
    d.article.fullUrl,
    '/app',
    '/charte-editoriale',
    '/concours',
    `/concours/${d.contest?.url}`,
    '/equipe',
    '/generateur-de-repartie',
    `/generateur-de-repartie/${d.generator?.url}`,
    '/instagram',
    '/mentions-legales',
    '/mission',
    '/mosaiques',
    `/mosaique/${d.mosaic?.url}`,
    '/politique-confidentialite',
    '/quizzes',
    `/quizz/${d.quiz.url}`,
    `/quizz/${d.quiz.url}/${d.quizResult?.url}`,
    '/shopping',
    '/inscription/footer',
    `${appVariantPrefix}/mission`,
    `${appVariantPrefix}/shopping`,
    `${appVariantPrefix}${d.article.fullUrl}`,
  ];
  for (const path of paths) {
    await page.goto(`${server.baseUrl}${path}`);
    await page.waitForLoadState('networkidle');
    if (!path.startsWith(appVariantPrefix)) {
      await expect(banner(page), path).toBeVisible({ timeout: 15_000 });
      // Wake what loads late: the footer's newsletter block, its captcha (prepared on focus).
      await page
        .getByPlaceholder('E-mail*')
        .first()
        .focus()
        .catch(() => {});
      await page.waitForLoadState('networkidle');
    }
  }
  expect(foreign).toEqual([]);
  expect(analytics.hits).toEqual([]);
});

test('analytics: nothing before consent; page views after, client-side navigations too; withdrawal reloads without the tag', async ({
  page,
  context,
}) => {
  const before = analytics.hits.length;
  await page.goto(`${server.baseUrl}/`);
  await expect(banner(page)).toBeVisible({ timeout: 15_000 });
  expect(analytics.hits.length).toBe(before);

  await banner(page).getByRole('button', { name: 'Personnaliser', exact: true }).click();
  const preferences = page.getByRole('dialog', { name: 'Personnaliser mes choix' });
  await expect(preferences.getByText('Mesure d’audience').first()).toBeVisible();
  await preferences.getByRole('button', { name: 'Tout accepter' }).click();
  await expect.poll(pageviews).toContain(`${server.baseUrl}/`);
  expect(analytics.hits.some((h) => h.path === '/js/script.manual.js')).toBe(true);

  // A client-side navigation is a page view of its own.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Mentions légales' }).click();
  await expect(page).toHaveURL(/\/mentions-legales$/);
  await expect.poll(pageviews).toContain(`${server.baseUrl}/mentions-legales`);

  // Withdrawing the analytics vendor reloads the page; the tag does not come back.
  const hitsBefore = analytics.hits.length;
  await page.getByRole('contentinfo').getByRole('button', { name: 'Cookies', exact: true }).click();
  await expect(preferences).toBeVisible({ timeout: 15_000 });
  const reloaded = page.waitForEvent('load');
  await preferences.getByRole('button', { name: 'Tout refuser' }).click();
  await reloaded;
  await page.waitForLoadState('networkidle');
  expect(await page.locator('script[data-piquante-analytics]').count()).toBe(0);
  expect(analytics.hits.length).toBe(hitsBefore);
  expect((await context.cookies()).map((c) => c.name)).toEqual(['piquante_consent']);
});

test('a reader who refuses Google subscribes with the self-hosted check; Google is never contacted', async ({ page }) => {
  const foreign = foreignRequests(page, server.baseUrl);
  await page.goto(`${server.baseUrl}/inscription/footer`);
  await expect(banner(page)).toBeVisible({ timeout: 15_000 });
  await banner(page).getByRole('button', { name: 'Tout refuser', exact: true }).click();
  const form = page.locator('main form').first();
  // The captcha is prepared on the form's first focus.
  const captcha = page.waitForRequest((r) => r.url().includes('/newsletter/captcha'));
  await form.getByPlaceholder('E-mail*').fill(`sans-google-${Date.now()}@exemple.fr`);
  await form.getByPlaceholder('Code postal*').fill('13001');
  await form.getByRole('button', { name: 'OK' }).click();
  expect(new URL((await captcha).url()).searchParams.get('altcha')).toBe('1');
  await expect(page.getByText("C'est bon ! Merci pour votre inscription.")).toBeVisible({ timeout: 30_000 });
  expect(foreign).toEqual([]);
});

test('the privacy policy lists each purpose, vendor and cookie this deployment uses, with lifetimes', async ({ page }) => {
  await page.goto(`${server.baseUrl}/politique-confidentialite`);
  const table = page.getByRole('table', { name: 'Finalités, partenaires et cookies' });
  await expect(table).toContainText('piquante_consent');
  await expect(table).toContainText('6 mois');
  await expect(table).toContainText('regie_<empreinte>');
  await expect(table).toContainText('1 jour après la fermeture');
  await expect(table).toContainText('Google reCAPTCHA');
  await expect(table).toContainText('_GRECAPTCHA');
  await expect(table).toContainText('Mesure sans cookie (Plausible)');
});
