/**
 * Nothing published loses its image (issue 39): one library image used by one item of every format, some
 * published, some drafts; deleting it is refused with the list of every one of them (and their editors),
 * the same list the library asks for before offering to delete. Once nothing uses an item, it goes.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import * as contract from '../../api/generated/zod.ts';
import type { MediaUsage } from '../../api/types.ts';
import { newsletterIssues } from '../../db/schema.ts';
import { generatorDraftBody } from '../../testing/generatorFixtures.ts';
import { instagramDraftBody } from '../../testing/instagramFixtures.ts';
import { entryBody, liveBlogBody } from '../../testing/liveBlogFixtures.ts';
import { contestDraftBody, mosaicDraftBody } from '../../testing/mosaicContestFixtures.ts';
import { draftBody, type Signed, useNewsroomApi } from '../../testing/newsroomApi.ts';
import { popinDraftBody } from '../../testing/popinFixtures.ts';
import { quizDraftBody } from '../../testing/quizDraftFixture.ts';
import { shoppingDraftBody } from '../../testing/shoppingFixtures.ts';
import { testDatabaseKinds } from '../../testing/testDatabase.ts';
import { inUseMessage } from '../../lib/mediaInUseMessage.ts';
import { editorPaths, usageSources } from './mediaUsage.ts';

const dir = mkdtempSync(join(tmpdir(), 'piquante-media-usage-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the in-use message', () => {
  const use = (format: MediaUsage['format'], title: string, id = 1): MediaUsage => ({
    format,
    id,
    title,
    editorPath: `${editorPaths[format]}/${id}`,
  });
  it('names one user by its kind, several of one kind by their count, mixed users as contents', () => {
    expect(inUseMessage('image', [use('mosaic', 'Lin')])).toBe(
      'Cette image est utilisée par la mosaïque « Lin ». Choisissez-lui une autre image avant de la supprimer.',
    );
    expect(inUseMessage('image', [use('article', 'A'), use('article', 'B', 2)])).toBe(
      'Cette image est utilisée par 2 articles : « A », « B ». Choisissez-leur une autre image avant de la supprimer.',
    );
    const mixed = inUseMessage('image', [
      use('article', 'A'),
      use('quiz', 'B'),
      use('mosaic', 'C'),
      use('contest', 'D'),
      use('shopping', 'E'),
      use('instagram', 'F'),
      use('popin', 'G'),
    ]);
    expect(mixed).toBe(
      'Cette image est utilisée par 7 contenus : l’article « A », le quiz « B », la mosaïque « C », le concours « D », le produit « E » et 2 autres. Choisissez-leur une autre image avant de la supprimer.',
    );
    expect(inUseMessage('audio', [use('quiz', 'Sons')])).toMatch(/^Ce son est utilisé par le quiz « Sons »\. Choisissez-lui un autre son/);
  });

  it('every format has a source and an editor', () => {
    expect(new Set(usageSources.map((s) => s.format))).toEqual(new Set(Object.keys(editorPaths)));
  });
});

describe.each(testDatabaseKinds)('media usages on %s', (kind) => {
  const api = useNewsroomApi(kind, { MEDIA_DIR: dir, NEWSROOM_TEST_CLOCK: '1', NODE_ENV: 'test' });
  const { request, signed } = api;

  async function upload(red: number, alt: string) {
    const bytes = await sharp({ create: { width: 600, height: 400, channels: 3, background: { r: red, g: 90, b: 30 } } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(bytes)]), 'partout.png');
    form.set('alt', alt);
    const encoded = new Response(form);
    const response = await request('POST', '/api/admin/media', {
      as: signed('editor'),
      body: new Uint8Array(await encoded.arrayBuffer()),
      headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
    });
    expect(response.status, await response.clone().text()).toBe(201);
    return contract.MediaItem.parse(await response.json());
  }

  async function create(path: string, body: unknown, as: Signed = signed('editor')) {
    const response = await request('POST', path, { as, body });
    expect(response.status, `${path}: ${await response.clone().text()}`).toBe(201);
    return (await response.json()) as { id: number; version: number };
  }

  async function publish(path: string, item: { id: number; version: number }) {
    const response = await request('POST', `${path}/${item.id}/status`, {
      as: signed('editor'),
      body: { action: 'publish', version: item.version },
    });
    expect(response.status, `${path}: ${await response.clone().text()}`).toBe(200);
  }

  const usagesOf = async (id: number) => {
    const response = await request('GET', `/api/admin/media/${id}/usages`, { as: signed('contributor') });
    expect(response.status, await response.clone().text()).toBe(200);
    return contract.MediaUsages.parse(await response.json()).usages;
  };

  it('one image in every format: deleting it is refused, naming every one with its editor', async () => {
    const item = await upload(17, 'Une image partout');
    const image = { url: item.url, alt: item.alt, width: item.width, height: item.height };
    // Another variant of the same item counts as the item.
    const small = item.variants.find((v) => v.format === 'avif' && v.width === 480)?.url ?? '';
    expect(await usagesOf(item.id)).toEqual([]);

    const article = await create('/api/admin/articles', draftBody('Un article illustré', { mainImage: image }));
    await publish('/api/admin/articles', article);
    const sharedOnly = await create('/api/admin/articles', draftBody('Partagé seulement', { ogImage: small }));
    const quiz = await create('/api/admin/quizzes', quizDraftBody('Un quiz en images', image));
    const generator = await create('/api/admin/generators', generatorDraftBody('Un générateur illustré', { image }));
    const mosaic = await create(
      '/api/admin/mosaics',
      mosaicDraftBody('Une mosaïque publiée', {
        images: [
          { image, caption: 'La même image.', credit: '' },
          { image, caption: '', credit: '' },
        ],
      }),
    );
    await publish('/api/admin/mosaics', mosaic);
    const contest = await create('/api/admin/contests', contestDraftBody('Un concours illustré', { image }, { now: api.clock.now() }));
    const shopping = await create('/api/admin/shopping', shoppingDraftBody('Un produit illustré', { image }));
    const instagram = await create('/api/admin/instagram', instagramDraftBody('Une publication Instagram', { image }));
    await publish('/api/admin/instagram', instagram);
    const popin = await create(
      '/api/admin/popins',
      popinDraftBody('Une popin illustrée', 'register_choice', {
        parts: { ...popinDraftBody('x', 'register_choice').parts, choice1_image: item.url },
      }),
    );
    const blog = await create('/api/admin/live-blogs', liveBlogBody('Un direct illustré', { mainImage: image }));
    const entryBlog = await create('/api/admin/live-blogs', liveBlogBody('Un direct aux entrées illustrées'));
    const entry = await request('POST', `/api/admin/live-blogs/${entryBlog.id}/entries`, {
      as: signed('editor'),
      body: entryBody('Le tapis rouge.', { image }),
    });
    expect(entry.status, await entry.clone().text()).toBe(201);
    // A sent letter keeps its rendered mail (its web version reads it): the address is in its HTML.
    const [letter] = await api
      .database()
      .db.insert(newsletterIssues)
      .values({
        subject: 'La lettre du dimanche',
        articleIds: [article.id],
        status: 'sent',
        html: `<img src="https://magazine.test${small}" alt="">`,
      })
      .returning();
    if (!letter) throw new Error('no letter');

    const expected: [MediaUsage['format'], number, string][] = [
      ['article', article.id, 'Un article illustré'],
      ['article', sharedOnly.id, 'Partagé seulement'],
      ['quiz', quiz.id, 'Un quiz en images'],
      ['generator', generator.id, 'Un générateur illustré'],
      ['mosaic', mosaic.id, 'Une mosaïque publiée'],
      ['contest', contest.id, 'Un concours illustré'],
      ['shopping', shopping.id, 'Un produit illustré'],
      ['instagram', instagram.id, 'Une publication Instagram'],
      ['popin', popin.id, 'Une popin illustrée'],
      ['newsletter', letter.id, 'La lettre du dimanche'],
      ['liveBlog', blog.id, 'Un direct illustré'],
      ['liveBlog', entryBlog.id, 'Un direct aux entrées illustrées'],
    ];
    const listed = (usages: MediaUsage[]) => usages.map((u) => [u.format, u.id, u.title, u.editorPath]).sort();
    const wanted = expected.map(([format, id, title]) => [format, id, title, `${editorPaths[format]}/${id}`]).sort();
    expect(listed(await usagesOf(item.id))).toEqual(wanted);

    const refused = await request('DELETE', `/api/admin/media/${item.id}`, { as: signed('admin') });
    expect(refused.status).toBe(409);
    expect(refused.headers.get('cache-control')).toMatch(/no-store/);
    const body = contract.MediaInUse.parse(await refused.json());
    expect(listed(body.usages)).toEqual(wanted);
    expect(body.message).toMatch(
      /^Cette image est utilisée par 12 contenus : l’article « Partagé seulement », l’article « Un article illustré », le quiz « Un quiz en images »/,
    );
    expect(body.message).toMatch(/et 7 autres\. Choisissez-leur une autre image avant de la supprimer\.$/);
    for (const v of item.variants) expect(existsSync(join(dir, v.url.split('/').pop() ?? ''))).toBe(true);

    // The letter gone, the popin pointed elsewhere: they leave the list, the others stay.
    await api.database().db.delete(newsletterIssues).where(eq(newsletterIssues.id, letter.id));
    const other = await upload(80, 'Une autre image');
    const popinNow = contract.AdminPopin.parse(
      await (await request('GET', `/api/admin/popins/${popin.id}`, { as: signed('editor') })).json(),
    );
    const moved = await request('PUT', `/api/admin/popins/${popin.id}`, {
      as: signed('editor'),
      body: {
        ...popinDraftBody('Une popin illustrée', 'register_choice', {
          parts: { ...popinDraftBody('x', 'register_choice').parts, choice1_image: other.url },
        }),
        version: popinNow.version,
      },
    });
    expect(moved.status, await moved.clone().text()).toBe(200);
    const after = (await usagesOf(item.id)).map((u) => `${u.format}:${u.id}`);
    expect(after).not.toContain(`popin:${popin.id}`);
    expect(after).not.toContain(`newsletter:${letter.id}`);
    expect(after).toHaveLength(10);
  });

  it('an unused item goes; hostile ids and unknown items answer in French', async () => {
    const item = await upload(140, 'Une image seule');
    expect(await usagesOf(item.id)).toEqual([]);
    expect((await request('DELETE', `/api/admin/media/${item.id}`, { as: signed('editor') })).status).toBe(204);
    const gone = await request('GET', `/api/admin/media/${item.id}/usages`, { as: signed('editor') });
    expect(gone.status).toBe(404);
    expect(contract.ErrorResponse.parse(await gone.json()).message).toMatch(/introuvable/);
    for (const id of ['0', '-1', 'abc', '1.5', '99999999999', '%3Cscript%3E', '1%20OR%201%3D1']) {
      const bad = await request('GET', `/api/admin/media/${id}/usages`, { as: signed('editor') });
      expect(bad.status, id).toBe(400);
      expect(contract.ErrorResponse.parse(await bad.json()).message.length).toBeGreaterThan(10);
    }
    expect((await request('GET', '/api/admin/media/1/usages')).status).toBe(401);
  });
});
