/**
 * Publish warnings in the article editor (issue 36), on a server of its own: an article whose main image is
 * narrower than 1 200 px shows « Avant de publier » with the French sentence, the « Publier » button is
 * described by it, publishing still works (warnings, not a barrier), and the notice passes axe.
 */
import { expect, test } from '@playwright/test';
import { seedLibraryImages } from './support/mediaLibrary.ts';
import { expectAxeClean, newsroomServer, signedApi, signIn } from './support/newsroom.ts';

test.describe.configure({ mode: 'serial' });

const server = newsroomServer([['eve@piquante.test', 'Ève Éditrice', 'editor']]);

test('a narrow main image is said before publishing, and publishing still works', async ({ page }) => {
  const urls = await seedLibraryImages(server.baseUrl, 'eve@piquante.test', [{ name: 'etroite.png', alt: 'Une image étroite' }]);
  const { api, csrf } = await signedApi(server.baseUrl, 'eve@piquante.test');
  const created = await api.post('/api/admin/articles', {
    headers: { 'x-csrf-token': csrf, origin: server.baseUrl },
    data: {
      title: 'Une image trop étroite pour Discover',
      subtitle: 'Un chapô',
      categorySlug: 'mode',
      stamp: null,
      mainImage: { url: urls.get('Une image étroite'), alt: 'Une image étroite', width: 60, height: 40 },
      doc: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Un texte.' }] }] },
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  await api.dispose();

  await signIn(page, server.baseUrl, 'eve@piquante.test');
  await page.goto(`${server.baseUrl}/admin/articles/${id}`);
  const notice = page.getByRole('region', { name: 'Avant de publier' });
  await expect(notice).toBeVisible();
  await expect(notice.getByRole('listitem')).toHaveText([
    /^L’image principale fait 60 px de large : Google Discover demande au moins 1.200 px\.$/,
  ]);
  const publish = page.getByRole('button', { name: 'Publier maintenant' });
  await expect(publish).toHaveAccessibleDescription(/Google Discover demande au moins/);
  await expectAxeClean(page, 'article editor with publish warnings');
  await publish.click();
  await expect(page.getByRole('button', { name: 'Dépublier' })).toBeVisible();
  await expect(notice).toHaveCount(0);
});
