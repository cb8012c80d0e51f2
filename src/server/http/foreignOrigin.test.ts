import { describe, expect, it } from 'vitest';
import * as contract from '../../api/generated/zod.ts';
import type { Database } from '../../db/client.ts';
import { composeTestApiHandlers, createTestApiHandler } from '../../testing/testApiHandler.ts';
import { json } from './responses.ts';

// The refusal happens before any handler runs: no database is needed to see it.
const noDatabase = {} as Database;
const handle = createTestApiHandler(
  noDatabase,
  {
    confirmNewsletterSignup: async () => json({ status: 'confirmed', message: 'ok' }, { cache: 'error' }),
    unsubscribeOneClick: { crossOrigin: true, handle: async () => json({ status: 'unsubscribed', message: 'ok' }, { cache: 'error' }) },
    listArticles: async ({ reply }) => reply(200, { results: [] }),
  },
  { siteUrl: 'https://www.piquante.fr' },
);
const post = (path: string, origin?: string) =>
  handle(new Request(`http://127.0.0.1:3000${path}`, { method: 'POST', headers: origin ? { origin } : {}, body: 'x' }));
const FORM = '/newsletter/confirmation';
const ONE_CLICK = '/newsletter/desinscription-un-clic/u.1.abc';

describe('state-changing requests from another site', () => {
  it('are refused with a 403 and a French message, in the contract’s error shape', async () => {
    for (const origin of ['https://evil.example', 'null', 'http://127.0.0.1:3001', 'https://piquante.fr']) {
      const response = await post(FORM, origin);
      expect(response.status, origin).toBe(403);
      const body = contract.ErrorResponse.parse(await response.json());
      expect(body).toEqual({ error: 'forbidden', message: 'Ce formulaire doit être envoyé depuis le site de Piquante.' });
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('are accepted from this server, from SITE_URL, without Origin, and on cross-origin operations', async () => {
    expect((await post(FORM, 'http://127.0.0.1:3000')).status).toBe(200);
    expect((await post(FORM, 'https://www.piquante.fr')).status).toBe(200);
    expect((await post(FORM)).status).toBe(200);
    expect((await post(ONE_CLICK, 'https://mail.example')).status).toBe(200);
    const read = await handle(new Request('http://127.0.0.1:3000/api/articles', { headers: { origin: 'https://evil.example' } }));
    expect(read.status).toBe(200);
  });

  it('only the one-click unsubscribe of the newsletter and the source webhook accept other sites, in the whole table', () => {
    const handlers = composeTestApiHandlers();
    const open = Object.entries(handlers)
      .filter(([, entry]) => typeof entry !== 'function' && entry.crossOrigin === true)
      .map(([id]) => id);
    // The mail client's one-click POST carries no session; Ghost's webhook neither, and is refused unless signed
    // with SOURCE_WEBHOOK_SECRET (sourceWebhookApi.test.ts).
    expect(open.sort()).toEqual(['receiveSourceWebhook', 'unsubscribeOneClick']);
  });
});
