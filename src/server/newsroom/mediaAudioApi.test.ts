/**
 * Sounds in the media library (a quiz question's audio), on PGlite and PostgreSQL: MP3, Ogg Opus and M4A
 * recognised from their bytes (a renamed page or image refused, whatever its name or declared type), their
 * own size limit, stored once and served with their type, a long cache and byte ranges; the list filtered by
 * kind; a quiz takes a library sound (its type and length the library's), readers get it, and a sound from
 * elsewhere is refused naming the question. Every answer is parsed with the contract's schemas.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as contract from '../../api/generated/zod.ts';
import type { MediaSound } from '../../api/types.ts';
import { m4aBytes, mp3Bytes, oggOpusBytes } from '../../testing/audioFixtures.ts';
import { type Signed, useNewsroomApi } from '../../testing/newsroomApi.ts';
import { type LibraryImage, quizDraftBody, uploadLibraryImage } from '../../testing/quizDraftFixture.ts';
import { testDatabaseKinds } from '../../testing/testDatabase.ts';
import { sniffAudio } from './media/audioFiles.ts';
import { mediaFileResponse, requestedRange } from '../media/mediaFiles.ts';
import { directoryStorage } from './mediaStorage.ts';
import { inUseMessage } from '../../testing/mediaInUse.ts';

const dir = mkdtempSync(join(tmpdir(), 'piquante-audio-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A sound's limit in these tests: 64 kB. */
const AUDIO_LIMIT = 64 * 1024;

