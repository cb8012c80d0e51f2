/**
 * Popins designed for readers (issue 39, point 4), each of the five demo popins at 390 px and 1280 px:
 * from 768 px a dialog centred in the viewport, below a bottom sheet across the screen's width, both within
 * the viewport; a real primary button (a filled background, padding, a 44 px target, AA contrast); axe; a
 * screenshot of each attached to the report. Geometry is asserted rather than pixels (fonts and images
 * render a little differently from one machine to another). Then: focus kept inside, Escape and the close
 * button, reduced motion, and never the popin and the consent banner on screen together.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { appConfig } from '../../app.config.ts';
import { seriousAxeViolations } from './support/axe.ts';
import { acceptedEverything, consentCookie } from './support/consentCookie.ts';
import { openPopin as openPopinOnClock, popinDialog, popinState } from './support/popin.ts';

const banner = (page: Page) => page.getByRole('dialog', { name: 'Vos choix de cookies' });

const DEMO_POPINS = [
  { path: '/', type: 'register_complete', primary: (d: Locator) => d.getByRole('button', { name: "Je m'inscris" }) },
  { path: '/beaute', type: 'register_light', primary: (d: Locator) => d.getByRole('button', { name: 'OK', exact: true }) },
  { path: '/mode', type: 'register_choice', primary: (d: Locator) => d.getByRole('button', { name: "Je m'abonne" }) },
  { path: '/shopping', type: 'button', primary: (d: Locator) => d.getByRole('link', { name: 'Voir la sélection shopping' }) },
  { path: '/culture', type: 'survey', primary: (d: Locator) => d.getByRole('button', { name: 'Plus de culture' }) },
] as const;

/** Opens the popin of `path`, its images decoded: the sheet's height is the one the reader sees. */
async function openPopin(page: Page, path: string) {
  await openPopinOnClock(page, path);
  await popinDialog(page).evaluate((dialog) =>
    Promise.all([...dialog.querySelectorAll('img')].map((img) => img.decode().catch(() => undefined))),
  );
}

