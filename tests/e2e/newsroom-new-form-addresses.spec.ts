/**
 * No format starts with a default that does not exist (issue 39, point 5): every « nouveau » form of the
 * newsroom (read from `src/routes/admin/`, as the axe spec does) and the live desk's new-live form are
 * opened, and every address they are pre-filled with answers 200 — each image's source and each input
 * holding a /media/… or http(s) address. A new repartee generator used to start on /media/repartie/soiree.svg,
 * a 404 the server accepted.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { adminRoutes, newItem } from './support/adminRoutes.ts';
import { newsroomServer, signIn } from './support/newsroom.ts';

const server = newsroomServer([['admine@piquante.test', 'Admine Adresses', 'admin']]);

function newForms(): string[] {
  const forms = adminRoutes()
    .editors.filter((editor) => newItem[editor])
    .map((editor) => `/admin/${editor}/${newItem[editor]}`);
  // The live desk opens on its new-live form (`directs.{-$id}`: the id is optional).
  if (existsSync(resolve(import.meta.dirname, '../../src/routes/admin/directs.{-$id}.tsx'))) forms.push('/admin/directs');
  return forms;
}

/** Every address the page shows or holds in a field: images' sources, and inputs holding /media/… or http(s). */
async function prefilledAddresses(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found = new Set<string>();
    for (const img of document.querySelectorAll('main img')) {
      const src = img.getAttribute('src');
      if (src) found.add(src);
    }
    for (const input of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('main input, main textarea')) {
      if (input instanceof HTMLInputElement && ['file', 'checkbox', 'radio', 'hidden'].includes(input.type)) continue;
      const value = input.value.trim();
      if (/^\/media\//.test(value) || /^https?:\/\//.test(value)) found.add(value);
    }
    return [...found];
  });
}

test('every « nouveau » form starts with addresses that answer 200', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, server.baseUrl, 'admine@piquante.test');
  const forms = newForms();
  expect(forms.length).toBeGreaterThan(8);
  const checked: string[] = [];
  const broken: string[] = [];
  for (const form of forms) {
    await page.goto(`${server.baseUrl}${form}`);
    await expect(page.getByRole('heading', { level: 1 }).first(), form).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText(/Chargement…/)).toHaveCount(0);
    for (const address of await prefilledAddresses(page)) {
      // A field started on a bare « https:// » is a prompt to type, not an address.
      if (/^https?:\/\/$/.test(address)) continue;
      const url = URL.parse(address, server.baseUrl);
      if (!url) {
        broken.push(`${form}: ${address} (not an address)`);
        continue;
      }
      // Nothing pre-filled may point outside the site (no request to another origin, and none to check).
      if (url.origin !== new URL(server.baseUrl).origin) {
        broken.push(`${form}: ${address} (another site)`);
        continue;
      }
      const answer = await page.request.get(url.href);
      checked.push(`${form}: ${address}`);
      if (answer.status() !== 200) broken.push(`${form}: ${address} → ${answer.status()}`);
    }
  }
  expect(broken).toEqual([]);
  // The forms with an image start with one (generators, shopping, Instagram, mosaics, contests, articles…).
  expect(checked.length, checked.join('\n')).toBeGreaterThan(4);
});
