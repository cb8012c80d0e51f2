/**
 * The media library's upload: type sniffed from the bytes, size and pixel bounds, AVIF/WebP variants at a
 * few widths written under MEDIA_DIR and served immutable; hostile files refused in French.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { crc32, deflateSync } from 'node:zlib';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import * as contract from '../../api/generated/zod.ts';
import { draftBody, useNewsroomApi } from '../../testing/newsroomApi.ts';
import { testDatabaseKinds } from '../../testing/testDatabase.ts';
import { mediaFileResponse } from '../media/mediaFiles.ts';
import { sniffImage } from './media/imageFiles.ts';
import { directoryStorage } from './mediaStorage.ts';
import { inUseMessage } from '../../testing/mediaInUse.ts';

const dir = mkdtempSync(join(tmpdir(), 'piquante-media-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const image = (format: 'png' | 'jpeg' | 'webp' | 'avif', width = 2000, height = 1000) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 16, b: 46 } } })
    [format]()
    .toBuffer();

function form(file: Uint8Array | string | null, fields: Record<string, string> = { alt: 'Un piment rouge' }, name = 'x.png') {
  const data = new FormData();
  if (file !== null) data.set('file', new Blob([typeof file === 'string' ? file : new Uint8Array(file)]), name);
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
}

describe('sniffing', () => {
  it('knows JPEG, PNG, WebP and AVIF by their bytes, and nothing else', async () => {
    for (const format of ['png', 'jpeg', 'webp', 'avif'] as const) expect(sniffImage(await image(format, 20, 20))).toBe(format);
    expect(sniffImage(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).toBeNull();
    expect(sniffImage(new TextEncoder().encode('GIF89a\x01\x00\x01\x00\x00\x00\x00;'))).toBeNull();
    expect(sniffImage(new TextEncoder().encode('<html><body onload=alert(1)>png</body></html>'))).toBeNull();
    expect(sniffImage(new Uint8Array(4))).toBeNull();
  });
});

describe.each(testDatabaseKinds)('media upload on %s', (kind) => {
  const api = useNewsroomApi(kind, { MEDIA_DIR: dir, MEDIA_MAX_BYTES: String(400 * 1024) });

  it('makes AVIF and WebP variants at 480, 960 and 1600 px, served immutable; the same image twice is one entry', async () => {
    const png = await image('png');
    const json = await api.request('POST', '/api/admin/media', { as: api.signed('contributor'), body: { file: 'x' } });
    expect(json.status).toBe(415);
    const created = await rawUpload(api, form(png, { alt: 'Un piment rouge', focalX: '0.3', focalY: '0.6' }));
    expect(created.status).toBe(201);
    const item = contract.MediaItem.parse(await created.json());
    expect(item).toMatchObject({ alt: 'Un piment rouge', width: 1600, height: 800, focalX: 0.3, focalY: 0.6 });
    expect(item.variants.map((v) => `${v.format}:${v.width}x${v.height}`).sort()).toEqual(
      ['avif:1600x800', 'avif:480x240', 'avif:960x480', 'webp:1600x800', 'webp:480x240', 'webp:960x480'].sort(),
    );
    expect(item.url).toMatch(/^\/media\/library\/[0-9a-f]{64}-1600\.webp$/);
    for (const v of item.variants) expect(existsSync(join(dir, v.url.split('/').pop() ?? ''))).toBe(true);
    const served = await mediaFileResponse(item.url, directoryStorage(dir));
    expect(served?.headers.get('content-type')).toBe('image/webp');
    expect(served?.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(new Uint8Array(await (served as Response).arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['webp', 1600, 800, undefined]);
    expect(await mediaFileResponse('/media/library/../../etc/passwd', directoryStorage(dir))).toBeNull();
    expect((await mediaFileResponse(`/media/library/${'0'.repeat(64)}-1.webp`, directoryStorage(dir)))?.status).toBe(404);
    // Newsletters' JPEG renditions (Gmail and Outlook show no AVIF, Outlook no WebP): 600 and 1 200 px, not variants.
    for (const [width, height] of [
      [600, 300],
      [1200, 600],
    ]) {
      const mail = await mediaFileResponse(item.url.replace(/-1600\.webp$/, `-mail-${width}.jpg`), directoryStorage(dir));
      expect(mail?.headers.get('content-type')).toBe('image/jpeg');
      const jpeg = await sharp(new Uint8Array(await (mail as Response).arrayBuffer())).metadata();
      expect([jpeg.format, jpeg.width, jpeg.height, jpeg.exif]).toEqual(['jpeg', width, height, undefined]);
    }
    expect(await mediaFileResponse(item.url.replace(/-1600\.webp$/, '-mail-800.jpg'), directoryStorage(dir))).toBeNull();

    const again = await rawUpload(api, form(png, { alt: 'Autre texte' }));
    expect(again.status).toBe(200);
    expect(contract.MediaItem.parse(await again.json()).id).toBe(item.id);
    const list = contract.ListMediaResponse.parse(
      await (await api.request('GET', '/api/admin/media', { as: api.signed('author') })).json(),
    );
    expect(list.results.map((m) => m.id)).toContain(item.id);
  });

  it('keeps a small image at its own width (never enlarged)', async () => {
    const item = contract.MediaItem.parse(await (await rawUpload(api, form(await image('jpeg', 300, 200)))).json());
    expect(item.variants.map((v) => v.width)).toEqual([300, 300]);
    const mail = await mediaFileResponse(item.url.replace(/-300\.webp$/, '-mail-1200.jpg'), directoryStorage(dir));
    expect((await sharp(new Uint8Array(await (mail as Response).arrayBuffer())).metadata()).width).toBe(300);
  });

  it.each([
    ['an SVG with a script', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 415],
    ['HTML named .png', '<html><body onload=alert(1)></body></html>', 415],
    ['a GIF', 'GIF89a\u0001\u0000\u0001\u0000\u0000\u0000\u0000;xxxxxxxxxxxx', 415],
  ])('refuses %s', async (_what, content, status) => {
    const response = await rawUpload(api, form(content));
    expect(response.status).toBe(status);
    expect(((await response.json()) as { message: string }).message).toMatch(/JPEG, PNG, WebP et AVIF/);
  });

  it('refuses a truncated JPEG, a missing alt, a missing file, a bad focal point, a big file', async () => {
    const jpeg = await image('jpeg');
    const cut = await rawUpload(api, form(jpeg.subarray(0, 200)));
    expect(cut.status).toBe(400);
    expect((await rawUpload(api, form(jpeg, {}))).status).toBe(400);
    expect((await rawUpload(api, form(jpeg, { alt: '   ' }))).status).toBe(400);
    expect((await rawUpload(api, form(null))).status).toBe(400);
    expect((await rawUpload(api, form(jpeg, { alt: 'a', focalX: '2' }))).status).toBe(400);
    expect((await rawUpload(api, form(jpeg, { alt: 'a', focalX: '0.5' }))).status).toBe(400);
    expect((await rawUpload(api, form(jpeg, { alt: 'a', focalX: '0.5', focalY: 'haut' }))).status).toBe(400);
    // Random pixels do not compress: a PNG well over the limit.
    const noisy = await sharp(randomBytes(700 * 700 * 3), { raw: { width: 700, height: 700, channels: 3 } })
      .png()
      .toBuffer();
    expect(noisy.byteLength).toBeGreaterThan(400 * 1024);
    const big = await rawUpload(api, form(noisy));
    expect(big.status).toBe(413);
    expect(((await big.json()) as { message: string }).message).toMatch(/trop lourde/);
  });

  it('refuses a decompression bomb, an SVG or HTML named .jpg and a polyglot, in French, with memory bounded', async () => {
    // A PNG that says 20 000 × 20 000 (400 million pixels) in a few dozen bytes: refused from its header.
    const chunk = (type: string, data: Buffer) => {
      const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
      const length = Buffer.alloc(4);
      length.writeUInt32BE(data.length);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(crc32(body));
      return Buffer.concat([length, body, crc]);
    };
    const header = Buffer.alloc(13);
    header.writeUInt32BE(20_000, 0);
    header.writeUInt32BE(20_000, 4);
    header.set([8, 2, 0, 0, 0], 8);
    const bomb = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(Buffer.alloc(20_001 * 3 * 4))),
      chunk('IEND', Buffer.alloc(0)),
    ]);
    expect(bomb.byteLength).toBeLessThan(10_000);
    const rssBefore = process.memoryUsage().rss;
    const refused = await rawUpload(api, form(bomb, { alt: 'Une bombe' }, 'bombe.png'));
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toMatch(/illisible ou trop grande/);
    // Refused from the header: no 1.2 GB of pixels was ever decoded.
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(200 * 1024 * 1024);
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    const html = '<!doctype html><html><body><script>alert(1)</script></body></html>';
    // A JPEG's first bytes, then a page: sniffed as JPEG, then refused because it is not one.
    const polyglot = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(html)]);
    for (const [file, expected] of [
      [svg, 415],
      [html, 415],
      [polyglot, 400],
    ] as const) {
      const answer = await rawUpload(api, form(typeof file === 'string' ? file : new Uint8Array(file), { alt: 'Piège' }, 'photo.jpg'));
      expect(answer.status).toBe(expected);
      expect(((await answer.json()) as { message: string }).message).toMatch(/image|JPEG/);
    }
  });

  it('needs a session and the CSRF token', async () => {
    const jpeg = await image('jpeg', 50, 50);
    expect((await rawUpload(api, form(jpeg), null)).status).toBe(401);
    expect((await rawUpload(api, form(jpeg), 'no-csrf')).status).toBe(403);
  });

  describe('deleting', () => {
    const upload = async (color: number, alt: string) => {
      const png = await sharp({ create: { width: 1000, height: 600, channels: 3, background: { r: color, g: 40, b: 90 } } })
        .png()
        .toBuffer();
      const response = await rawUpload(api, form(png, { alt }));
      expect(response.status).toBe(201);
      return contract.MediaItem.parse(await response.json());
    };
    const files = (item: { variants: { url: string }[]; url: string }) => [
      ...item.variants.map((v) => join(dir, v.url.split('/').pop() ?? '')),
      ...[600, 1200].map((w) => join(dir, (item.url.split('/').pop() ?? '').replace(/-\d+\.webp$/, `-mail-${w}.jpg`))),
    ];
    const errorOf = async (response: Response, code: number) => {
      expect(response.status).toBe(code);
      return contract.ErrorResponse.parse(await response.json()).message;
    };

    it('deletes an unused image and its variants’ files; the audit log says so', async () => {
      const item = await upload(11, 'Une image inutile');
      expect(files(item).every((f) => existsSync(f))).toBe(true);
      const deleted = await api.request('DELETE', `/api/admin/media/${item.id}`, { as: api.signed('editor') });
      expect(deleted.status).toBe(204);
      expect(files(item).some((f) => existsSync(f))).toBe(false);
      expect((await mediaFileResponse(item.url, directoryStorage(dir)))?.status).toBe(404);
      const list = contract.ListMediaResponse.parse(
        await (await api.request('GET', '/api/admin/media?limit=100', { as: api.signed('editor') })).json(),
      );
      expect(list.results.map((m) => m.id)).not.toContain(item.id);
      const log = contract.ListAuditLogResponse.parse(
        await (await api.request('GET', '/api/admin/audit?limit=1', { as: api.signed('admin') })).json(),
      );
      expect(log.results[0]).toMatchObject({
        action: 'media.delete',
        entityId: item.id,
        staffEmail: 'editor@piquante.test',
        detail: { removedFiles: 8, failedFiles: [] },
      });
      await errorOf(await api.request('DELETE', `/api/admin/media/${item.id}`, { as: api.signed('editor') }), 404);
    });

    it('refuses (409) an image an article uses, naming the articles, in any state; once replaced, it goes', async () => {
      const item = await upload(22, 'Une image utilisée');
      const editor = api.signed('editor');
      const main = await api.request('POST', '/api/admin/articles', {
        as: editor,
        body: draftBody('Un brouillon illustré', { mainImage: { url: item.url, alt: item.alt, width: item.width, height: item.height } }),
      });
      const draft = contract.AdminArticle.parse(await main.json());
      const small = item.variants.find((v) => v.width === 480 && v.format === 'avif')?.url;
      const shared = await api.request('POST', '/api/admin/articles', {
        as: editor,
        body: draftBody('Partagé avec une variante', { ogImage: small }),
      });
      const other = contract.AdminArticle.parse(await shared.json());
      await api.request('POST', `/api/admin/articles/${other.id}/status`, {
        as: editor,
        body: { action: 'publish', version: other.version },
      });
      const refused = await inUseMessage(await api.request('DELETE', `/api/admin/media/${item.id}`, { as: api.signed('admin') }));
      expect(refused).toBe(
        'Cette image est utilisée par 2 articles : « Partagé avec une variante », « Un brouillon illustré ». Choisissez-leur une autre image avant de la supprimer.',
      );
      expect(files(item).every((f) => existsSync(f))).toBe(true);

      await api.request('PUT', `/api/admin/articles/${draft.id}`, {
        as: editor,
        body: { ...draftBody('Un brouillon illustré'), version: draft.version },
      });
      const published = contract.AdminArticle.parse(
        await (await api.request('GET', `/api/admin/articles/${other.id}`, { as: editor })).json(),
      );
      const stillOne = await inUseMessage(await api.request('DELETE', `/api/admin/media/${item.id}`, { as: editor }));
      expect(stillOne).toMatch(/^Cette image est utilisée par l’article « Partagé avec une variante »/);
      await api.request('PUT', `/api/admin/articles/${other.id}`, {
        as: editor,
        body: { ...draftBody('Partagé avec une variante'), ogImage: null, version: published.version },
      });
      expect((await api.request('DELETE', `/api/admin/media/${item.id}`, { as: editor })).status).toBe(204);
    });

    it('editors and admins only; session, CSRF and hostile ids refused in French', async () => {
      const item = await upload(33, 'Une image gardée');
      for (const role of ['contributor', 'author'] as const) {
        expect(await errorOf(await api.request('DELETE', `/api/admin/media/${item.id}`, { as: api.signed(role) }), 403)).toMatch(
          /Votre rôle .* supprimer des images/,
        );
      }
      await errorOf(await api.request('DELETE', `/api/admin/media/${item.id}`), 401);
      expect(
        await errorOf(await api.request('DELETE', `/api/admin/media/${item.id}`, { as: { ...api.signed('editor'), csrf: 'faux' } }), 403),
      ).toMatch(/jeton/i);
      await errorOf(
        await api.request('DELETE', `/api/admin/media/${item.id}`, {
          as: api.signed('editor'),
          headers: { origin: 'https://evil.example' },
        }),
        403,
      );
      for (const id of ['0', '-1', 'abc', '1.5', '99999999999', '%3Cscript%3E', '1%20OR%201%3D1']) {
        await errorOf(await api.request('DELETE', `/api/admin/media/${id}`, { as: api.signed('editor') }), 400);
      }
      await errorOf(await api.request('DELETE', '/api/admin/media/2000000000', { as: api.signed('editor') }), 404);
      expect(files(item).every((f) => existsSync(f))).toBe(true);
    });
  });

  async function rawUpload(a: typeof api, body: FormData, mode: 'signed' | 'no-csrf' | null = 'signed') {
    const encoded = new Response(body);
    const headers: Record<string, string> = { 'content-type': encoded.headers.get('content-type') ?? '' };
    const bytes = new Uint8Array(await encoded.arrayBuffer());
    const session = a.signed('contributor');
    if (mode) headers.cookie = session.cookie;
    if (mode === 'signed') headers['x-csrf-token'] = session.csrf;
    return a.request('POST', '/api/admin/media', { body: bytes, headers });
  }
});