/** WCAG's contrast ratio of two computed colours (`rgb(…)`, opaque). */
function contrast(a: string, b: string): number {
  const luminance = (color: string) => {
    const [r = 0, g = 0, bl = 0] = (color.match(/[\d.]+/g) ?? []).map(Number);
    const channel = (v: number) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(bl);
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  const wide = viewport.width >= appConfig.breakpoints.md;
  test.describe(`at ${viewport.width} px`, () => {
    // Geometry is read still: no entrance animation under way (reduced motion is tested below).
    test.use({ viewport, reducedMotion: 'reduce' });
    test.beforeEach(async ({ context }) => {
      await context.clearCookies();
      await context.addCookies([consentCookie(acceptedEverything)]);
    });

    for (const popin of DEMO_POPINS) {
      test(`${popin.type} (${popin.path}): ${wide ? 'a centred dialog' : 'a bottom sheet'}, a real primary button, axe`, async ({
        page,
      }, testInfo) => {
        test.setTimeout(60_000);
        await page.clock.install();
        await openPopin(page, popin.path);
        const dialog = popinDialog(page);
        await expect(dialog).toHaveAttribute('data-popin-type', popin.type);
        const box = await dialog.evaluate((el) => {
          const r = el.getBoundingClientRect();
          return { left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height };
        });
        // Within the viewport, whatever the layout.
        expect(box.left).toBeGreaterThanOrEqual(0);
        expect(box.top).toBeGreaterThanOrEqual(0);
        expect(box.right).toBeLessThanOrEqual(viewport.width);
        expect(box.bottom).toBeLessThanOrEqual(viewport.height + 0.5);
        if (wide) {
          // Centred both ways (the issue: pinned to the top-left corner, 640 × 876 px).
          expect(Math.abs(box.left + box.width / 2 - viewport.width / 2)).toBeLessThanOrEqual(1);
          expect(Math.abs(box.top + box.height / 2 - viewport.height / 2)).toBeLessThanOrEqual(1);
          expect(box.width).toBeLessThanOrEqual(640);
          expect(box.top).toBeGreaterThanOrEqual(16);
        } else {
          // A sheet: the screen's full width, resting on its bottom edge, leaving some page above.
          expect(box.left).toBe(0);
          expect(box.width).toBe(viewport.width);
          expect(Math.abs(box.bottom - viewport.height)).toBeLessThanOrEqual(0.5);
          expect(box.top).toBeGreaterThan(viewport.height * 0.05);
        }

        const primary = popin.primary(dialog);
        await expect(primary).toBeVisible();
        const look = await primary.evaluate((el) => {
          const s = getComputedStyle(el);
          const r = el.getBoundingClientRect();
          return {
            background: s.backgroundColor,
            color: s.color,
            paddingLeft: Number.parseFloat(s.paddingLeft),
            paddingTop: Number.parseFloat(s.paddingTop),
            height: r.height,
            border: Number.parseFloat(s.borderTopWidth),
            panel: getComputedStyle(el.closest('dialog') as Element).backgroundColor,
          };
        });
        // A button, not text: a filled background different from the panel's, padding, a 44 px target.
        expect(look.background).not.toBe('rgba(0, 0, 0, 0)');
        expect(look.background).not.toBe(look.panel);
        expect(look.paddingLeft).toBeGreaterThanOrEqual(12);
        expect(look.paddingTop).toBeGreaterThanOrEqual(8);
        expect(look.height).toBeGreaterThanOrEqual(44);
        expect(look.border).toBeGreaterThanOrEqual(1);
        expect(contrast(look.color, look.background), `${look.color} on ${look.background}`).toBeGreaterThanOrEqual(4.5);
        // Its focus ring shows, in a colour that stands out from the panel.
        // Reached from the keyboard, as a keyboard reader would (a scripted focus may not show the ring).
        for (let i = 0; i < 20 && !(await primary.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
        await expect(primary).toBeFocused();
        const ring = await primary.evaluate((el) => {
          const s = getComputedStyle(el);
          return {
            visible: el.matches(':focus-visible'),
            style: s.outlineStyle,
            width: Number.parseFloat(s.outlineWidth),
            color: s.outlineColor,
          };
        });
        const said = JSON.stringify(ring);
        expect(ring.visible, said).toBe(true);
        expect(ring.style, said).not.toBe('none');
        expect(ring.width, said).toBeGreaterThanOrEqual(2);
        expect(contrast(ring.color, look.panel), said).toBeGreaterThanOrEqual(3);

        const shot = testInfo.outputPath(`popin-${popin.type}-${viewport.width}px.png`);
        await page.screenshot({ path: shot });
        await testInfo.attach(`popin-${popin.type}-${viewport.width}px`, { path: shot, contentType: 'image/png' });
        expect(await seriousAxeViolations(page), popin.path).toEqual([]);
      });
    }
  });
}

test.describe('keyboard, motion and the consent banner', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test.describe('with everything accepted earlier', () => {
    test.beforeEach(async ({ context }) => {
      await context.clearCookies();
      await context.addCookies([consentCookie(acceptedEverything)]);
    });

    test('focus stays inside (Tab and Shift+Tab wrap); Escape closes, and so does the close button', async ({ page }) => {
      test.setTimeout(60_000);
      await page.clock.install();
      await openPopin(page, '/mode');
      const dialog = popinDialog(page);
      const inside = () => dialog.evaluate((el) => el.contains(document.activeElement) && document.activeElement !== el);
      const controls = await dialog.evaluate((el) => el.querySelectorAll('a[href], button, input').length);
      for (let i = 0; i < controls + 3; i++) {
        await page.keyboard.press('Tab');
        expect(await inside(), `Tab ${i + 1}`).toBe(true);
      }
      for (let i = 0; i < controls + 3; i++) {
        await page.keyboard.press('Shift+Tab');
        expect(await inside(), `Shift+Tab ${i + 1}`).toBe(true);
      }
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);

      await clearDismissals(page);
      await openPopin(page, '/culture');
      await popinDialog(page).getByRole('button', { name: 'Fermer la popin' }).click();
      await expect(popinDialog(page)).toHaveCount(0);
    });

    test('the entrance moves only without a reduced-motion preference', async ({ page }) => {
      test.setTimeout(60_000);
      await page.clock.install();
      await page.emulateMedia({ reducedMotion: 'no-preference' });
      await openPopin(page, '/mode');
      expect(await popinDialog(page).evaluate((el) => getComputedStyle(el).animationName)).toBe('popin-dialog-in');
      await page.setViewportSize({ width: 390, height: 844 });
      expect(await popinDialog(page).evaluate((el) => getComputedStyle(el).animationName)).toBe('popin-sheet-in');
      await page.emulateMedia({ reducedMotion: 'reduce' });
      expect(await popinDialog(page).evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
    });

    test('the cookie preferences opened while a popin waits: it waits for them to close, then its trigger starts over', async ({
      page,
    }) => {
      test.setTimeout(60_000);
      await page.clock.install();
      await page.goto('/shopping');
      await expect(popinState(page)).toHaveAttribute('data-state', '{"waiting":"afterTimeDelay"}', { timeout: 15_000 });
      await page.getByRole('contentinfo').getByRole('button', { name: 'Cookies' }).click();
      const preferences = page.getByRole('dialog', { name: 'Personnaliser mes choix' });
      await expect(preferences).toBeVisible({ timeout: 15_000 });
      await expect(popinState(page)).toHaveAttribute('data-state', '"hidden"');
      await page.clock.runFor(20_000);
      await expect(popinDialog(page)).toHaveCount(0);
      await preferences.getByRole('button', { name: 'Tout accepter' }).click();
      await expect(preferences).toBeHidden();
      await page.clock.runFor(20_000);
      await expect(popinDialog(page)).toBeVisible();
    });
  });

  test.describe('without a choice yet', () => {
    test.use({ storageState: { cookies: [], origins: [] } });

    test('the popin comes only once the banner is gone, never under or over it', async ({ page }) => {
      test.setTimeout(60_000);
      // Watched in the page: the two are never on screen together, at any moment.
      await page.addInitScript(() => {
        const w = window as unknown as { overlapSeen: boolean };
        w.overlapSeen = false;
        const check = () => {
          const popin = document.querySelector('dialog.popin-dialog[open]');
          const cc = document.querySelector('#cc-main .cm');
          const shown = cc && getComputedStyle(cc).visibility !== 'hidden' && cc.getBoundingClientRect().height > 0;
          if (popin && shown) w.overlapSeen = true;
          requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      });
      await page.goto('/mode');
      await expect(banner(page)).toBeVisible({ timeout: 15_000 });
      await expect(popinDialog(page)).toHaveCount(0);
      await banner(page).getByRole('button', { name: 'Tout accepter', exact: true }).click();
      await expect(popinDialog(page)).toBeVisible();
      await expect(banner(page)).toBeHidden();
      expect(await page.evaluate(() => (window as unknown as { overlapSeen: boolean }).overlapSeen)).toBe(false);
    });
  });
});

/** The dismissal cookie written by the previous close, removed so that the next page's popin shows. */
async function clearDismissals(page: Page) {
  const context = page.context();
  const kept = (await context.cookies()).filter((c) => !c.name.startsWith(appConfig.popin.cookiePrefix));
  await context.clearCookies();
  await context.addCookies(kept);
}
