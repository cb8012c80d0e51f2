/**
 * The newsletter as a reader meets it, in Debian's Chromium, on the production build served with
 * CAPTCHA_PROVIDER=altcha (playwright.config.ts): the footer block and the /inscription page sign up
 * with an invisible proof of work and not a single request to another origin.
 */
import { expect, type Page, type Request, test } from '@playwright/test';

const unique = (label: string) => `${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@exemple.fr`;

/** Every request the page makes, to check that none leaves the site's origin. */
function watchRequests(page: Page, baseURL: string) {
  const foreign: string[] = [];
  const signups: Request[] = [];
  const origin = new URL(baseURL).origin;
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol !== 'data:' && url.protocol !== 'blob:' && url.origin !== origin) foreign.push(request.url());
    if (url.pathname.startsWith('/newsletter/inscriptionajaxlight-')) signups.push(request);
  });
  return { foreign, signups };
}

function footerBlock(page: Page) {
  return page.locator('footer').getByRole('region', { name: 'On reste en contact ?' });
}

async function fill(block: ReturnType<typeof footerBlock>, email: string, postcode: string) {
  await block.getByPlaceholder('E-mail*').fill(email);
  await block.getByPlaceholder('Code postal*').fill(postcode);
  await block.getByRole('button', { name: 'OK', exact: true }).click();
}

test('the footer block signs a new address up, then says it is already on the list', async ({ page, baseURL }) => {
  const watched = watchRequests(page, baseURL ?? '');
  const email = unique('bloc');
  await page.goto('/');
  const block = footerBlock(page);
  await expect(block.getByRole('heading', { name: 'On reste en contact ?' })).toBeVisible();
  const emailField = block.getByPlaceholder('E-mail*');
  await expect(emailField).toHaveAttribute('type', 'email');
  await expect(emailField).toHaveAttribute('required', '');
  const postcodeField = block.getByPlaceholder('Code postal*');
  await expect(postcodeField).toHaveAttribute('type', 'text');
  await expect(postcodeField).toHaveAttribute('required', '');
  await expect(block.getByText('*Champs obligatoires')).toBeVisible();

  await fill(block, email, '75011');
  await expect(block.getByRole('status')).toHaveText("C'est bon ! Merci pour votre inscription.", { timeout: 20_000 });

  // The invisible proof of work: no challenge shown, no frame, and nothing fetched from elsewhere.
  await expect(page.locator('iframe')).toHaveCount(0);
  await expect(block.getByRole('checkbox')).toHaveCount(0);
  expect(watched.foreign).toEqual([]);
  expect(watched.signups).toHaveLength(1);
  const sent = watched.signups[0];
  expect(sent?.url()).toMatch(/\/newsletter\/inscriptionajaxlight-footer-home$/);
  expect(sent?.headers()['content-type']).toMatch(/^multipart\/form-data; boundary=/);
  const body = sent?.postData() ?? '';
  expect(body).toContain('name="people_register_newslettertype"\r\n\r\n1\r\n');
  const token = /name="g-recaptcha-response"\r\n\r\n([^\r]*)\r\n/.exec(body)?.[1] ?? '';
  expect(JSON.parse(Buffer.from(token, 'base64').toString())).toMatchObject({ algorithm: 'SHA-256', number: expect.any(Number) });

  // The same address again, on another page: the server's 'Vous êtes déjà inscrit', shown SPEC's way.
  await page.goto('/mission');
  const again = footerBlock(page);
  await fill(again, email.toUpperCase(), '75011');
  await expect(again.getByRole('status')).toHaveText('Vous êtes déjà sur notre liste !');
  expect(watched.signups.at(-1)?.url()).toMatch(/inscriptionajaxlight-footer-mission$/);
  expect(watched.foreign).toEqual([]);
});

test('before hydration the OK button is disabled (a native submit could only be refused); without JavaScript a sentence says why', async ({
  request,
  browser,
  baseURL,
}) => {
  const html = await (await request.get('/mission')).text();
  const block =
    /<form[^>]*action="\/newsletter\/inscriptionajaxlight-footer[^"]*"[^>]*>[\s\S]*?<\/form>\s*<noscript>([\s\S]*?)<\/noscript>/.exec(html);
  expect(block?.[0]).toMatch(/<button type="submit" disabled=""/);
  // (Chromium with scripts turned off by Playwright still parses <noscript> as text: read it from the HTML.)
  expect(block?.[1]).toContain('Pour vous inscrire, activez JavaScript : la vérification anti-robot en a besoin.');
  const noScript = await browser.newContext({ javaScriptEnabled: false, baseURL });
  try {
    const page = await noScript.newPage();
    await page.goto('/mission');
    await expect(footerBlock(page).getByRole('button', { name: 'OK', exact: true })).toBeDisabled();
  } finally {
    await noScript.close();
  }
});

