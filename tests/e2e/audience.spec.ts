/**
 * The exempt audience measurement in Chromium (issue 37, decision 028), on a server of its own so that its
 * counts are only this spec's. A reader who refused every vendor visits pages: no cookie but the consent
 * choice, no storage, requests only to the site's origin, and the counts go up by exactly the pages viewed
 * (client-side navigations included), which the newsroom's « Audience » page then shows. A bot's visits, a
 * prefetch and a Global Privacy Control browser are not counted; after objecting on the privacy policy page,
 * nothing is counted and only the objection flag is stored. Screenshots of the page at 390 and 1280 px.
 */
import { resolve } from 'node:path';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { acceptedEverything, consentCookie } from './support/consentCookie.ts';
import { expectAxeClean, newsroomServer, signedApi, signIn } from './support/newsroom.ts';
import { openPopin, popinDialog } from './support/popin.ts';

test.describe.configure({ mode: 'serial' });

const server = newsroomServer([['eve@piquante.test', 'Ève Éditrice', 'editor']], { ADMIN_LOGIN_RATE_LIMIT: '100' });

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const images = resolve(import.meta.dirname, '../../docs/images');
const today = () => new Date().toISOString().slice(0, 10);

// Playwright's headless Chromium says "HeadlessChrome", which is a bot to isbot: readers here say Chrome.
test.use({ userAgent: CHROME });

interface Figures {
  totals: { views: number; visits: number };
  pages: { path: string; views: number; visits: number }[];
  referrers: { value: string; count: number }[];
  popins: { subject: string; steps: { value: string; count: number }[] }[];
}

async function figures(): Promise<Figures> {
  const { api } = await signedApi(server.baseUrl, 'eve@piquante.test');
  const response = await api.get(`/api/admin/audience?from=${today()}&to=${today()}`);
  expect(response.status()).toBe(200);
  const body = (await response.json()) as Figures;
  await api.dispose();
  return body;
}
const viewsOf = (report: Figures, path: string) => report.pages.find((p) => p.path === path)?.views ?? 0;

/** The next beacon's answer (so the server has counted it before the figures are read). */
const beaconAnswer = (page: Page) => page.waitForResponse((r) => r.url().endsWith('/api/audience/hits') && r.request().method() === 'POST');

/** Goes to `path` and waits for its beacon to be answered; what it said. */
async function visit(page: Page, path: string) {
  const beacon = beaconAnswer(page);
  await page.goto(`${server.baseUrl}${path}`);
  const answered = await beacon;
  expect(answered.status()).toBe(204);
  return JSON.parse(answered.request().postData() ?? '{}') as { path: string; view?: boolean; referrer?: string };
}

/** Once the lazy beacon has started, the features' queue on `window` is its sender (no longer an array or absent). */
const beaconStarted = (page: Page) =>
  page.waitForFunction(() => {
    const queue = (window as Window & { piquanteAudience?: unknown }).piquanteAudience;
    return typeof queue === 'object' && queue !== null && !Array.isArray(queue);
  });

/** Cookies and storage: all of them, nothing set aside (the router keeps its scroll offsets in memory). */
async function storedState(page: Page, context: BrowserContext) {
  const cookies = (await context.cookies()).map((c) => c.name).sort();
  const storage = await page.evaluate(() => ({
    local: Object.fromEntries(Object.entries(localStorage)),
    session: Object.fromEntries(Object.entries(sessionStorage)),
  }));
  return { cookies, local: storage.local, session: storage.session };
}

