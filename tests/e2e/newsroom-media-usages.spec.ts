/**
 * Nothing published loses its image (issue 39), in /admin/medias on a server of its own: an image used by a
 * published mosaic, a published Instagram post and a contest draft is not offered for deletion — the page
 * names them all, each a link to its editor — and an unused image is deleted only once the confirmation
 * dialog says yes (Escape and « Annuler » keep it). axe with the list and with the dialog open.
 */
import sharp from 'sharp';
import { expect, test } from '@playwright/test';
import { instagramDraftBody } from '../../src/testing/instagramFixtures.ts';
import { contestDraftBody, mosaicDraftBody } from '../../src/testing/mosaicContestFixtures.ts';
import { expectAxeClean, newsroomServer, signedApi, signIn } from './support/newsroom.ts';

test.describe.configure({ mode: 'serial' });

const server = newsroomServer([['eric@piquante.test', 'Éric Éditeur', 'editor']], { ADMIN_LOGIN_RATE_LIMIT: '100' });

test('an image in use lists every content using it; an unused one goes after a confirmation', async ({ page }) => {
  test.setTimeout(120_000);
  const eric = await signedApi(server.baseUrl, 'eric@piquante.test');
  const headers = { 'x-csrf-token': eric.csrf };
  const upload = async (green: number, alt: string) => {
    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 30, g: green, b: 90 } } })
      .png()
      .toBuffer();
    const answer = await eric.api.post('/api/admin/media', {
      multipart: { file: { name: 'x.png', mimeType: 'image/png', buffer: png }, alt },
      headers,
    });
    expect(answer.status()).toBe(201);
    return (await answer.json()) as { id: number; url: string; alt: string; width: number; height: number };
  };
  const create = async (path: string, data: unknown, publish: boolean) => {
    const answer = await eric.api.post(path, { data, headers });
    expect(answer.status(), await answer.text()).toBe(201);
    const item = (await answer.json()) as { id: number; version: number };
    if (publish) {
      const published = await eric.api.post(`${path}/${item.id}/status`, { data: { action: 'publish', version: item.version }, headers });
      expect(published.status(), await published.text()).toBe(200);
    }
    return item.id;
  };

  const used = await upload(140, 'Une image partout');
  const image = { url: used.url, alt: used.alt, width: used.width, height: used.height };
  const mosaic = await create(
    '/api/admin/mosaics',
    mosaicDraftBody('La mosaïque du lin', { images: [{ image, caption: 'Du lin.', credit: '' }] }),
    true,
  );
  const instagram = await create('/api/admin/instagram', instagramDraftBody('Le lin au soleil', { image }), true);
  const contest = await create('/api/admin/contests', contestDraftBody('Le concours du lin', { image }), false);

  await signIn(page, server.baseUrl, 'eric@piquante.test');
  await page.getByRole('link', { name: 'Médiathèque' }).click();
  await expect(page.getByRole('heading', { name: 'Médiathèque' })).toBeVisible();

  // In use: no question asked, the page says who uses it.
  await page.getByRole('button', { name: 'Supprimer l’image « Une image partout »' }).click();
  await expect(
    page.getByText(
      'Cette image est utilisée par 3 contenus : la mosaïque « La mosaïque du lin », le concours « Le concours du lin », la publication Instagram « Le lin au soleil ». Choisissez-leur une autre image avant de la supprimer.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  const users = page.getByRole('list', { name: 'Contenus qui utilisent « Une image partout »' });
  await expect(users.getByRole('link', { name: 'La mosaïque du lin' })).toHaveAttribute('href', `/admin/mosaiques/${mosaic}`);
  await expect(users.getByRole('link', { name: 'Le concours du lin' })).toHaveAttribute('href', `/admin/concours/${contest}`);
  await expect(users.getByRole('link', { name: 'Le lin au soleil' })).toHaveAttribute('href', `/admin/instagram/${instagram}`);
  await expectAxeClean(page, 'media library, an image in use');
  expect((await eric.api.get(used.url)).status()).toBe(200);

  // Unused: asked first; Escape and « Annuler » keep it.
  const lone = await upload(200, 'Une image seule');
  await page.reload();
  const remove = page.getByRole('button', { name: 'Supprimer l’image « Une image seule »' });
  const asked = page.getByRole('alertdialog', { name: 'Supprimer l’image « Une image seule » ?' });
  await remove.click();
  await expect(asked).toBeVisible();
  await expect(asked).toContainText('Aucun contenu ne l’utilise.');
  await expect(asked).toContainText('on ne pourra pas la retrouver');
  await expect(asked.getByRole('button', { name: 'Annuler' })).toBeFocused();
  await expectAxeClean(page, 'media library, deletion asked');
  await page.keyboard.press('Escape');
  await expect(asked).toHaveCount(0);
  await remove.click();
  await asked.getByRole('button', { name: 'Annuler' }).click();
  await expect(asked).toHaveCount(0);
  await expect(page.getByRole('img', { name: 'Une image seule' })).toBeVisible();
  expect((await eric.api.get(lone.url)).status()).toBe(200);

  await remove.click();
  await asked.getByRole('button', { name: 'Supprimer l’image' }).click();
  await expect(page.getByText('Image « Une image seule » supprimée.')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Une image seule' })).toHaveCount(0);
  expect((await eric.api.get(lone.url)).status()).toBe(404);

  // A link leads to the editor.
  await page.getByRole('button', { name: 'Supprimer l’image « Une image partout »' }).click();
  await users.getByRole('link', { name: 'La mosaïque du lin' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/mosaiques/${mosaic}$`));
  await eric.api.dispose();
});
