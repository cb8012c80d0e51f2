/**
 * "Sondages" in the newsroom (/admin/sondages), on a server of its own: readers' answers to the demo survey
 * popin are counted through POST /api/popin/survey as the popin sends them, then an editor reads them per
 * button (count, share written in French and drawn as a bar), switches the period from the keyboard, and
 * sees the empty state for a period without answers. An author has no link and gets the server's French
 * refusal. axe on the page.
 */
import { expect, type Page, test } from '@playwright/test';
import { expectAxeClean, newsroomServer, signedApi, signIn } from './support/newsroom.ts';

test.describe.configure({ mode: 'serial' });

// NEWSROOM_TEST_CLOCK: the newsroom's clock can be moved forward, so today's answers can be made "old".
const server = newsroomServer(
  [
    ['eric@piquante.test', 'Éric Éditeur', 'editor'],
    ['anna@piquante.test', 'Anna Autrice', 'author'],
  ],
  { ADMIN_LOGIN_RATE_LIMIT: '100', NEWSROOM_TEST_CLOCK: '1', NODE_ENV: 'test' },
);

const survey = (page: Page) => page.getByRole('article', { name: 'Une petite question' });

test('an editor reads the answers counted from the survey popin, per period, from the keyboard', async ({ page, request }) => {
  test.setTimeout(120_000);
  // The answers, as the popin on /culture sends them: its cookie hash and the button chosen.
  const popin = await request.get(`${server.baseUrl}/api/popin?url=/culture`);
  expect(popin.status()).toBe(200);
  const { type, cookie } = (await popin.json()) as { type: string; cookie: { hash: string } };
  expect(type).toBe('survey');
  for (const button of [1, 1, 1, 2]) {
    const answered = await request.post(`${server.baseUrl}/api/popin/survey`, { data: { popin: cookie.hash, button } });
    expect(answered.status()).toBe(204);
  }

  await signIn(page, server.baseUrl, 'eric@piquante.test');
  await page.getByRole('navigation', { name: 'Rédaction' }).getByRole('link', { name: 'Sondages' }).click();
  await expect(page).toHaveURL(/\/admin\/sondages$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sondages' })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expect(page.getByRole('radio', { name: 'Depuis le début' })).toBeChecked();
  await expect(page.getByText('Réponses comptées depuis le début.')).toBeVisible();

  const card = survey(page);
  await expect(card.getByText('Quel sujet aimeriez-vous lire plus souvent sur Piquante ?')).toBeVisible();
  await expect(card.getByText(/en ligne · 4 réponses/)).toBeVisible();
  const table = card.getByRole('table', { name: 'Réponses au sondage « Une petite question »' });
  const row = (text: string) => table.getByRole('row', { name: new RegExp(`^${text}`) });
  await expect(row('Plus de mode').getByRole('cell').first()).toHaveText('3');
  await expect(row('Plus de mode')).toContainText(/75\s%/);
  await expect(row('Plus de culture')).toContainText(/25\s%/);
  await expect(row('Plus de voyages')).toContainText(/0\s%/);
  // Each share is also a bar: a meter named after the answer, whose value is written out.
  const bar = card.getByRole('meter', { name: 'Part de « Plus de mode »' });
  await expect(bar).toHaveAttribute('value', '0.75');
  await expect(bar).toHaveAttribute('aria-valuetext', /^75\s%$/);
  await expectAxeClean(page, 'survey results, since the beginning');

  // The period from the keyboard: the radio group moves with the arrow keys.
  await page.getByRole('radio', { name: 'Depuis le début' }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('radio', { name: '30 jours' })).toBeChecked();
  await expect(page.getByText(/^Réponses comptées depuis le \d{1,2}(?:er)? \S+ \d{4}\.$/)).toBeVisible();
  await expect(card.getByText(/4 réponses/)).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('radio', { name: '7 jours' })).toBeChecked();
  await expect(card.getByText(/4 réponses/)).toBeVisible();
  await expect(row('Plus de mode')).toContainText(/75\s%/);
});

test('ten days later, the last 7 days have no answer (empty state) while 30 days still count them', async ({ page }) => {
  test.setTimeout(120_000);
  // Moving the newsroom's clock ends every session: sign in afterwards.
  const eric = await signedApi(server.baseUrl, 'eric@piquante.test');
  const moved = await eric.api.post('/api/admin/scheduler/run', {
    data: { advanceSeconds: 10 * 86_400 },
    headers: { 'x-csrf-token': eric.csrf },
  });
  expect(moved.status()).toBe(200);
  await eric.api.dispose();

  await signIn(page, server.baseUrl, 'eric@piquante.test');
  await page.goto(`${server.baseUrl}/admin/sondages`);
  await expect(survey(page).getByText(/4 réponses/)).toBeVisible();
  await page.getByRole('radio', { name: '7 jours' }).check();
  await expect(survey(page).getByText('Aucune réponse pour cette période.')).toBeVisible();
  await expect(survey(page).getByRole('table')).toHaveCount(0);
  await expectAxeClean(page, 'survey results, empty period');
  await page.getByRole('radio', { name: '30 jours' }).check();
  await expect(survey(page).getByRole('meter', { name: 'Part de « Plus de culture »' })).toHaveAttribute('aria-valuetext', /^25\s%$/);
});

test('an author has no “Sondages” link, and the page shows the server’s refusal in French', async ({ page }) => {
  await signIn(page, server.baseUrl, 'anna@piquante.test');
  await expect(page.getByRole('navigation', { name: 'Rédaction' }).getByRole('link', { name: 'Sondages' })).toHaveCount(0);
  await page.goto(`${server.baseUrl}/admin/sondages`);
  await expect(page.getByRole('alert')).toHaveText('Votre rôle (auteur) ne permet pas de lire les résultats des sondages.');
  await expect(page.getByRole('article')).toHaveCount(0);
});
