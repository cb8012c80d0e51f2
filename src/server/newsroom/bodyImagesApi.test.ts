/**
 * Images in the article body through the API, on PGlite and PostgreSQL: a library image saved in a draft
 * reaches readers as a contract image block (addresses from the library, not from the document); unknown,
 * outside, data: and alt-less images are refused in French; a library image used in a body cannot be deleted.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import * as contract from '../../api/generated/zod.ts';
import { draftBody, useNewsroomApi } from '../../testing/newsroomApi.ts';
import { testDatabaseKinds } from '../../testing/testDatabase.ts';
import { articlesShowingInBody } from './bodyImages.server.ts';
import { inUseMessage } from '../../testing/mediaInUse.ts';

const dir = mkdtempSync(join(tmpdir(), 'piquante-body-images-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const paragraph = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });
const withBody = (...content: unknown[]) => ({ doc: { type: 'doc', content } });

describe.each(testDatabaseKinds)('images in the body on %s', (kind) => {
  const api = useNewsroomApi(kind, { MEDIA_DIR: dir });

  async function upload(red: number, alt: string) {
    const png = await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: red, g: 60, b: 30 } } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(png)]), 'photo.png');
    form.set('alt', alt);
    const encoded = new Response(form);
    const session = api.signed('contributor');
    const response = await api.request('POST', '/api/admin/media', {
      body: new Uint8Array(await encoded.arrayBuffer()),
      headers: { 'content-type': encoded.headers.get('content-type') ?? '', cookie: session.cookie, 'x-csrf-token': session.csrf },
    });
    // 201, or 200 for the same pixels again (the library keeps one entry per image).
    expect([200, 201]).toContain(response.status);
    return contract.MediaItem.parse(await response.json());
  }

  async function errorOf(response: Response, code: number) {
    expect(response.status).toBe(code);
    const body = contract.ErrorResponse.parse(await response.json());
    return body.message;
  }

  it('saves a draft with a library image, then readers get it as an image block with its variants', async () => {
    const item = await upload(180, 'Un piment dans la médiathèque');
    const body = draftBody(
      'Un article illustré dans le texte',
      withBody(
        paragraph('Avant l’image.'),
        {
          type: 'image',
          attrs: { mediaId: item.id, src: item.url, alt: 'Un piment sur une table', caption: 'Photo : la rédaction', title: 'x' },
        },
        paragraph('Après l’image.'),
      ),
    );
    const created = await api.request('POST', '/api/admin/articles', { as: api.signed('author'), body });
    expect(created.status, await created.clone().text()).toBe(201);
    const draft = contract.AdminArticle.parse(await created.json());
    expect(draft.doc.content?.[1]).toEqual({
      type: 'image',
      attrs: { mediaId: item.id, src: item.url, alt: 'Un piment sur une table', caption: 'Photo : la rédaction' },
    });

    // The preview (a draft) and the published page answer the same block, valid against the contract.
    const link = contract.CreatePreviewLinkResponse.parse(
      await (await api.request('POST', `/api/admin/articles/${draft.id}/preview-link`, { as: api.signed('author') })).json(),
    );
    const preview = contract.GetArticlePreviewResponse.parse(
      await (await api.request('GET', `/api/preview/${link.url.split('/').pop()}`)).json(),
    );
    const published = await api.request('POST', `/api/admin/articles/${draft.id}/status`, {
      as: api.signed('author'),
      body: { action: 'publish', version: draft.version },
    });
    expect(published.status).toBe(200);
    const page = contract.GetArticleResponse.parse(await (await api.request('GET', `/api/article/${draft.slug}`)).json());
    for (const body of [preview.result.body, page.result.body]) {
      expect(body.map((b) => b.type)).toEqual(['paragraph', 'image', 'paragraph']);
      expect(body[1]).toEqual({
        type: 'image',
        text: 'Photo : la rédaction',
        mediaId: item.id,
        url: item.url,
        alt: 'Un piment sur une table',
        caption: 'Photo : la rédaction',
        width: item.width,
        height: item.height,
        variants: item.variants,
      });
    }
  });

  it.each([
    ['an unknown library id', { mediaId: 2_000_000_000, alt: 'x' }, /n’existe pas dans la médiathèque/],
    ['an outside address', { src: 'https://evil.example/pixel.png', alt: 'x' }, /seules les images de la médiathèque/],
    ['a data: address', { src: 'data:image/png;base64,iVBORw0KGgo=', alt: 'x' }, /seules les images de la médiathèque/],
    ['a javascript: address beside a real id', 'javascript:alert(1)', /ne correspond pas à la médiathèque/],
    ['a missing alt text', { alt: '   ' }, /texte alternatif .* obligatoire/],
    ['an id as text', { mediaId: '1 OR 1=1', alt: 'x' }, /identifiant de médiathèque invalide/],
  ])('refuses a draft with %s (400, in French), and saves nothing', async (_what, attrs, message) => {
    const item = await upload(90, 'Une image réelle');
    const image =
      typeof attrs === 'string'
        ? { mediaId: item.id, src: attrs, alt: 'x' }
        : { ...('mediaId' in attrs || 'src' in attrs ? {} : { mediaId: item.id }), ...attrs };
    const before = contract.ListAdminArticlesResponse.parse(
      await (await api.request('GET', '/api/admin/articles?limit=100', { as: api.signed('editor') })).json(),
    );
    const response = await api.request('POST', '/api/admin/articles', {
      as: api.signed('author'),
      body: draftBody('Refusé', withBody({ type: 'image', attrs: image })),
    });
    expect(await errorOf(response, 400)).toMatch(message);
    const after = contract.ListAdminArticlesResponse.parse(
      await (await api.request('GET', '/api/admin/articles?limit=100', { as: api.signed('editor') })).json(),
    );
    expect(after.total).toBe(before.total);
  });

  it('refuses an outside image put into an existing draft by a save', async () => {
    const draft = contract.AdminArticle.parse(
      await (await api.request('POST', '/api/admin/articles', { as: api.signed('author'), body: draftBody('Un brouillon sage') })).json(),
    );
    const response = await api.request('PUT', `/api/admin/articles/${draft.id}`, {
      as: api.signed('author'),
      body: {
        ...draftBody('Un brouillon sage', withBody({ type: 'image', attrs: { src: '//evil.example/x.webp', alt: 'x' } })),
        version: draft.version,
      },
    });
    expect(await errorOf(response, 400)).toMatch(/médiathèque/);
  });

  it('refuses to delete a library image used in a body (draft or published), and deletes it once it is gone', async () => {
    const item = await upload(45, 'Une image du texte');
    const editor = api.signed('editor');
    const inQuote = withBody({
      type: 'blockquote',
      content: [paragraph('Cité.'), { type: 'image', attrs: { mediaId: item.id, alt: 'Dans une citation' } }],
    });
    const draft = contract.AdminArticle.parse(
      await (await api.request('POST', '/api/admin/articles', { as: editor, body: draftBody('Une citation illustrée', inQuote) })).json(),
    );
    const refused = await inUseMessage(await api.request('DELETE', `/api/admin/media/${item.id}`, { as: editor }));
    expect(refused).toBe(
      'Cette image est utilisée par l’article « Une citation illustrée ». Choisissez-leur une autre image avant de la supprimer.',
    );

    const published = await api.request('POST', `/api/admin/articles/${draft.id}/status`, {
      as: editor,
      body: { action: 'publish', version: draft.version },
    });
    const live = contract.AdminArticle.parse(await published.json());
    expect(await inUseMessage(await api.request('DELETE', `/api/admin/media/${item.id}`, { as: editor }))).toMatch(
      /« Une citation illustrée »/,
    );
    // Both the editorial document (the image inside a quote) and the published body are found.
    const users = await articlesShowingInBody(api.database().db, item.id);
    expect(users).toEqual([
      { id: draft.id, title: 'Une citation illustrée' },
      { id: draft.id, title: 'Une citation illustrée' },
    ]);
    expect(await articlesShowingInBody(api.database().db, item.id + 1000)).toEqual([]);

    // Saved without the image (the published copy follows): nothing shows it any more.
    const saved = await api.request('PUT', `/api/admin/articles/${draft.id}`, {
      as: editor,
      body: { ...draftBody('Une citation illustrée'), version: live.version },
    });
    expect(saved.status).toBe(200);
    expect((await api.request('DELETE', `/api/admin/media/${item.id}`, { as: editor })).status).toBe(204);
  });
});
