/**
 * The API's one table against the contract: every operation has a handler and every handler is an
 * operation; a table out of step refuses to start; the router answers each operation's method and path
 * from the contract, 405 for another method, 404 elsewhere.
 */
import { describe, expect, it } from 'vitest';
import { apiOperations } from '../api/generated/operations.ts';
import * as contract from '../api/generated/zod.ts';
import { createApiHandler, handlerTableGaps } from './http/apiRouter.ts';
import type { ApiHandlers } from './http/apiTypes.ts';
import { composeTestApiHandlers } from '../testing/testApiHandler.ts';

const table = composeTestApiHandlers;

describe('the API handler table', () => {
  it('has a handler for every operation of the contract, and no handler that is not one', () => {
    const handlers = table();
    expect(handlerTableGaps(handlers)).toEqual({ missing: [], unknown: [] });
    expect(Object.keys(handlers).sort()).toEqual(Object.keys(apiOperations).sort());
  });

  it('refuses to start with an operation missing or a handler the contract does not know', () => {
    const { listArticles: _, ...withoutOne } = table();
    expect(() => createApiHandler(null as never, withoutOne as ApiHandlers)).toThrow(/missing listArticles/);
    const withExtra = { ...table(), listHoroscopes: async () => new Response() } as ApiHandlers;
    expect(() => createApiHandler(null as never, withExtra)).toThrow(/unknown listHoroscopes/);
  });

  it('routes by the contract: its method and path reach the operation, another method is a 405, elsewhere a 404', async () => {
    const seen: string[] = [];
    const spy = Object.fromEntries(
      Object.keys(apiOperations).map((id) => [
        id,
        async () => {
          seen.push(id);
          return new Response(null, { status: 204 });
        },
      ]),
    ) as unknown as ApiHandlers;
    const handle = createApiHandler(null as never, spy);
    for (const [id, { method, path }] of Object.entries(apiOperations)) {
      const concrete = path.replace(/:(\w+)/g, (_m, name: string) => (name === 'origin' ? 'footer-home' : '42'));
      const response = await handle(new Request(`http://magazine.test${concrete}`, { method, body: method === 'GET' ? undefined : '{}' }));
      expect(response.status, `${method} ${concrete}`).toBe(204);
      expect(seen.at(-1), `${method} ${concrete}`).toBe(id);
    }
    const wrong = await handle(new Request('http://magazine.test/api/articles', { method: 'DELETE' }));
    expect(wrong.status).toBe(405);
    expect(contract.ErrorResponse.parse(await wrong.json()).message).toMatch(/méthode/);
    const nowhere = await handle(new Request('http://magazine.test/api/horoscope'));
    expect(nowhere.status).toBe(404);
    expect(contract.ErrorResponse.parse(await nowhere.json()).message).toMatch(/n'existe pas/);
    // Malformed percent-encoding in a path parameter: no operation can take it.
    expect((await handle(new Request('http://magazine.test/api/article/%E0%A4%A'))).status).toBe(404);
  });
});