test('a reader who refused everything: no cookie, no storage, only the site, and exactly the pages viewed are counted', async ({
  page,
  context,
}) => {
  test.setTimeout(150_000);
  const origin = new URL(server.baseUrl).origin;
  const elsewhere: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:')) elsewhere.push(url);
  });
  const articles = (await (await page.request.get(`${server.baseUrl}/api/articles?limit=2`)).json()) as { results: { fullUrl: string }[] };
  const [first, second] = articles.results.map((a) => a.fullUrl);
  if (!first || !second) throw new Error('the demo content has articles');
  const before = await figures();

  const landing = await visit(page, first);
  expect(landing).toEqual({ path: first, view: true, referrer: '' });
  await visit(page, first);
  await visit(page, '/mode');
  await visit(page, '/culture?utm_source=lettre&utm_campaign=hiver');
  // A client-side navigation is a page view too, inside the visit (the site's own host as referrer).
  const inside = beaconAnswer(page);
  await page.evaluate((to) => {
    const link = document.createElement('a');
    link.href = to;
    link.textContent = 'vers un article';
    document.querySelector('main')?.append(link);
  }, second);
  await page.getByRole('link', { name: 'vers un article' }).click();
  await expect(page).toHaveURL(new RegExp(`${second}$`));
  const insideAnswer = await inside;
  expect(insideAnswer.status()).toBe(204);
  expect(JSON.parse(insideAnswer.request().postData() ?? '{}')).toMatchObject({
    path: second,
    view: true,
    referrer: new URL(origin).hostname,
  });

  // The consent choice (refused) is the only cookie; nothing in localStorage or sessionStorage.
  expect(await storedState(page, context)).toEqual({ cookies: ['piquante_consent'], local: {}, session: {} });
  expect(elsewhere).toEqual([]);

  const after = await figures();
  expect(viewsOf(after, first) - viewsOf(before, first)).toBe(2);
  expect(viewsOf(after, '/mode') - viewsOf(before, '/mode')).toBe(1);
  expect(viewsOf(after, '/culture') - viewsOf(before, '/culture')).toBe(1);
  expect(viewsOf(after, second) - viewsOf(before, second)).toBe(1);
  expect(after.totals.views - before.totals.views).toBe(5);
  // Every page.goto without a referrer is an arrival (4); the click inside the site is not.
  expect(after.totals.visits - before.totals.visits).toBe(4);
});

test("a bot's visits, a prefetch and a Global Privacy Control browser are not counted", async ({ browser, request }) => {
  test.setTimeout(120_000);
  const before = await figures();
  const bot = await browser.newContext({ userAgent: GOOGLEBOT });
  const botPage = await bot.newPage();
  await visit(botPage, '/beaute');
  await bot.close();
  // A prefetch fetches the page without running it, and a beacon marked as one is dropped.
  expect((await request.get(`${server.baseUrl}/beaute`, { headers: { 'sec-purpose': 'prefetch' } })).status()).toBe(200);
  const marked = await request.post(`${server.baseUrl}/api/audience/hits`, {
    headers: { 'content-type': 'text/plain', 'sec-purpose': 'prefetch', 'user-agent': CHROME },
    data: JSON.stringify({ path: '/beaute', view: true }),
  });
  expect(marked.status()).toBe(204);
  // Global Privacy Control: the browser says it, the page sends nothing.
  const gpc = await browser.newContext({ userAgent: CHROME, extraHTTPHeaders: { 'sec-gpc': '1' } });
  await gpc.addInitScript(() => Object.defineProperty(navigator, 'globalPrivacyControl', { value: true }));
  const gpcPage = await gpc.newPage();
  const sent: string[] = [];
  gpcPage.on('request', (r) => (r.url().endsWith('/api/audience/hits') ? sent.push(r.url()) : undefined));
  await gpcPage.goto(`${server.baseUrl}/beaute`);
  await gpcPage.waitForLoadState('networkidle');
  await gpcPage.waitForTimeout(500);
  expect(sent).toEqual([]);
  await gpc.close();
  const after = await figures();
  expect(viewsOf(after, '/beaute')).toBe(viewsOf(before, '/beaute'));
  expect(after.totals.views).toBe(before.totals.views);
});

test('after objecting on the privacy policy page, nothing is counted; only the objection flag is stored', async ({ page, context }) => {
  test.setTimeout(120_000);
  await visit(page, '/politique-confidentialite');
  await expect(page.getByRole('heading', { name: "Mesure d'audience" })).toBeVisible();
  const toggle = page.getByRole('switch', { name: 'Compter mes visites dans la mesure d’audience anonyme' });
  await expect(toggle).toBeEnabled();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  expect(await storedState(page, context)).toEqual({ cookies: ['piquante_consent'], local: {}, session: {} });
  await toggle.focus();
  await page.keyboard.press('Space');
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByText('Vous vous êtes opposé·e à la mesure')).toBeVisible();
  expect(await storedState(page, context)).toEqual({
    cookies: ['piquante_consent'],
    local: { piquante_audience: 'objected' },
    session: {},
  });

  const before = await figures();
  const sent: string[] = [];
  page.on('request', (r) => (r.url().endsWith('/api/audience/hits') ? sent.push(r.url()) : undefined));
  for (const path of ['/beaute', '/mode', '/']) {
    await page.goto(`${server.baseUrl}${path}`);
    await page.waitForLoadState('networkidle');
  }
  await page.waitForTimeout(500);
  expect(sent).toEqual([]);
  expect((await figures()).totals.views).toBe(before.totals.views);

  // Taking it back removes the flag and counts again. The beacon starts after the page's load (a lazy chunk):
  // waiting for it keeps this page uncounted, as it was shown while objected, whatever the machine's speed.
  await page.goto(`${server.baseUrl}/politique-confidentialite`);
  await beaconStarted(page);
  await page.getByRole('switch', { name: 'Compter mes visites dans la mesure d’audience anonyme' }).click();
  expect((await storedState(page, context)).local).toEqual({});
  await visit(page, '/mode');
  expect((await figures()).totals.views).toBe(before.totals.views + 1);
});

