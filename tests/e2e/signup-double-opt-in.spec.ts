/**
 * Double opt-in and leaving, end to end: the production server runs with NEWSLETTER_DOUBLE_OPT_IN=1 and
 * sends its mail to a loopback SMTP sink; a reader signs up in Chromium, opens the e-mailed link, and
 * only the page's button confirms. Then the one-click unsubscribe link of the welcome mail.
 */
import { expect, test } from '@playwright/test';
import { linkIn, type SmtpSink, startSmtpSink } from '../../src/testing/smtpSink.ts';
import { freePort, type OwnServer, startOwnServer, tempDataDir } from './support/ownServer.ts';

test.describe.configure({ mode: 'serial' });

let sink: SmtpSink;
let server: OwnServer;
let data: ReturnType<typeof tempDataDir>;

test.beforeAll(async () => {
  sink = await startSmtpSink();
  data = tempDataDir();
  const port = await freePort();
  server = await startOwnServer(
    {
      DATA_DIR: data.dir,
      CAPTCHA_PROVIDER: 'altcha',
      NEWSLETTER_DOUBLE_OPT_IN: '1',
      SMTP_URL: sink.url,
      MAIL_FROM: 'Piquante <newsletter@piquante.test>',
      SITE_URL: `http://127.0.0.1:${port}`,
    },
    port,
  );
});

test.afterAll(async () => {
  await server?.kill('SIGTERM');
  await sink?.close();
  data?.remove();
});

test('a signup counts only after the button of the e-mailed link; one-click unsubscribe works from the mail', async ({ page, request }) => {
  test.setTimeout(60_000);
  const email = `double-${Date.now().toString(36)}@exemple.fr`;
  await page.goto(`${server.baseUrl}/inscription/popin`);
  const main = page.getByRole('main');
  await main.getByPlaceholder('E-mail*').fill(email);
  await main.getByPlaceholder('Code postal*').fill('13001');
  await main.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(main.getByRole('status').locator('p')).toHaveText([
    "C'est bon ! Merci pour votre inscription.",
    "Un e-mail de confirmation vient de vous être envoyé : cliquez sur le lien qu'il contient pour recevoir la newsletter.",
  ]);

  const mail = await sink.waitFor(email);
  expect(mail.headers.get('from')).toContain('newsletter@piquante.test');
  const link = linkIn(mail, `${server.baseUrl}/inscription/confirmer/`);

  // What a mail scanner does: GET the link (twice). Nothing is confirmed.
  expect((await request.get(link)).status()).toBe(200);
  expect((await request.get(link)).status()).toBe(200);
  const stillPending = await request.post(`${server.baseUrl}/newsletter/inscriptionajaxlight-check`, {
    multipart: { people_register_email: email, people_register_codepostal: '13001', 'g-recaptcha-response': '' },
  });
  // (Refused for the missing token before any lookup: a scripted request learns nothing.)
  expect((await stillPending.json()).status).toBe('error');

  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirmer votre inscription' })).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: 'Confirmer mon inscription' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText("C'est confirmé ! Bienvenue dans la newsletter Piquante.");

  // The same link again explains that it has already been used.
  await page.goto(link);
  await page.getByRole('main').getByRole('button', { name: 'Confirmer mon inscription' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Ce lien a déjà servi : votre inscription est déjà confirmée.');

  // The welcome mail carries RFC 8058 headers; its link opened in a browser only shows a button.
  const welcome = await sink.waitFor(email);
  expect(welcome.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
  const oneClick = /^<(.+)>$/.exec(welcome.headers.get('list-unsubscribe') ?? '')?.[1] ?? '';
  expect(oneClick).toContain(`${server.baseUrl}/newsletter/desinscription-un-clic/u.`);
  await page.goto(oneClick);
  await expect(page).toHaveURL(/\/desinscription\/confirmer\/u\./);
  await page.getByRole('main').getByRole('button', { name: 'Me désinscrire' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(
    "C'est fait, vous êtes désinscrit. Vous ne recevrez plus la newsletter.",
  );
  // The mail client's own POST (RFC 8058) after that: already done, said plainly.
  const mailClient = await request.post(oneClick, { form: { 'List-Unsubscribe': 'One-Click' } });
  expect(await mailClient.json()).toEqual({
    status: 'already-unsubscribed',
    message: 'Ce lien a déjà servi : cette adresse est déjà désinscrite.',
  });

  // Gone readers may come back.
  await page.goto(`${server.baseUrl}/inscription/retour`);
  await page.getByRole('main').getByPlaceholder('E-mail*').fill(email);
  await page.getByRole('main').getByPlaceholder('Code postal*').fill('13001');
  await page.getByRole('main').getByRole('button', { name: 'OK', exact: true }).click();
  await expect(page.getByRole('main').getByRole('status').locator('p').first()).toHaveText("C'est bon ! Merci pour votre inscription.");
  await sink.waitFor(email);
});
