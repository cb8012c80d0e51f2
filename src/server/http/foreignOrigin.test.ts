import { describe, expect, it } from 'vitest';
import * as contract from '../../api/generated/zod.ts';
import type { Database } from '../../db/client.ts';
import { newsletterRoutes } from '../newsletter/newsletterRoutes.ts';
import type { ApiRoute } from './apiTypes.ts';
import { createApiHandler } from './contentApi.ts';
import { json } from './responses.ts';

// The refusal happens before any handler runs: no database is needed to see it.
const noDatabase = {} as Database;
const routes: ApiRoute[] = [
  { method: 'POST', path: '/newsletter/formulaire', handle: async () => json({ status: 'success' }) },
  { method: 'POST', path: '/newsletter/un-clic', handle: async () => json({ status: 'success' }), crossOrigin: true },
  { method: 'GET', path: '/api/lecture', handle: async () => json({ results: [] }) },
];
const handle = createApiHandler(noDatabase, routes, { siteUrl: 'https://www.piquante.fr' });
const post = (path: string, origin?: string) =>
  handle(new Request(`http://127.0.0.1:3000${path}`, { method: 'POST', headers: origin ? { origin } : {}, body: 'x' }));

describe('state-changing requests from another site', () => {
  it('are refused with a 403 and a French message, in the contract’s error shape', async () => {
    for (const origin of ['https://evil.example', 'null', 'http://127.0.0.1:3001', 'https://piquante.fr']) {
      const response = await post('/newsletter/formulaire', origin);
      expect(response.status, origin).toBe(403);
      const body = contract.ErrorResponse.parse(await response.json());
      expect(body).toEqual({ error: 'forbidden', message: 'Ce formulaire doit être envoyé depuis le site de Piquante.' });
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('are accepted from this server, from SITE_URL, without Origin, and on cross-origin routes', async () => {
    expect((await post('/newsletter/formulaire', 'http://127.0.0.1:3000')).status).toBe(200);
    expect((await post('/newsletter/formulaire', 'https://www.piquante.fr')).status).toBe(200);
    expect((await post('/newsletter/formulaire')).status).toBe(200);
    expect((await post('/newsletter/un-clic', 'https://mail.example')).status).toBe(200);
    const read = await handle(new Request('http://127.0.0.1:3000/api/lecture', { headers: { origin: 'https://evil.example' } }));
    expect(read.status).toBe(200);
  });

  it('only the one-click unsubscribe of the newsletter accepts other sites', () => {
    const open = newsletterRoutes({ env: {}, jobs: { enqueue: async () => null } })
      .filter((route) => route.method === 'POST' && route.crossOrigin)
      .map((route) => route.path);
    expect(open).toEqual(['/newsletter/desinscription-un-clic/:token']);
  });
});
