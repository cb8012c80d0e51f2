/**
 * Entering a contest on a phone (issue 39), Chromium at 390 × 844: a reader fills the entry form of a running
 * contest with a free-answer question; the page is never wider than the screen; every field has its label;
 * the errors the server gives are shown beside their field and announced; axe finds nothing serious before,
 * with the errors, or after; the entry is acknowledged. Its own server (altcha captcha, double opt-in to a
 * loopback SMTP sink, mail confirmation being the 1 280 px spec's business: contest-entries.spec.ts).
 */
import { expect, type Page, test } from '@playwright/test';
import { seriousAxeViolations } from './support/axe.ts';
import { contestServer, publishContest } from './support/contests.ts';

test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const world = contestServer(4381);

async function expectNoSideScroll(page: Page, where: string): Promise<void> {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect(widths.scroll, `${where} is wider than the screen`).toBeLessThanOrEqual(widths.inner);
}

test('a reader enters a running contest from a phone: no side scroll, labelled fields, errors shown, axe clean', async ({ page }) => {
  test.setTimeout(180_000);
  const { server } = world;
  const contest = await publishContest(server.baseUrl, {
    title: 'Gagnez un plaid en laine mérinos tissé dans les Vosges',
    endsAt: new Date(Date.now() + 7 * 86_400_000),
    question: 'Quelle couleur choisiriez-vous pour votre plaid ?',
    questionChoices: [],
  });
  await page.goto(`${server.baseUrl}/concours/${contest.url}`);
  const form = page.getByRole('region', { name: 'Je participe' });
  await expect(form).toBeVisible();
  await page.waitForLoadState('load');
  await expectNoSideScroll(page, 'the contest page');
  expect(await seriousAxeViolations(page), 'the entry form at 390 px').toEqual([]);

  // Every field by its label, each one within the screen's width.
  const fields = [
    form.getByLabel('Adresse e-mail (obligatoire)'),
    form.getByLabel('Prénom (obligatoire)'),
    form.getByLabel('Nom (obligatoire)', { exact: true }),
    form.getByLabel('Quelle couleur choisiriez-vous pour votre plaid ?'),
    form.getByLabel(/J’accepte le/),
    form.getByLabel(/recevoir la newsletter/),
  ];
  for (const field of fields) {
    const box = await field.boundingBox();
    expect(box, String(field)).not.toBeNull();
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 390, `${field} fits the screen`).toBe(true);
  }
  const submit = form.getByRole('button', { name: 'Valider ma participation' });
  const submitBox = await submit.boundingBox();
  // A target a thumb can hit (WCAG 2.5.8 asks 24 px at the least).
  expect(submitBox?.height ?? 0).toBeGreaterThanOrEqual(24);

  // A wrong address: the server's French sentence beside the field, the field marked invalid, the summary announced.
  const email = form.getByLabel('Adresse e-mail (obligatoire)');
  await email.fill('camille-at-exemple');
  await form.getByLabel('Prénom (obligatoire)').fill('Camille');
  await form.getByLabel('Nom (obligatoire)', { exact: true }).fill('Durand');
  await form.getByLabel('Quelle couleur choisiriez-vous pour votre plaid ?').fill('Bleu nuit');
  await submit.tap();
  await expect(form.getByRole('status')).not.toBeEmpty();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  const described = await email.getAttribute('aria-describedby');
  await expect(page.locator(`[id="${described}"]`)).toBeVisible();
  await expectNoSideScroll(page, 'the form with its errors');
  expect(await seriousAxeViolations(page), 'the entry form with errors at 390 px').toEqual([]);

  // The rules not accepted: said in French.
  await email.fill(`lectrice-${Date.now().toString(36)}@exemple.fr`);
  await submit.tap();
  await expect(form.getByRole('status')).toContainText('acceptez le règlement');
  await form.getByLabel(/J’accepte le/).check();
  await expect(form.getByLabel(/recevoir la newsletter/)).not.toBeChecked();
  await submit.tap();
  await expect(form.getByRole('status')).toContainText('Votre participation est enregistrée');
  await expect(form.getByRole('status')).toBeInViewport();
  await expectNoSideScroll(page, 'the acknowledged entry');
  expect(await seriousAxeViolations(page), 'the acknowledged entry at 390 px').toEqual([]);
});
