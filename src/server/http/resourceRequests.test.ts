/** Every answer that is not a page leaves with the resource security headers; pages are left to SSR. */
import { describe, expect, it } from 'vitest';
import type { ServerApp } from '../boot.server.ts';
import { createTestApiHandler } from '../../testing/testApiHandler.ts';
import { contentHandlers } from './contentApi.ts';
import { answerResourceRequest } from './resourceRequests.ts';

// The paths below need no database: the API reference, the contract, refusals, media, robots.txt.
const app: ServerApp = {
  database: {
    db: null as never,
    kind: 'pglite',
    driver: null as never,
    exec: async () => {},
    close: async () => {},
    background: null as never,
  },
  startBackground: () => {},
  queueReady: async () => {},
  stop: async () => {},
  handleApi: createTestApiHandler(null as never, contentHandlers),
  storage: null as never,
  siteUrl: 'https://www.piquante.fr',
  indexNowKey: '0123456789abcdef0123456789abcdef',
};

async function answerFor(path: string, init?: RequestInit) {
  const request = new Request(`http://magazine.test${path}`, init);
  return answerResourceRequest(request, new URL(request.url), async () => app);
}

async function resource(path: string, init?: RequestInit): Promise<Response> {
  const response = await answerFor(path, init);
  if (!response) throw new Error(`${path} was left to server rendering`);
  return response;
}

describe('answers that are not pages', () => {
  it('carry a policy that allows nothing, nosniff, a referrer policy and no framing', async () => {
    for (const path of ['/api/openapi.yaml', '/api/inconnue', '/media/audio/quiz-son.wav', '/robots.txt', '/healthz']) {
      const response = await resource(path);
      expect(response.headers.get('content-security-policy'), path).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(response.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('x-frame-options'), path).toBe('DENY');
    }
  });

  it('keep their own policy when they bring one: the API reference and SVG images', async () => {
    const docs = await resource('/api/docs');
    expect(docs.status).toBe(200);
    expect(docs.headers.get('content-security-policy')).toMatch(/script-src 'self' 'sha256-/);
    expect(docs.headers.get('x-frame-options')).toBe('DENY');
    const svg = await resource('/media/svg/article/robe-portefeuille.svg');
    expect(svg.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'");
  });

  it('keep status, body and the answer to HEAD', async () => {
    const missing = await resource('/api/inconnue');
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: string }).error).toBe('not_found');
    const head = await resource('/api/openapi.yaml', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const refused = await resource('/article', { method: 'POST' });
    expect(refused.status).toBe(405);
    expect(refused.headers.get('x-frame-options')).toBe('DENY');
  });

  it('leave pages to server rendering', async () => {
    expect(await answerFor('/')).toBeNull();
    expect(await answerFor('/mode/un-article')).toBeNull();
  });
});
