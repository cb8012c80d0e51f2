import { expect, test } from '@playwright/test';
import { appConfig } from '../../app.config.ts';
import { demo } from './support.ts';

test('the footer has every link of SPEC §2', async ({ page }) => {
  await page.goto('/mission');
  const footer = page.getByRole('contentinfo');
  const { site } = appConfig;
  const expected: [string, string | RegExp][] = [
    ['Notre mission', '/mission'],
    ['Charte éditoriale', '/charte-editoriale'],
    ["L'équipe", '/equipe'],
    ['Recrutement', site.recruitmentUrl],
    ['Devenir partenaire', `mailto:${site.partnersEmail}`],
    ['Nous écrire', `mailto:${site.contactEmail}`],
    ["L'appli mobile", '/app'],
    ['La newsletter', '/inscription/footer'],
    ['Mentions légales', '/mentions-legales'],
    ['Protection des données', '/politique-confidentialite'],
    ['Instagram', site.instagramUrl],
    ['Facebook', site.facebookUrl],
  ];
  for (const [name, href] of expected) {
    await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }
  await expect(footer.getByRole('list', { name: 'Partager' }).getByRole('link')).toHaveCount(4);
  await expect(footer.getByRole('heading', { name: 'On reste en contact ?' })).toBeVisible();
});

test('the Cookies link opens the consent preferences (event hook)', async ({ page }) => {
  await page.goto('/mission');
  await page.evaluate((name) => {
    window.addEventListener(name, () => document.body.setAttribute('data-consent-opened', 'yes'));
  }, appConfig.consent.openPreferencesEvent);
  await page.getByRole('contentinfo').getByRole('button', { name: 'Cookies' }).click();
  await expect(page.locator('body')).toHaveAttribute('data-consent-opened', 'yes');
});

test('the typewriter quotation types on home and category pages only', async ({ page, request }) => {
  const d = await demo(request);
  const quotations = (await (await request.get('/api/quotations')).json()) as { results: { text: string; author: string }[] };
  const first = quotations.results[0];
  await page.goto('/');
  const typewriter = page.getByTestId('typewriter');
  await expect(typewriter).toHaveCount(1);
  const typed = typewriter.locator('[data-typed]');
  // 100 ms per letter: after a second or so, several letters and never the whole sentence at once.
  await expect.poll(async () => ((await typed.textContent()) ?? '').length, { timeout: 5000 }).toBeGreaterThan(8);
  const text = (await typed.textContent()) ?? '';
  const shown = text.replace('« ', '').replace('|', '').replace(' »', '');
  expect(first?.text.startsWith(shown)).toBe(true);
  await expect(typewriter).toContainText(first?.author ?? '');

  await page.goto(`/${d.category.slug}`);
  await expect(page.getByTestId('typewriter')).toHaveCount(1);
  await page.goto(d.article.fullUrl);
  await expect(page.getByTestId('typewriter')).toHaveCount(0);
  await page.goto('/mission');
  await expect(page.getByTestId('typewriter')).toHaveCount(0);
});

test('the typewriter moves on to the next quotation after the pause', async ({ page }) => {
  await page.clock.install();
  await page.goto('/');
  const typewriter = page.getByTestId('typewriter');
  await expect(typewriter).toHaveAttribute('data-index', '0');
  // Its code comes after the load event (issue 38): typing has begun once it is there.
  await expect.poll(async () => ((await typewriter.locator('[data-typed]').textContent()) ?? '').length).toBeGreaterThan('« |'.length);
  const quotations = (await (await page.request.get('/api/quotations')).json()) as { results: { text: string }[] };
  const letters = quotations.results[0]?.text.length ?? 0;
  await page.clock.runFor(appConfig.quotation.typingMsPerLetter * (letters + 2));
  await expect(typewriter).toHaveAttribute('data-index', '0');
  await page.clock.runFor(appConfig.quotation.pauseMs);
  await expect(typewriter).toHaveAttribute('data-index', '1');
});