test("an invalid signup shows each of the server's messages on its own line", async ({ page }) => {
  await page.goto('/');
  const block = footerBlock(page);
  await fill(block, 'jean@yopmail.com', '123');
  const lines = block.getByRole('status').locator('p');
  await expect(lines).toHaveText([
    "Les adresses e-mail jetables ne sont pas acceptées : merci d'utiliser votre adresse habituelle.",
    "Le code postal n'est pas un code postal français (5 chiffres, outre-mer compris).",
  ]);
  // The form stays there to correct and send again.
  await block.getByPlaceholder('E-mail*').fill(unique('corrige'));
  await block.getByPlaceholder('Code postal*').fill('97411');
  await block.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(block.getByRole('status')).toHaveText("C'est bon ! Merci pour votre inscription.", { timeout: 20_000 });
});

// Success lines wait up to 20 s: the browser solves the captcha's proof of work first, slowly on a loaded machine.
test('a scripted POST without a valid captcha token is refused and stores nothing', async ({ page, request }) => {
  const email = unique('script');
  const form = { people_register_email: email, people_register_codepostal: '75011', people_register_newslettertype: '1' };
  const noToken = await request.post('/newsletter/inscriptionajaxlight-script', { multipart: { ...form, 'g-recaptcha-response': '' } });
  expect(await noToken.json()).toEqual({
    status: 'error',
    errors: { 'g-recaptcha-response': "La vérification anti-robot n'a pas été faite : rechargez la page et réessayez." },
  });
  const fake = Buffer.from(
    JSON.stringify({
      algorithm: 'SHA-256',
      challenge: '0'.repeat(64),
      number: 7,
      salt: 'abc?expires=9999999999&',
      signature: '1'.repeat(64),
    }),
  ).toString('base64');
  const forged = await request.post('/newsletter/inscriptionajaxlight-script', { multipart: { ...form, 'g-recaptcha-response': fake } });
  expect((await forged.json()).errors).toEqual({
    'g-recaptcha-response': 'La vérification anti-robot a échoué ou a expiré : rechargez la page et réessayez.',
  });
  // Nothing was stored: the same address then signs up normally in the browser.
  await page.goto('/');
  const block = footerBlock(page);
  await fill(block, email, '75011');
  await expect(block.getByRole('status')).toHaveText("C'est bon ! Merci pour votre inscription.", { timeout: 20_000 });
});

test('/inscription/{origin} signs up with the route parameter as the origin', async ({ page, baseURL }) => {
  const watched = watchRequests(page, baseURL ?? '');
  const response = await page.goto('/inscription/header');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle('Inscription à la newsletter - Piquante');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'On reste en contact ?' })).toBeVisible();
  await main.getByPlaceholder('E-mail*').fill(unique('page'));
  await main.getByPlaceholder('Code postal*').fill('69001');
  await main.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(main.getByRole('status').first()).toHaveText("C'est bon ! Merci pour votre inscription.", { timeout: 20_000 });
  expect(watched.signups.map((r) => new URL(r.url()).pathname)).toEqual(['/newsletter/inscriptionajaxlight-header']);
  expect(watched.foreign).toEqual([]);
  expect((await page.goto('/inscription'))?.status()).toBe(200);
});

test('/desinscription answers without telling whether the address is subscribed', async ({ page }) => {
  const response = await page.goto('/desinscription/footer');
  expect(response?.status()).toBe(200);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Se désinscrire de la newsletter' })).toBeVisible();
  await main.getByPlaceholder('E-mail*').fill(unique('inconnu'));
  await main.getByRole('button', { name: 'Me désinscrire' }).click();
  await expect(main.getByRole('status')).toHaveText('Si cette adresse est inscrite, un e-mail de confirmation vient de lui être envoyé.');
});

test('opening an e-mailed link changes nothing until its button is pressed, and a bad link is explained', async ({ page }) => {
  const response = await page.goto('/inscription/confirmer/c.lien-inconnu-mais-bien-forme-0000000000');
  expect(response?.status()).toBe(200);
  const main = page.getByRole('main');
  const button = main.getByRole('button', { name: 'Confirmer mon inscription' });
  await expect(button).toBeEnabled();
  await button.click();
  await expect(main.getByRole('status')).toHaveText(
    "Ce lien de confirmation n'est pas valide. Vérifiez qu'il est complet, ou inscrivez-vous à nouveau.",
  );
  await expect(main.getByRole('link', { name: "S'inscrire à nouveau" })).toHaveAttribute('href', '/inscription');

  await page.goto('/desinscription/confirmer/u.1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
  await page.getByRole('main').getByRole('button', { name: 'Me désinscrire' }).click();
  await expect(page.getByRole('main').getByRole('status')).toContainText("n'est pas valide");
});
