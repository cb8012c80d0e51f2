/**
 * The QA machine inspector (issue 12) in Chromium: every machine drawn with the states of its definition,
 * stepping, path replay, live mode on a real page, the production switch, accessibility, and readers'
 * pages never loading its code.
 */
import { expect, type Page, test } from '@playwright/test';
import { machineGraph } from '../../src/qa/machineGraph.ts';
import { machineRegistry } from '../../src/qa/machineRegistry.ts';
import { seriousAxeViolations } from './support/axe.ts';
import { startOwnServer, tempDataDir } from './support/ownServer.ts';
import { demo } from './support.ts';

test.describe.configure({ timeout: 120_000 });

async function openMachine(page: Page, name: string) {
  await page.goto(`/qa/machines?machine=${name}`);
  const diagram = page.getByTestId('diagram');
  await expect(diagram.locator('svg')).toBeVisible({ timeout: 20_000 });
  return diagram;
}

async function sendEvent(page: Page, type: string, payload?: object) {
  await page.getByRole('button', { name: type, exact: true }).click();
  if (payload) await page.getByLabel("Contenu de l'événement (JSON)").fill(JSON.stringify(payload));
  await page.getByRole('button', { name: "Envoyer l'événement" }).click();
}

test('every registered machine is drawn with as many state nodes as its definition has', async ({ page }) => {
  for (const registered of machineRegistry) {
    const diagram = await openMachine(page, registered.name);
    await expect(diagram.locator('g.qa-state')).toHaveCount(machineGraph(registered.machine).nodes.length);
    await expect(page.locator('#machine-title')).toContainText(registered.title);
  }
});

test('stepping the signup machine from idle through loading to success moves the highlight and shows the context', async ({ page }) => {
  const diagram = await openMachine(page, 'signupMachine');
  const active = () => diagram.locator('g.qa-state[data-active="true"]');
  await expect(active().filter({ has: page.locator('text', { hasText: /^idle$/ }) })).toHaveCount(1);
  await sendEvent(page, 'signup.submitted');
  await expect(page.getByTestId('current-state')).toContainText('{"loading":"gettingCaptchaToken"}');
  await expect(diagram.locator('g.qa-state[data-state-id="signup.loading"]')).toHaveAttribute('data-active', 'true');
  await expect(diagram.locator('g.qa-transition[data-last="true"]')).toHaveAttribute('data-event', 'signup.submitted');
  await expect(page.getByTestId('context')).toContainText('camille@exemple.fr');
  await sendEvent(page, 'xstate.done.actor.getCaptchaToken');
  await expect(page.getByTestId('current-state')).toContainText('{"loading":"sending"}');
  await expect(page.getByTestId('context')).toContainText('jeton-qa');
  await sendEvent(page, 'xstate.done.actor.submitSignup', {
    type: 'xstate.done.actor.submitSignup',
    output: { status: 'success', doubleOptIn: false },
  });
  await expect(page.getByTestId('current-state')).toContainText('"success"');
  await expect(diagram.locator('g.qa-state[data-state-id="signup.success"]')).toHaveAttribute('data-active', 'true');
  await expect(diagram.locator('g.qa-state[data-state-id="signup.idle"]')).toHaveAttribute('data-active', 'false');
  await expect(page.getByTestId('context')).toContainText("C'est bon ! Merci pour votre inscription.");
  // Back to an earlier step.
  await page.getByTestId('history').getByRole('button', { name: 'Revenir ici' }).nth(1).click();
  await expect(page.getByTestId('current-state')).toContainText('{"loading":"gettingCaptchaToken"}');
});

test('a delayed transition fires at once on demand (the search debounce of app.config.ts)', async ({ page }) => {
  await openMachine(page, 'searchMachine');
  await sendEvent(page, 'search.typed', { type: 'search.typed', query: 'robe' });
  await expect(page.getByTestId('current-state')).toContainText('debouncing');
  await page.getByRole('button', { name: 'Déclencher maintenant : after 500 ms' }).click();
  await expect(page.getByTestId('current-state')).toContainText('loading');
});

test('replaying a shortest path reaches its target state', async ({ page }) => {
  for (const [name, target] of [
    ['signupMachine', '"success"'],
    ['quizMachine', '"result"'],
  ] as const) {
    await openMachine(page, name);
    await page.getByTestId('paths').locator(`button[data-target='${target}']`).click();
    await expect(page.getByTestId('current-state')).toContainText(target);
  }
});

test('live mode on the home page shows the search machine’s events while typing in the real search', async ({ page }) => {
  await page.goto('/?inspect');
  const panel = page.getByTestId('live-inspector');
  await expect(panel).toBeVisible();
  await page.getByRole('button', { name: 'Rechercher', exact: true }).click();
  const input = page.getByRole('dialog', { name: 'Rechercher' }).getByRole('searchbox', { name: 'Rechercher un article' });
  await input.pressSequentially('robe', { delay: 60 });
  await expect(panel.getByTestId('live-events')).toContainText('search.typed');
  await expect(panel.getByTestId('live-state-search')).toContainText(/results|loading|debouncing/);
  await expect(panel.getByTestId('live-state-search')).toContainText('results', { timeout: 10_000 });
});

test('axe finds no serious violation on the inspector', async ({ page }) => {
  await openMachine(page, 'signupMachine');
  expect(await seriousAxeViolations(page)).toEqual([]);
});

test("readers' pages never load the inspector's code, and it is not indexed", async ({ page, request }) => {
  const { article } = await demo(request);
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto(article.fullUrl);
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((path) => path.includes('qa-inspector'))).toEqual([]);
  await page.goto('/qa/machines');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  const sitemap = await (await request.get('/sitemap-pages.xml')).text().catch(() => '');
  expect(sitemap).not.toContain('/qa/');
});

test('in production (no demo content) without QA_INSPECTOR the page is a 404; QA_INSPECTOR=1 turns it on', async () => {
  test.setTimeout(180_000);
  const off = tempDataDir();
  const on = tempDataDir();
  const production = await startOwnServer({ DATA_DIR: off.dir, SEED_DEMO: '0' });
  const enabled = await startOwnServer({ DATA_DIR: on.dir, SEED_DEMO: '0', QA_INSPECTOR: '1' });
  try {
    expect((await fetch(`${production.baseUrl}/qa/machines`)).status).toBe(404);
    expect((await fetch(`${enabled.baseUrl}/qa/machines`)).status).toBe(200);
  } finally {
    await production.kill('SIGTERM');
    await enabled.kill('SIGTERM');
    off.remove();
    on.remove();
  }
});