describe('recognising sounds', () => {
  it('knows MP3, Ogg Opus and M4A by their bytes and reads their length; a page, an image, a video are not sounds', async () => {
    expect(sniffAudio(mp3Bytes(38))).toEqual({ format: 'mp3', mimeType: 'audio/mpeg', durationSeconds: 0.993 });
    expect(sniffAudio(oggOpusBytes(2))).toEqual({ format: 'ogg', mimeType: 'audio/ogg', durationSeconds: 2 });
    expect(sniffAudio(m4aBytes(3))).toEqual({ format: 'm4a', mimeType: 'audio/mp4', durationSeconds: 3 });
    // An ID3 tag before the frames.
    const id3 = new Uint8Array([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 10, ...new Uint8Array(10), ...mp3Bytes(5)]);
    expect(sniffAudio(id3)?.format).toBe('mp3');
    expect(sniffAudio(m4aBytes(3, 'vide'))).toBeNull();
    expect(sniffAudio(new TextEncoder().encode('<!doctype html><html><body><script>alert(1)</script></body></html>'))).toBeNull();
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c8102e' } })
      .png()
      .toBuffer();
    expect(sniffAudio(png)).toBeNull();
    // One MP3 frame header glued to a page: not a sound.
    expect(sniffAudio(new Uint8Array([...mp3Bytes(1), ...new TextEncoder().encode('<html>'.repeat(200))]))).toBeNull();
    // An Ogg page that says more than it holds.
    expect(sniffAudio(oggOpusBytes(1).subarray(0, 60))).toBeNull();
  });

  it('reads a Range header: one range, a suffix, an open end; past the end is unsatisfiable, nonsense is ignored', () => {
    expect(requestedRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(requestedRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(requestedRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(requestedRange('bytes=500-5000', 1000)).toEqual({ start: 500, end: 999 });
    expect(requestedRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    for (const nonsense of [null, '', 'bytes=', 'bytes=5-1', 'bytes=0-1,5-9', 'octets=0-1', 'bytes=abc-']) {
      expect(requestedRange(nonsense, 1000)).toBeNull();
    }
  });
});

describe.each(testDatabaseKinds)('sounds in the media library on %s', (kind) => {
  const api = useNewsroomApi(kind, { MEDIA_DIR: dir, MEDIA_AUDIO_MAX_BYTES: String(AUDIO_LIMIT) });
  const { request, signed } = api;
  let image: LibraryImage;
  /** What the site answers for a library file (src/server/http/resourceRequests.ts passes the Range header). */
  const served = (url: string, range?: string) => mediaFileResponse(url, directoryStorage(dir), range);

  beforeAll(async () => {
    image = await uploadLibraryImage(api, signed('editor'));
  });

  function form(bytes: Uint8Array | string, name: string, type = '', alt = 'Un rire enregistré') {
    const data = new FormData();
    data.set('file', new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], { type }), name);
    data.set('alt', alt);
    return data;
  }

  async function upload(body: FormData, as: Signed | null = signed('contributor'), extra: Record<string, string> = {}) {
    const encoded = new Response(body);
    const headers: Record<string, string> = { 'content-type': encoded.headers.get('content-type') ?? '', ...extra };
    if (as) headers.cookie = as.cookie;
    if (as && !('x-csrf-token' in extra)) headers['x-csrf-token'] = as.csrf;
    return request('POST', '/api/admin/media', { body: new Uint8Array(await encoded.arrayBuffer()), headers });
  }

  async function uploadSound(bytes: Uint8Array, name: string, alt = 'Un rire enregistré'): Promise<MediaSound> {
    const response = await upload(form(bytes, name, '', alt));
    expect([200, 201], await response.clone().text()).toContain(response.status);
    const sound = contract.UploadMediaResponse.parse(await response.json());
    if (sound.kind !== 'audio') throw new Error('expected a sound');
    return sound;
  }

  async function errorOf(response: Response, code: number): Promise<string> {
    expect(response.status, await response.clone().text()).toBe(code);
    return contract.ErrorResponse.parse(await response.json()).message;
  }

  it.each([
    ['MP3', mp3Bytes(40), 'rire.mp3', 'audio/mpeg', 'mp3', 1.045],
    ['Ogg Opus', oggOpusBytes(2), 'rire.opus', 'audio/ogg', 'ogg', 2],
    ['M4A', m4aBytes(3), 'rire.m4a', 'audio/mp4', 'm4a', 3],
  ])(
    'takes an %s once, stored as it is and served with its type, a year of cache and byte ranges',
    async (_what, bytes, name, mimeType, ext, seconds) => {
      const created = await upload(form(bytes, name));
      expect(created.status, await created.clone().text()).toBe(201);
      const sound = contract.MediaSound.parse(await created.json());
      expect(sound).toMatchObject({
        kind: 'audio',
        mimeType,
        durationSeconds: seconds,
        bytes: bytes.byteLength,
        name,
        alt: 'Un rire enregistré',
      });
      expect(sound.url).toMatch(new RegExp(`^/media/library/[0-9a-f]{64}-audio\\.${ext}$`));
      expect(existsSync(join(dir, sound.url.split('/').pop() ?? ''))).toBe(true);

      // The same bytes again: the same entry.
      const again = await upload(form(bytes, 'autre-nom.bin', 'image/png', 'Autre description'));
      expect(again.status).toBe(200);
      expect(contract.UploadMediaResponse.parse(await again.json()).id).toBe(sound.id);

      // Served as readers ask for it.
      const whole = (await served(sound.url)) as Response;
      expect(whole.status).toBe(200);
      expect(whole.headers.get('content-type')).toBe(mimeType);
      expect(whole.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(whole.headers.get('accept-ranges')).toBe('bytes');
      expect(whole.headers.get('x-content-type-options')).toBe('nosniff');
      expect(new Uint8Array(await whole.arrayBuffer())).toEqual(bytes);
      const part = (await served(sound.url, 'bytes=4-19')) as Response;
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toBe(`bytes 4-19/${bytes.byteLength}`);
      expect(new Uint8Array(await part.arrayBuffer())).toEqual(bytes.subarray(4, 20));
      const past = (await served(sound.url, `bytes=${bytes.byteLength}-`)) as Response;
      expect(past.status).toBe(416);
      expect(past.headers.get('content-range')).toBe(`bytes */${bytes.byteLength}`);
    },
  );

  it.each([
    [
      'a page named .mp3 and declared audio/mpeg',
      '<!doctype html><html><body><script>alert(1)</script></body></html>',
      'rire.mp3',
      'audio/mpeg',
    ],
    ['a text file named .ogg', 'OggZ — not a sound at all, just text', 'rire.ogg', 'audio/ogg'],
    ['a video named .m4a', m4aBytes(3, 'vide'), 'rire.m4a', 'audio/mp4'],
    [
      'an MP3 header glued to a page',
      new Uint8Array([...mp3Bytes(1), ...new TextEncoder().encode('<script>x</script>'.repeat(60))]),
      'rire.mp3',
      'audio/mpeg',
    ],
  ])('refuses %s (415, in French)', async (_what, bytes, name, type) => {
    const message = await errorOf(await upload(form(bytes, name, type)), 415);
    expect(message).toMatch(/sons MP3, Ogg \(Opus, Vorbis\) et M4A \(AAC\) sont acceptés/);
  });

  it('refuses an image sent as an MP3 as a sound: it is stored as an image (the bytes decide), never served as audio', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const response = await upload(form(png, 'faux.mp3', 'audio/mpeg', 'Une image déguisée'));
    expect(response.status).toBe(201);
    const entry = contract.UploadMediaResponse.parse(await response.json());
    expect(entry).toMatchObject({ kind: 'image', mimeType: 'image/webp', width: 40, height: 30 });
    expect(entry.url).toMatch(/\.webp$/);
  });

  it('refuses a sound over its limit (413), an empty file and no description (400), in French', async () => {
    const big = mp3Bytes(Math.ceil(AUDIO_LIMIT / 417) + 2);
    expect(big.byteLength).toBeGreaterThan(AUDIO_LIMIT);
    expect(await errorOf(await upload(form(big, 'long.mp3')), 413)).toBe('Le son est trop lourd : 0 Mo au plus.');
    expect(await errorOf(await upload(form(new Uint8Array(0), 'vide.mp3')), 400)).toMatch(/le fichier est vide ou absent/);
    expect(await errorOf(await upload(form(mp3Bytes(3), 'rire.mp3', '', '   ')), 400)).toMatch(/description du son/);
    // An image still goes by its own limit (MEDIA_MAX_BYTES, 10 Mo here): a 64 kB+ image is taken.
    const noisy = await sharp(Buffer.alloc(200 * 200 * 3, 7), { raw: { width: 200, height: 200, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noisy.byteLength).toBeGreaterThan(AUDIO_LIMIT);
    expect((await upload(form(noisy, 'grand.png'))).status).toBe(201);
  });

  it('session, CSRF and a foreign Origin are refused before anything is stored', async () => {
    const bytes = mp3Bytes(7);
    await errorOf(await upload(form(bytes, 'a.mp3'), null), 401);
    expect(await errorOf(await upload(form(bytes, 'a.mp3'), signed('contributor'), { 'x-csrf-token': 'faux' }), 403)).toMatch(/jeton/i);
    await errorOf(await upload(form(bytes, 'a.mp3'), signed('contributor'), { origin: 'https://evil.example' }), 403);
    const list = contract.ListMediaResponse.parse(
      await (await request('GET', '/api/admin/media?kind=audio&limit=100', { as: signed('author') })).json(),
    );
    expect(list.results.every((m) => m.kind === 'audio' && m.bytes !== bytes.byteLength)).toBe(true);
  });

  it('lists by kind: image pickers get no sound, the sound picker no image; a bad kind is refused in French', async () => {
    const sound = await uploadSound(oggOpusBytes(5), 'liste.opus', 'Un gong');
    const listOf = async (query: string) => {
      const response = await request('GET', `/api/admin/media?limit=100${query}`, { as: signed('author') });
      expect(response.status, await response.clone().text()).toBe(200);
      return contract.ListMediaResponse.parse(await response.json()).results;
    };
    const images = await listOf('&kind=image');
    expect(images.length).toBeGreaterThan(0);
    expect(images.every((m) => m.kind === 'image')).toBe(true);
    const sounds = await listOf('&kind=audio');
    expect(sounds.every((m) => m.kind === 'audio')).toBe(true);
    expect(sounds.map((m) => m.id)).toContain(sound.id);
    const all = await listOf('');
    expect(new Set(all.map((m) => m.kind))).toEqual(new Set(['image', 'audio']));
    expect((await listOf('&kind=audio&q=gong')).map((m) => m.id)).toEqual([sound.id]);
    for (const bad of ['video', '<script>', 'image&kind=audio']) {
      await errorOf(
        await request('GET', `/api/admin/media?kind=${encodeURIComponent(bad).replace('%26', '&').replace('%3D', '=')}`, {
          as: signed('author'),
        }),
        400,
      );
    }
  });

  it('a quiz takes a library sound (the library type and length win), readers get it; a sound from elsewhere is refused', async () => {
    const sound = await uploadSound(m4aBytes(4), 'quiz.m4a', 'Un cri de mouette');
    const body = quizDraftBody(`Quiz sonore ${kind}`, image, { questions: 3 });
    const withSound = structuredClone(body);
    // The type and length sent are the client's: the library's replace them.
    (withSound.questions[1] as { audio?: unknown }).audio = { url: sound.url, mimeType: 'audio/wav', durationSeconds: 99 };
    const created = await request('POST', '/api/admin/quizzes', { as: signed('editor'), body: withSound });
    expect(created.status, await created.clone().text()).toBe(201);
    const draft = contract.CreateAdminQuizResponse.parse(await created.json());
    expect(draft.questions.map((q) => q.audio)).toEqual([null, { url: sound.url, mimeType: 'audio/mp4', durationSeconds: 4 }, null]);

    const publishedResponse = await request('POST', `/api/admin/quizzes/${draft.id}/status`, {
      as: signed('editor'),
      body: { action: 'publish', version: draft.version },
    });
    expect(publishedResponse.status, await publishedResponse.clone().text()).toBe(200);
    const published = contract.ChangeAdminQuizStatusResponse.parse(await publishedResponse.json());
    const reader = contract.GetQuizResponse.parse(await (await request('GET', `/api/quizz/${draft.slug}`)).json());
    expect(reader.questions[1]?.audio).toEqual({ url: sound.url, mimeType: 'audio/mp4', durationSeconds: 4 });
    expect((await served(sound.url))?.status).toBe(200);

    // The sound is the quiz's: the library keeps it.
    const kept = await inUseMessage(await request('DELETE', `/api/admin/media/${sound.id}`, { as: signed('editor') }));
    expect(kept).toMatch(/^Ce son est utilisé par le quiz « Quiz sonore/);

    for (const [audio, what] of [
      [{ url: '/media/autre.mp3', mimeType: 'audio/mpeg', durationSeconds: 3 }, 'an address outside the library'],
      [{ url: `/media/library/${'0'.repeat(64)}-audio.mp3`, mimeType: 'audio/mpeg', durationSeconds: 3 }, 'a sound not in the library'],
      [{ url: image.url, mimeType: 'audio/mpeg', durationSeconds: 3 }, 'an image of the library'],
    ] as const) {
      const foreign = structuredClone(body);
      (foreign.questions[2] as { audio?: unknown }).audio = audio;
      const refused = await request('PUT', `/api/admin/quizzes/${draft.id}`, {
        as: signed('editor'),
        body: { ...foreign, slug: draft.slug, version: published.version },
      });
      expect(refused.status, what).toBe(400);
      expect(contract.ErrorResponse.parse(await refused.json()).message, what).toMatch(/^Question 3 : le son doit venir de la médiathèque/);
    }
    // Another site's address does not even pass the contract (an Audio's url is a path of this site).
    const elsewhere = structuredClone(body);
    (elsewhere.questions[2] as { audio?: unknown }).audio = {
      url: 'https://evil.example/cri.mp3',
      mimeType: 'audio/mpeg',
      durationSeconds: 3,
    };
    const refused = await request('PUT', `/api/admin/quizzes/${draft.id}`, {
      as: signed('editor'),
      body: { ...elsewhere, slug: draft.slug, version: published.version },
    });
    expect(await errorOf(refused, 400)).toMatch(/questions\.2\.audio\.url/);
  });
});

describe('serving a sound without the site', () => {
  it('answers 404 for an unknown sound and nothing for other names', async () => {
    const storage = directoryStorage(dir);
    expect((await mediaFileResponse(`/media/library/${'a'.repeat(64)}-audio.ogg`, storage))?.status).toBe(404);
    expect(await mediaFileResponse(`/media/library/${'a'.repeat(64)}-audio.wav`, storage)).toBeNull();
    expect(await mediaFileResponse(`/media/library/${'a'.repeat(64)}-audio.mp3/../x`, storage)).toBeNull();
  });
});
