/** Newsletters' JPEG renditions: which address a mail uses for an image, and the demo illustrations rasterised. */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { handleMailMediaRequest } from '../http/mailMediaRoutes.ts';
import { jpegRendition, mailImageUrl } from './mailRenditions.ts';

const hash = 'ab'.repeat(32);
const get = (path: string) => handleMailMediaRequest(new URL(`http://magazine.test${path}`));

describe('mail renditions', () => {
  it('maps a library variant or a generated illustration to its JPEG rendition, anything else to none', () => {
    expect(mailImageUrl(`/media/library/${hash}-1600.webp`)).toBe(`/media/library/${hash}-mail-1200.jpg`);
    expect(mailImageUrl(`https://piquante.fr/media/library/${hash}-480.avif`, 600)).toBe(`/media/library/${hash}-mail-600.jpg`);
    expect(mailImageUrl('/media/svg/article/robe-portefeuille.svg')).toBe('/media/mail/article/robe-portefeuille-1200.jpg');
    for (const other of ['/images/x.png', `/media/library/${hash}-audio.mp3`, '/media/svg/article/x.png', 'https://evil.example/x.svg']) {
      expect(mailImageUrl(other)).toBeNull();
    }
  });

  it('puts a transparent image on white, never enlarged', async () => {
    const png = await sharp({ create: { width: 400, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .png()
      .toBuffer();
    const { width, height, bytes } = await jpegRendition(sharp, png, { width: 400, height: 200 }, 1200);
    expect([width, height]).toEqual([400, 200]);
    const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
    expect(info).toMatchObject({ format: 'raw', width: 400, height: 200, channels: 3 });
    expect([data[0], data[1], data[2]]).toEqual([255, 255, 255]);
  });

  it('rasterises a demo illustration at 600 and 1 200 px, deterministic and cached as immutable', async () => {
    for (const [width, height] of [
      [600, 400],
      [1200, 800],
    ]) {
      const response = await get(`/media/mail/article/robe-portefeuille-${width}.jpg`);
      expect(response?.status).toBe(200);
      expect(response?.headers.get('content-type')).toBe('image/jpeg');
      expect(response?.headers.get('cache-control')).toContain('immutable');
      const bytes = new Uint8Array(await (response as Response).arrayBuffer());
      const meta = await sharp(bytes).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', width, height]);
      const again = new Uint8Array(await ((await get(`/media/mail/article/robe-portefeuille-${width}.jpg`)) as Response).arrayBuffer());
      expect(Buffer.from(again).equals(Buffer.from(bytes))).toBe(true);
    }
  });

  it.each([
    '/media/mail/article/robe-800.jpg',
    '/media/mail/unknown/robe-600.jpg',
    '/media/mail/article/ROBE-600.jpg',
    '/media/mail/article/..%2F..%2Fetc-600.jpg',
    `/media/mail/article/${'a'.repeat(500)}-600.jpg`,
    '/media/mail/article/robe-600.png',
  ])('answers 404 for %s', async (path) => {
    expect((await get(path))?.status).toBe(404);
  });

  it('leaves other media to their own routes', async () => {
    expect(await get('/media/svg/article/robe.svg')).toBeNull();
  });
});
