/**
 * The consent manager and the popin in Chromium (issue 10), on the shared demo server (no analytics, no
 * reCAPTCHA configured): the banner and its three equal buttons, nothing stored before a choice, refusal,
 * the footer's 'Cookies', no banner on the app- variants, each popin trigger, closing and its cookie,
 * the choice popin's newsletter type, the auto-close after a signup, and axe with each open.
 * Timers of the popin run on Playwright's clock, so no test waits for seconds to pass.
 */
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { appVariantPrefix } from '../../app.config.ts';
import { consentConfig } from '../../consent.config.ts';
import { seriousAxeViolations } from './support/axe.ts';
import { acceptedEverything, consentCookie, refusedEverything } from './support/consentCookie.ts';
import { openPopin, popinDialog, popinState } from './support/popin.ts';

const banner = (page: Page) => page.getByRole('dialog', { name: 'Vos choix de cookies' });

/**
 * Pauses Playwright's clock (installed before the page loaded) where the page is now: from here timers
 * fire only when the test runs the clock, whatever the machine's load. (Paused from the start, the page
 * would not hydrate.) The exact delays are the machine's unit tests' business; here, their order of size.
 */
async function pauseClock(page: Page) {
  // A little ahead: the page's clock keeps running while this call travels.
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 250));
}

async function cookieNames(context: BrowserContext): Promise<string[]> {
  return (await context.cookies()).map((c) => c.name).sort();
}

