import { describe, expect, it } from 'vitest';
import { handleMediaRequest } from './mediaRoutes.ts';

const get = (path: string) => handleMediaRequest(new URL(`http://magazine.test${path}`));

describe('generated media', () => {
  it('serves a deterministic SVG illustration, cached as immutable', async () => {
    const first = get('/media/svg/article/robe-portefeuille.svg');
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(first.headers.get('cache-control')).toContain('immutable');
    const svg = await first.text();
    expect(svg.startsWith('<svg')).toBe(true);
    expect(await get('/media/svg/article/robe-portefeuille.svg').text()).toBe(svg);
  });

  it('serves a WAV jingle for quiz audio', async () => {
    const response = get('/media/audio/quiz-son.wav');
    expect(response.status).toBe(200);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 4))).toBe('RIFF');
    expect(Number(response.headers.get('content-length'))).toBe(bytes.byteLength);
  });

  it.each([
    '/media/svg/unknown/robe.svg',
    '/media/svg/article/ROBE.svg',
    '/media/svg/article/..%2F..%2Fetc%2Fpasswd.svg',
    `/media/svg/article/${'a'.repeat(500)}.svg`,
    '/media/audio/<script>.wav',
    '/media/other.txt',
  ])('%s → 404', (path) => {
    expect(get(path).status).toBe(404);
  });
});
