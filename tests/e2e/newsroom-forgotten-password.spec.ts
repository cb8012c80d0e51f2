/**
 * « Mot de passe oublié ? » in Chromium (issue 39), on a production server of its own mailing to a loopback
 * SMTP sink: from the sign-in page, the link is asked (the same answer for an unknown address), read from the
 * mail, a new password chosen; the session left open elsewhere is signed out, the new password signs in, the
 * old one does not, and the link cannot serve twice. Both pages axe-clean and never wider than a phone.
 */
import { expect, type Page, test } from '@playwright/test';
import { linkIn, type SmtpSink, startSmtpSink } from '../../src/testing/smtpSink.ts';
import { createStaff, expectAxeClean, signIn, STAFF_PASSWORD } from './support/newsroom.ts';
import { type OwnServer, startOwnServer, tempDataDir } from './support/ownServer.ts';

test.describe.configure({ mode: 'serial' });

const PORT = 4340;
const PAUL = 'paul@piquante.test';
const NEW_PASSWORD = 'ma nouvelle phrase de passe';
const SAME_ANSWER = 'Si cette adresse correspond à un compte, un lien vient de lui être envoyé. Il est valable 30 minutes.';
let sink: SmtpSink;
let server: OwnServer;
let data: ReturnType<typeof tempDataDir>;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  sink = await startSmtpSink({ port: 4341 });
  data = tempDataDir();
  await createStaff(data.dir, PAUL, 'Paul Oublieux', 'author');
  server = await startOwnServer(
    {
      DATA_DIR: data.dir,
      SMTP_URL: sink.url,
      MAIL_FROM: 'Piquante <redaction@piquante.test>',
      SITE_URL: `http://127.0.0.1:${PORT}`,
    },
    PORT,
  );
});

test.afterAll(async () => {
  await server?.kill('SIGTERM');
  await sink?.close();
  data?.remove();
});

async function fitsAPhone(page: Page, where: string) {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth), where).toBeLessThanOrEqual(390);
  if (size) await page.setViewportSize(size);
}

test('a forgotten password: the mailed link sets a new one once, and every other session ends', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const base = server.baseUrl;
  // Paul is still signed in on another machine.
  const elsewhere = await browser.newContext();
  const oldSession = await elsewhere.newPage();
  await signIn(oldSession, base, PAUL);

  await page.goto(`${base}/admin/connexion`);
  await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
  await expect(page.getByRole('heading', { name: 'Mot de passe oublié' })).toBeVisible();
  await expectAxeClean(page, 'forgotten password form');
  await fitsAPhone(page, 'forgotten password form');

  // An unknown address gets the very same answer.
  await page.getByLabel('Adresse e-mail').fill('personne@piquante.test');
  await page.getByRole('button', { name: 'Recevoir un lien' }).click();
  await expect(page.getByRole('status')).toHaveText(SAME_ANSWER);
  await expect(page.getByRole('status')).toBeFocused();
  await expectAxeClean(page, 'forgotten password answered');

  await page.reload();
  await page.getByLabel('Adresse e-mail').fill(PAUL);
  await page.getByRole('button', { name: 'Recevoir un lien' }).press('Enter');
  await expect(page.getByRole('status')).toHaveText(SAME_ANSWER);

  const mail = await sink.waitFor(PAUL, 30_000);
  expect(mail.subject).toMatch(/Choisir un nouveau mot de passe/);
  expect(mail.text).toMatch(/valable 30 minutes/);
  const link = linkIn(mail, `${base}/admin/mot-de-passe-oublie/`);
  expect(sink.mails.filter((m) => m.to.includes('personne@piquante.test'))).toEqual([]);

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Choisir un nouveau mot de passe' })).toBeVisible();
  await expectAxeClean(page, 'new password form');
  await fitsAPhone(page, 'new password form');
  await page.getByLabel('Nouveau mot de passe', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirmez le nouveau mot de passe').fill('une autre phrase encore');
  await page.getByRole('button', { name: 'Enregistrer le nouveau mot de passe' }).click();
  await expect(page.getByRole('alert')).toHaveText('Les deux saisies du nouveau mot de passe diffèrent.');
  await page.getByLabel('Confirmez le nouveau mot de passe').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Enregistrer le nouveau mot de passe' }).click();
  await expect(page.getByRole('status')).toContainText('Votre mot de passe est changé');
  await expect(page.getByRole('status')).toBeFocused();
  await expectAxeClean(page, 'new password saved');

  // The session left open elsewhere is over.
  await oldSession.goto(`${base}/admin`);
  await expect(oldSession.getByRole('heading', { name: 'Connexion à la rédaction' })).toBeVisible();
  await elsewhere.close();

  // The old password no longer opens; the new one does.
  await page.goto(`${base}/admin/connexion`);
  await page.getByLabel('Adresse e-mail').fill(PAUL);
  await page.getByLabel('Mot de passe').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Adresse e-mail ou mot de passe incorrect.');
  await signIn(page, base, PAUL, NEW_PASSWORD);

  // The link served once.
  await page.goto(link);
  await page.getByLabel('Nouveau mot de passe', { exact: true }).fill('encore une autre phrase');
  await page.getByLabel('Confirmez le nouveau mot de passe').fill('encore une autre phrase');
  await page.getByRole('button', { name: 'Enregistrer le nouveau mot de passe' }).click();
  await expect(page.getByRole('alert')).toHaveText(/^Ce lien n’est plus valable/);
  await page.getByRole('link', { name: 'Demander un nouveau lien' }).click();
  await expect(page.getByRole('heading', { name: 'Mot de passe oublié' })).toBeVisible();
});
