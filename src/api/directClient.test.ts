/**
 * The SSR client's direct reads ask the in-process API for the very address openapi-fetch would have
 * requested, and give loaders the answer in openapi-fetch's shape; what the direct path does not take
 * goes through the client's fetch.
 */
import createClient from 'openapi-fetch';
import { describe, expect, it } from 'vitest';
import { directGet } from './directClient.ts';
import type { paths } from './generated/schema';
import type { DirectAnswer } from './inProcessApi.ts';

const ORIGIN = 'http://in-process.piquante';

function clients(answer: (address: string) => DirectAnswer | null) {
  const fetched: string[] = [];
  const asked: string[] = [];
  const fallback = createClient<paths>({
    baseUrl: ORIGIN,
    fetch: async (request: Request) => {
      fetched.push(request.url.slice(ORIGIN.length));
      return Response.json({ results: [] });
    },
  });
  const get = directGet(async (method, address) => {
    asked.push(`${method} ${address}`);
    return answer(address);
  }, fallback);
  return { fallback, get, fetched, asked };
}

describe('direct reads of the SSR client', () => {
  it('ask for the address openapi-fetch builds (path parameters encoded, query serialised)', async () => {
    const { fallback, get, fetched, asked } = clients(() => null);
    await fallback.GET('/api/article/{url}', { params: { path: { url: 'été à/la plage?' } } });
    await fallback.GET('/api/articles', { params: { query: { category: 'self care', limit: 12, offset: 24 } } });
    const built = [...fetched];
    await get('/api/article/{url}', { params: { path: { url: 'été à/la plage?' } } });
    await get('/api/articles', { params: { query: { category: 'self care', limit: 12, offset: 24 } } });
    expect(asked).toEqual(built.map((address) => `GET ${address}`));
  });

  it('give data for a success, error for a failure, the status in response; null falls back to fetch', async () => {
    const { get, fetched } = clients((address) =>
      address === '/api/categories'
        ? { status: 200, body: { results: [{ slug: 'mode' }] } }
        : address === '/api/article/x'
          ? { status: 404, body: { error: 'not_found', message: 'Cet article est introuvable.' } }
          : null,
    );
    const ok = await get('/api/categories');
    expect(ok.data).toEqual({ results: [{ slug: 'mode' }] });
    expect(ok.error).toBeUndefined();
    expect(ok.response.status).toBe(200);
    const missing = await get('/api/article/{url}', { params: { path: { url: 'x' } } });
    expect(missing.data).toBeUndefined();
    expect(missing.error).toEqual({ error: 'not_found', message: 'Cet article est introuvable.' });
    expect(missing.response.status).toBe(404);
    const other = await get('/api/quotations');
    expect(other.data).toEqual({ results: [] });
    expect(fetched).toEqual(['/api/quotations']);
  });
});
