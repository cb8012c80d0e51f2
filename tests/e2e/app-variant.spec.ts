import { expect, test } from '@playwright/test';
import { appVariantPrefix } from '../../app.config.ts';
import { demo } from './support.ts';

test('the app- pages have neither header nor footer, nor consent or popins', async ({ page, request }) => {
  const d = await demo(request);
  for (const path of [`${appVariantPrefix}/mission`, `${appVariantPrefix}/shopping`, `${appVariantPrefix}${d.article.fullUrl}`]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
    await expect(page.getByRole('banner'), path).toHaveCount(0);
    await expect(page.getByRole('contentinfo'), path).toHaveCount(0);
    await expect(page.locator('.side-media-bar'), path).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Cookies' }), path).toHaveCount(0);
    await expect(page.locator('[data-consent-manager], [data-popin]'), path).toHaveCount(0);
    await expect(page.getByRole('main')).toBeVisible();
  }
});

test('related articles of an app- article stay inside the app variant', async ({ page, request }) => {
  const d = await demo(request);
  await page.goto(`${appVariantPrefix}${d.article.fullUrl}`);
  const related = page.getByRole('region', { name: 'À lire aussi' }).getByRole('link');
  await expect(related.first()).toHaveAttribute('href', new RegExp(`^${appVariantPrefix}/`));
});
