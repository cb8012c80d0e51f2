/**
 * Images only from the media library (issue 34, part 3), on PGlite and PostgreSQL (TEST_DATABASE_URL): a
 * generator accepted `/\evil.example/track.png` (another host to browsers and share previews), and the
 * other formats any path outside the library (`/api/admin/audit`, a library address with no image behind
 * it). Every format's image now goes through one rule (libraryImage.ts): an image of the library (looked
 * up), the site's own generated media, or the one the item already shows; else the same French message.
 * Articles (main and share image) and popins (their four images, which took any https:// address) too.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import * as contract from '../../api/generated/zod.ts';
import { newsroomArticles, popins } from '../../db/schema.ts';
import { generatorDraftBody } from '../../testing/generatorFixtures.ts';
import { instagramDraftBody } from '../../testing/instagramFixtures.ts';
import { contestDraftBody, mosaicDraftBody } from '../../testing/mosaicContestFixtures.ts';
import { draftBody, useNewsroomApi } from '../../testing/newsroomApi.ts';
import { popinDraftBody } from '../../testing/popinFixtures.ts';
import { uploadLibraryImage } from '../../testing/quizDraftFixture.ts';
import { shoppingDraftBody } from '../../testing/shoppingFixtures.ts';
import { testDatabaseKinds } from '../../testing/testDatabase.ts';

const mediaDir = mkdtempSync(join(tmpdir(), 'piquante-library-image-'));
afterAll(() => rmSync(mediaDir, { recursive: true, force: true }));

type Image = { url: string; alt: string; width: number; height: number };
/** Each format: its address, a body whose (first) image is `image`, and the field that image is. */
const formats: [string, string, (image: Image) => Record<string, unknown>, string][] = [
  ['generators', '/api/admin/generators', (image) => generatorDraftBody('Répliques', { image }), 'image.url'],
  ['shopping items', '/api/admin/shopping', (image) => shoppingDraftBody('Un sac', { image }), 'image.url'],
  ['Instagram posts', '/api/admin/instagram', (image) => instagramDraftBody('Un post', { image }), 'image.url'],
  ['mosaics', '/api/admin/mosaics', (image) => mosaicDraftBody('Une mosaïque', { cover: image }), 'cover.url'],
  ['contests', '/api/admin/contests', (image) => contestDraftBody('Un concours', { image }), 'image.url'],
  ['articles (main image)', '/api/admin/articles', (image) => draftBody('Un article', { mainImage: image }), 'mainImage.url'],
  ['articles (share image)', '/api/admin/articles', (image) => draftBody('Un article partagé', { ogImage: image.url }), 'ogImage'],
  [
    'popins (background)',
    '/api/admin/popins',
    (image) => popinDraftBody('Une popin', 'register_light', { parts: { title: 'Le club', submit: 'OK', background: image.url } }),
    'parts.background',
  ],
  [
    'popins (choice image)',
    '/api/admin/popins',
    (image) => {
      const body = popinDraftBody('Une popin à choix', 'register_choice');
      return { ...body, parts: { ...body.parts, choice2_image: image.url } };
    },
    'parts.choice2_image',
  ],
];

const outside = [
  '/\\evil.example/track.png',
  '/\\evil.example/x.png',
  'https://evil.example/x.png',
  '/api/admin/audit',
  '/media/library/nonexistent.webp',
  `/media/library/${'a'.repeat(64)}-800.webp`,
  '/media/svg/../../api/admin/audit',
  '/media/svg/repartee/..%2F..%2Fapi.svg',
];

describe.each(testDatabaseKinds)('images only from the media library on %s', (kind) => {
  const api = useNewsroomApi(kind, { MEDIA_DIR: mediaDir });
  const { request, signed } = api;

  it.each(formats)('%s: an image outside the library is refused with the one message', async (_format, base, bodyOf, field) => {
    for (const url of outside) {
      const response = await request('POST', base, {
        as: signed('editor'),
        body: bodyOf({ url, alt: 'Une image', width: 800, height: 600 }),
      });
      const text = await response.text();
      expect(response.status, `${url}: ${text}`).toBe(400);
      const error = contract.ErrorResponse.parse(JSON.parse(text));
      // Only a popin's images are free text in the contract; the others' addresses start with one `/` there,
      // so an https:// address is refused before any check, with the contract's French sentence on that field.
      const byContract = url.startsWith('https:') && !field.startsWith('parts.');
      expect(error.message, url).toMatch(byContract ? /n'est pas valide/ : /doit venir de la médiathèque du site/);
      expect(
        Object.keys(error.fields ?? {}).some((key) => field.startsWith(key)),
        `${url}: ${text}`,
      ).toBe(true);
    }
  });

  it.each(formats)('%s: an image of the library, or of the site’s generated media, is accepted', async (_format, base, bodyOf) => {
    const library = await uploadLibraryImage(api, signed('editor'), 90);
    for (const url of [library.url, '/media/svg/mosaic/redaction.svg']) {
      const response = await request('POST', base, { as: signed('editor'), body: bodyOf({ ...library, url, alt: 'Une image' }) });
      expect(response.status, `${url}: ${await response.clone().text()}`).toBe(201);
    }
  });

  it('an article or a popin keeps the image it already shows (older items), and takes no other one', async () => {
    const old = '/media/articles/ancienne-photo.jpg';
    const other = '/media/articles/une-autre.jpg';
    const { db } = api.database();

    const created = await request('POST', '/api/admin/articles', { as: signed('editor'), body: draftBody('Un ancien article') });
    expect(created.status).toBe(201);
    const article = (await created.json()) as { id: number; version: number };
    // An image from before the rule, written as an older import or version would have.
    await db
      .update(newsroomArticles)
      .set({ mainImage: { url: old, alt: 'Une image', width: 1200, height: 800 }, ogImage: old })
      .where(eq(newsroomArticles.id, article.id));
    const articleSave = (url: string) =>
      request('PUT', `/api/admin/articles/${article.id}`, {
        as: signed('editor'),
        body: {
          ...draftBody('Un ancien article', { mainImage: { url, alt: 'Une image', width: 1200, height: 800 }, ogImage: old }),
          version: article.version,
        },
      });
    const refusedArticle = await articleSave(other);
    expect(refusedArticle.status).toBe(400);
    expect(contract.ErrorResponse.parse(await refusedArticle.json()).message).toBe(
      "L'image principale doit venir de la médiathèque du site.",
    );
    const keptArticle = await articleSave(old);
    expect(keptArticle.status, await keptArticle.clone().text()).toBe(200);

    const body = popinDraftBody('Une ancienne popin', 'register_light');
    const posted = await request('POST', '/api/admin/popins', { as: signed('editor'), body });
    expect(posted.status).toBe(201);
    const popin = (await posted.json()) as { id: number; version: number; parts: Record<string, string | null> };
    await db
      .update(popins)
      .set({ parts: { ...(popin.parts as typeof popins.$inferSelect.parts), background: old } })
      .where(eq(popins.id, popin.id));
    const popinSave = (url: string) =>
      request('PUT', `/api/admin/popins/${popin.id}`, {
        as: signed('editor'),
        body: { ...body, parts: { ...body.parts, background: url }, version: popin.version },
      });
    const refusedPopin = await popinSave(other);
    expect(refusedPopin.status).toBe(400);
    expect(contract.ErrorResponse.parse(await refusedPopin.json()).message).toBe(
      '« Image (ordinateur) » doit venir de la médiathèque du site.',
    );
    const keptPopin = await popinSave(old);
    expect(keptPopin.status, await keptPopin.clone().text()).toBe(200);
  });
});