test('the newsroom shows exactly those numbers, with charts, tables and CSV, at 390 and 1280 px', async ({ page }) => {
  test.setTimeout(150_000);
  const expected = await figures();
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, server.baseUrl, 'eve@piquante.test');
  await page.getByRole('navigation', { name: 'Rédaction' }).getByRole('link', { name: 'Audience' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Audience' })).toBeVisible();
  await page.getByRole('radio', { name: "Aujourd'hui" }).click();
  await expect(page).toHaveURL(/periode=jour/);
  await expect(page.getByRole('radio', { name: "Aujourd'hui" })).toBeChecked();
  await expect(page.getByTestId('audience-views')).toHaveText(String(expected.totals.views));
  await expect(page.getByTestId('audience-visits')).toHaveText(String(expected.totals.visits));
  await expect(page.getByTestId('audience-chart').locator('canvas')).toBeVisible();
  const pages = page.getByRole('table', { name: 'Pages les plus vues' });
  for (const row of expected.pages) {
    await expect(pages.getByRole('row', { name: new RegExp(`${row.views}\\s+${row.visits}$`) }).first()).toBeVisible();
  }
  await expect(page.getByRole('table', { name: 'Sites d’origine des visites' }).getByRole('row', { name: /\(direct\)/ })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Campagnes (utm_campaign)' }).getByRole('row', { name: /hiver/ })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exporter « Pages les plus vues » en CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('audience-pages.csv');
  await expectAxeClean(page, 'Audience at 1280 px');
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${images}/audience-1280.png`, fullPage: false });

  // One page: its curve and where its readers came from.
  await pages.getByRole('row').nth(1).getByRole('button').click();
  await expect(page).toHaveURL(/page=%2F|page=\//);
  await expect(page.getByRole('heading', { name: 'Courbe de la page' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Sites d’origine des visites' })).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Revenir à tout le site' }).click();
  await expect(page.getByRole('heading', { name: 'Courbe du site' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(1);
  await expectAxeClean(page, 'Audience at 390 px');
  // The page itself, below the newsroom's menu (which wraps at this width).
  await page.evaluate(() => document.querySelector('h1')?.scrollIntoView());
  await page.screenshot({ path: `${images}/audience-390.png`, fullPage: false });
});

test("a popin's impression, the click on its primary action and its signup are counted, exactly", async ({ page, context }) => {
  test.setTimeout(90_000);
  // Popins show only with the `app` vendor's consent.
  await context.addCookies([{ ...consentCookie(acceptedEverything), domain: new URL(server.baseUrl).hostname }]);
  await page.clock.install();
  const sent: { kind: string; subject: string }[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/audience/hits') && request.method() === 'POST') {
      sent.push(...((JSON.parse(request.postData() ?? '{}') as { events?: { kind: string; subject: string }[] }).events ?? []));
    }
  });
  const before = await figures();
  await openPopin(page, `${server.baseUrl}/beaute`);
  await expect.poll(() => sent.filter((e) => e.kind === 'popin-impression').length).toBe(1);
  const subject = sent[0]?.subject ?? '';
  expect(subject).not.toBe('');
  const dialog = popinDialog(page);
  await dialog.getByPlaceholder('E-mail*').fill(`popin-${Date.now().toString(36)}@exemple.fr`);
  await dialog.getByPlaceholder('Code postal*').fill('13001');
  await dialog.getByRole('button', { name: 'OK', exact: true }).click();
  // The form also counts its own signup (by origin, `signup`): the popin's are its own kinds.
  const popinEvents = () => sent.filter((e) => e.kind.startsWith('popin-'));
  await expect.poll(() => popinEvents().map((e) => e.kind)).toEqual(['popin-impression', 'popin-click', 'popin-signup']);
  expect(new Set(popinEvents().map((e) => e.subject))).toEqual(new Set([subject]));

  const stepsOf = (report: Figures) =>
    Object.fromEntries((report.popins.find((p) => p.subject === subject)?.steps ?? []).map((s) => [s.value, s.count]));
  const was = stepsOf(before);
  await expect
    .poll(async () => stepsOf(await figures()))
    .toEqual({
      affichages: (was.affichages ?? 0) + 1,
      clics: (was.clics ?? 0) + 1,
      réponses: was.réponses ?? 0,
      inscriptions: (was.inscriptions ?? 0) + 1,
    });
});