test.describe('without a choice yet', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('the banner comes 1 s after load, in French, with three buttons of equal weight; nothing is stored before a choice', async ({
    page,
    context,
  }) => {
    await page.goto('/');
    await expect(banner(page)).toBeVisible({ timeout: 15_000 });
    const buttons = ['Tout accepter', 'Tout refuser', 'Personnaliser'].map((name) =>
      banner(page).getByRole('button', { name, exact: true }),
    );
    const looks = await Promise.all(
      buttons.map((b) =>
        b.evaluate((el) => {
          const s = getComputedStyle(el);
          return [s.fontSize, s.fontWeight, s.backgroundColor, s.color, s.borderTopWidth, s.paddingTop, s.paddingLeft].join(' ');
        }),
      ),
    );
    expect(new Set(looks).size, looks.join(' | ')).toBe(1);
    expect(await cookieNames(context)).toEqual([]);
    expect(await page.evaluate(() => [document.cookie, localStorage.length, sessionStorage.length])).toEqual(['', 0, 0]);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  test("on a phone, the banner's text is never the page's largest paint (LCP): its sentences are blocks of their own", async ({ page }) => {
    // A mosaic list: its first screen is images and a short intro, so one paragraph of the banner's three
    // sentences outgrew them and the browser took the banner, 1 s after load, for the page's LCP (decision 034).
    await page.setViewportSize({ width: 412, height: 823 });
    await page.goto('/mosaiques');
    await expect(banner(page)).toBeVisible({ timeout: 15_000 });
    await expect(banner(page)).toHaveCSS('opacity', '1');
    const parts = page.locator('#cc-main .cm__desc .cm__desc-part');
    await expect(parts).toHaveCount(3);
    for (const part of await parts.all()) await expect(part).toHaveCSS('display', 'block');
    const largest = await page.evaluate(
      () =>
        new Promise<{ inBanner: boolean; tag: string; size: number }>((resolve) => {
          // Two frames after the banner is fully shown, so that its paint has been reported.
          requestAnimationFrame(() =>
            requestAnimationFrame(() => {
              new PerformanceObserver((list) => {
                const entries = list.getEntries() as (PerformanceEntry & { element: Element | null; size: number })[];
                const last = entries.at(-1);
                resolve({
                  inBanner: Boolean(last?.element?.closest('#cc-main')),
                  tag: last?.element?.tagName ?? '',
                  size: last?.size ?? 0,
                });
              }).observe({ type: 'largest-contentful-paint', buffered: true });
            }),
          );
        }),
    );
    expect(largest.inBanner, `LCP: ${largest.tag}, ${largest.size} px²`).toBe(false);
  });

  test('refusing keeps only the consent record, sends its proof, and no popin is ever asked for', async ({ page, context }) => {
    const popinCalls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/popin') popinCalls.push(r.url());
    });
    await page.goto('/mode');
    const proof = page.waitForRequest((r) => r.url().endsWith('/api/consent') && r.method() === 'POST');
    await banner(page).getByRole('button', { name: 'Tout refuser', exact: true }).click();
    const body = (await proof).postDataJSON() as {
      acceptType: string;
      purposes: { enabled: string[] };
      vendors: { enabled: string[]; disabled: string[] };
    };
    expect(body.acceptType).toBe('necessary');
    expect(body.purposes.enabled).toEqual(['necessary']);
    expect(body.vendors).toEqual({ enabled: [], disabled: ['piquante'] });
    await expect(banner(page)).toBeHidden();
    expect(await cookieNames(context)).toEqual([consentConfig.consentCookie.name]);
    const record = (await context.cookies()).find((c) => c.name === consentConfig.consentCookie.name);
    // Kept 6 months (give or take a day), then asked again.
    const days = ((record?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(consentConfig.keepDays - 1);
    expect(days).toBeLessThan(consentConfig.keepDays + 1);
    // /mode has an isOpen popin (200 ms): with refusal it never comes, nor is it asked for.
    await page.reload();
    await page.waitForLoadState('networkidle');
    await expect(banner(page)).toBeHidden();
    await expect(popinDialog(page)).toHaveCount(0);
    expect(popinCalls).toEqual([]);
  });

  test("the footer's 'Cookies' opens the preferences at any time", async ({ page }) => {
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('button', { name: 'Cookies', exact: true }).click();
    const preferences = page.getByRole('dialog', { name: 'Personnaliser mes choix' });
    await expect(preferences).toBeVisible({ timeout: 15_000 });
    await expect(preferences.getByText('Popins de la rédaction').first()).toBeVisible();
    await expect(preferences.getByRole('button', { name: 'Enregistrer mes choix' })).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  test('no banner, no consent manager code on the app- variants', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto(`${appVariantPrefix}/mission`);
    await page.waitForLoadState('networkidle');
    // Longer than the loader's delay: it would have come by now.
    await page.waitForTimeout(consentConfig.loaderDelayMs * 2);
    await expect(page.locator('#cc-main')).toHaveCount(0);
    expect(scripts.filter((s) => /consentManager/i.test(s))).toEqual([]);
  });

  test('accepting everything: an isOpen popin appears ~200 ms later; closing writes regie_<hash> for 1 day; after a reload no popin', async ({
    page,
    context,
  }) => {
    await page.goto('/mode');
    await banner(page).getByRole('button', { name: 'Tout accepter', exact: true }).click();
    await expect(popinDialog(page)).toBeVisible();
    await expect(popinDialog(page)).toHaveAttribute('data-popin-type', 'register_choice');
    // The page does not scroll behind it.
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');
    await popinDialog(page).getByRole('button', { name: 'Fermer la popin' }).click();
    await expect(popinDialog(page)).toHaveCount(0);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe('hidden');
    const dismissal = (await context.cookies()).find((c) => c.name.startsWith('regie_'));
    expect(dismissal?.name).toMatch(/^regie_[a-z0-9]+$/);
    const hours = ((dismissal?.expires ?? 0) * 1000 - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23);
    expect(hours).toBeLessThanOrEqual(24);
    await page.reload();
    await page.waitForLoadState('networkidle');
    await expect(popinDialog(page)).toHaveCount(0);
  });
});

test.describe('with everything refused earlier', () => {
  test('no popin ever, on any page that has one', async ({ page }) => {
    await page.clock.install();
    for (const path of ['/', '/beaute', '/mode', '/shopping', '/culture']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await page.clock.runFor(20_000);
      await expect(popinDialog(page), path).toHaveCount(0);
      await expect(popinState(page), path).toHaveCount(0);
    }
  });
});

test.describe('with everything accepted earlier', () => {
  test.beforeEach(async ({ context }) => {
    await context.clearCookies();
    await context.addCookies([consentCookie(acceptedEverything)]);
  });

  test('a failing GET /api/popin is ignored: no popin, no error, the page works', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    let asked = 0;
    await page.route('**/api/popin?**', async (route) => {
      asked++;
      await (asked % 2 ? route.abort('failed') : route.fulfill({ status: 500, body: 'panne' }));
    });
    await page.goto('/mode');
    await expect.poll(() => asked).toBeGreaterThan(0);
    await page.goto('/shopping');
    await expect.poll(() => asked).toBeGreaterThan(1);
    await page.waitForLoadState('networkidle');
    await expect(popinDialog(page)).toHaveCount(0);
    await expect(page.locator('h1')).toContainText('Shopping');
    expect(errors).toEqual([]);
  });

  test('the mouse leaving the page layout shows an isClose popin 200 ms later', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    await expect(popinState(page)).toHaveAttribute('data-state', '{"waiting":"watchingMouse"}', { timeout: 15_000 });
    await pauseClock(page);
    await page.clock.runFor(60_000);
    await expect(popinDialog(page)).toHaveCount(0);
    await page.mouse.move(300, 300);
    await page.mouse.move(300, -20);
    await expect(popinState(page)).toHaveAttribute('data-state', '{"waiting":"mouseLeaving"}');
    await page.clock.runFor(150);
    await expect(popinDialog(page)).toHaveCount(0);
    await page.clock.runFor(100);
    await expect(popinDialog(page)).toBeVisible();
    await expect(popinDialog(page)).toHaveAttribute('data-popin-type', 'register_complete');
  });

  test('an isOpenDelay popin waits timeDelay × 1000 + 200 ms', async ({ page }) => {
    await page.clock.install();
    await page.goto('/shopping');
    await expect(popinState(page)).toHaveAttribute('data-state', '{"waiting":"afterTimeDelay"}', { timeout: 15_000 });
    await pauseClock(page);
    // timeDelay 5 s on /shopping: 5 200 ms in all.
    await page.clock.runFor(3_500);
    await expect(popinDialog(page)).toHaveCount(0);
    await page.clock.runFor(1_800);
    await expect(popinDialog(page)).toBeVisible();
    // Link buttons (up to 4).
    await expect(popinDialog(page).getByRole('link', { name: 'Voir la sélection shopping' })).toHaveAttribute('href', '/shopping');
  });

  test('survey: the buttons give way to the thank-you text, the answer is counted; Escape closes and focus comes back', async ({
    page,
  }) => {
    await page.clock.install();
    await openPopin(page, '/culture');
    await expect(popinDialog(page).getByRole('button', { name: /^Plus de/ })).toHaveCount(4);
    const counted = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/popin/survey');
    await popinDialog(page).getByRole('button', { name: 'Plus de culture' }).click();
    const response = await counted;
    expect(response.status()).toBe(204);
    expect(response.request().postDataJSON()).toEqual({ popin: expect.stringMatching(/^[A-Za-z0-9_-]+$/), button: 2 });
    await expect(popinDialog(page).getByText('Merci ! Votre réponse nous aide')).toBeVisible();
    await expect(popinDialog(page).getByRole('button', { name: /^Plus de/ })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(popinDialog(page)).toHaveCount(0);
  });

  test('axe finds no serious violation with each of the five popins open', async ({ page }) => {
    test.setTimeout(120_000);
    await page.clock.install();
    for (const path of ['/', '/beaute', '/mode', '/shopping', '/culture']) {
      await openPopin(page, path);
      expect(await seriousAxeViolations(page), path).toEqual([]);
    }
  });

  test('the choice popin sends newsletter type 2 when choice 2 is picked; a signup closes it after 5 s with its cookie', async ({
    page,
    context,
  }) => {
    test.setTimeout(60_000);
    await page.goto('/mode');
    await expect(popinDialog(page)).toBeVisible({ timeout: 15_000 });
    const first = popinDialog(page).getByRole('checkbox').nth(0);
    const second = popinDialog(page).getByRole('checkbox').nth(1);
    await expect(first).toBeChecked();
    await second.check();
    await expect(second).toBeChecked();
    await expect(first).not.toBeChecked();
    await popinDialog(page).getByPlaceholder('E-mail*').fill(`popin-choix-${Date.now()}@exemple.fr`);
    await popinDialog(page).getByPlaceholder('Code postal*').fill('69003');
    const signup = page.waitForRequest((r) => r.method() === 'POST' && r.url().includes('/newsletter/inscriptionajaxlight-'));
    await popinDialog(page).getByRole('button', { name: "Je m'abonne" }).click();
    const request = await signup;
    expect(request.url()).toMatch(/\/newsletter\/inscriptionajaxlight-popin-mode$/);
    expect(request.postData() ?? '').toMatch(/name="people_register_newslettertype"\r\n\r\n2\r\n/);
    await expect(popinDialog(page).getByText("C'est bon ! Merci pour votre inscription.")).toBeVisible({ timeout: 20_000 });
    const shownAt = Date.now();
    await expect(popinDialog(page)).toHaveCount(0, { timeout: 15_000 });
    expect(Date.now() - shownAt).toBeGreaterThan(3_500);
    const dismissal = (await context.cookies()).find((c) => c.name.startsWith('regie_'));
    // The server's successDuration for this popin: a year.
    expect(((dismissal?.expires ?? 0) * 1000 - Date.now()) / 86_400_000).toBeGreaterThan(300);
  });
});

test.describe('on a touch device, everything accepted earlier', () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 800 } });

  test('an isClose popin waits 4 s, then shows its mobile image', async ({ page, context }) => {
    await context.clearCookies();
    await context.addCookies([consentCookie(acceptedEverything)]);
    await page.clock.install();
    await page.goto('/');
    await expect(popinState(page)).toHaveAttribute('data-state', '{"waiting":"afterTouchDelay"}', { timeout: 15_000 });
    await pauseClock(page);
    await page.clock.runFor(2_500);
    await expect(popinDialog(page)).toHaveCount(0);
    await page.clock.runFor(1_600);
    await expect(popinDialog(page)).toBeVisible();
    const image = popinDialog(page).locator('picture img');
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/mobile/);
  });
});

test('the refused-everything state of the other specs is what it says', async ({ context }) => {
  expect((await context.cookies()).map((c) => c.name)).toEqual([consentCookie(refusedEverything).name]);
});

test('the privacy policy lists only what this deployment uses: the consent record and the popin cookie', async ({ page }) => {
  await page.goto('/politique-confidentialite');
  const table = page.getByRole('table', { name: 'Finalités, partenaires et cookies' });
  await expect(table).toContainText('piquante_consent');
  await expect(table).toContainText('regie_<empreinte>');
  await expect(table).not.toContainText('reCAPTCHA');
  await expect(table).not.toContainText('Mesure d’audience');
});
