/**
 * The web push endpoints in-process, on PGlite and on PostgreSQL when TEST_DATABASE_URL is set: answers
 * parsed with the contract's zod schemas, the table checked after each refusal (nothing stored), and the
 * sending path against a fake push service on 127.0.0.1 (encrypted payload decrypted, 410 removes).
 */
import { Agent } from 'node:https';
import webpush from 'web-push';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as contract from '../../api/generated/zod.ts';
import { pushSubscriptions } from '../../db/schema.ts';
import { browserSubscription, type FakePushService, startFakePushService } from '../../testing/fakePushService.ts';
import { expectRefusal, jsonPost, testClientIp } from '../../testing/apiRequests.ts';
import { testDatabaseKinds } from '../../testing/testDatabase.ts';
import { useTestDatabase } from '../../testing/useTestDatabase.ts';
import { createTestApiHandler } from '../../testing/testApiHandler.ts';
import { articlePayload } from './pushPayload.ts';
import { pushConfigFromEnv } from '../config/pushConfig.ts';
import { pushHandlers, pushMessages } from './pushRoutes.ts';
import { findPushSubscription, savePushSubscription } from './pushSubscriptions.server.ts';
import { sendToAllSubscriptions } from './sendNotifications.server.ts';

const BASE = 'http://magazine.test';
const SUBSCRIBE = `${BASE}/api/push/subscriptions`;
const UNSUBSCRIBE = `${BASE}/api/push/subscriptions/unsubscribe`;
const vapidKeys = webpush.generateVAPIDKeys();
const VAPID_ENV = {
  VAPID_PUBLIC_KEY: vapidKeys.publicKey,
  VAPID_PRIVATE_KEY: vapidKeys.privateKey,
  VAPID_SUBJECT: 'mailto:redaction@piquante.fr',
};
const FCM = 'https://fcm.googleapis.com/fcm/send/';

describe.each(testDatabaseKinds)('web push API on %s', (kind) => {
  const database = useTestDatabase(kind);
  beforeEach(async () => {
    await database.db.delete(pushSubscriptions);
  });

  function handler(env: NodeJS.ProcessEnv = VAPID_ENV, rateLimitPerMinute = 0) {
    const config = { ...pushConfigFromEnv(env), rateLimitPerMinute };
    const routes = pushHandlers({
      config,
      clientIp: testClientIp,
    });
    return createTestApiHandler(database.db, routes);
  }

  const stored = async () => (await database.db.select().from(pushSubscriptions)).map((row) => row.endpoint);

  it('stores a subscription (201), refreshes its keys when sent again (200), and removes it on unsubscribe', async () => {
    const handle = handler();
    const first = browserSubscription(`${FCM}reader-1`);
    const created = await handle(jsonPost(SUBSCRIBE, first.json));
    expect(created.status).toBe(201);
    expect(created.headers.get('cache-control')).toBe('no-store');
    expect(contract.SubscribePushResponse.parse(await created.json())).toEqual({ status: 'subscribed', message: pushMessages.subscribed });

    const renewed = browserSubscription(`${FCM}reader-1`);
    const again = await handle(jsonPost(SUBSCRIBE, renewed.json));
    expect(again.status).toBe(200);
    expect((await findPushSubscription(database.db, `${FCM}reader-1`))?.p256dh).toBe(renewed.json.keys.p256dh);

    const gone = await handle(jsonPost(UNSUBSCRIBE, { endpoint: `${FCM}reader-1` }));
    expect(gone.status).toBe(200);
    expect(contract.UnsubscribePushResponse.parse(await gone.json()).status).toBe('unsubscribed');
    expect(await stored()).toEqual([]);
    // Unknown endpoint: the same answer.
    expect((await handle(jsonPost(UNSUBSCRIBE, { endpoint: `${FCM}never-seen` }))).status).toBe(200);
  });

  it('answers 404 and stores nothing when notifications are not configured', async () => {
    const response = await handler({})(jsonPost(SUBSCRIBE, browserSubscription(`${FCM}x`).json));
    await expectRefusal(response, 404, pushMessages.disabled);
    await expectRefusal(await handler({})(jsonPost(UNSUBSCRIBE, { endpoint: `${FCM}x` })), 404, pushMessages.disabled);
    expect(await stored()).toEqual([]);
  });

  const valid = () => browserSubscription(`${FCM}hostile`).json;
  const hostile: [string, () => Request, number, RegExp][] = [
    [
      'a form instead of JSON',
      () => new Request(SUBSCRIBE, { method: 'POST', body: new URLSearchParams({ endpoint: `${FCM}x` }) }),
      415,
      /application\/json/,
    ],
    ['no content type', () => new Request(SUBSCRIBE, { method: 'POST', body: JSON.stringify(valid()) }), 415, /application\/json/],
    ['broken JSON', () => jsonPost(SUBSCRIBE, '{"endpoint": '), 400, /JSON valide/],
    [
      'invalid UTF-8',
      () =>
        new Request(SUBSCRIBE, {
          method: 'POST',
          body: new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]),
          headers: { 'content-type': 'application/json' },
        }),
      400,
      /JSON valide/,
    ],
    ['JSON null', () => jsonPost(SUBSCRIBE, 'null'), 400, /.+/],
    ['a JSON array', () => jsonPost(SUBSCRIBE, '[]'), 400, /.+/],
    ['a declared length over the limit', () => jsonPost(SUBSCRIBE, '{}', { 'content-length': '999999' }), 413, /trop volumineux/],
    ['a malformed length', () => jsonPost(SUBSCRIBE, '{}', { 'content-length': '12abc' }), 400, /JSON valide/],
    [
      'a huge streamed body',
      () =>
        new Request(SUBSCRIBE, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: new ReadableStream({
            start(c) {
              for (let i = 0; i < 64; i++) c.enqueue(new Uint8Array(1024).fill(32));
              c.close();
            },
          }),
          duplex: 'half',
        } as RequestInit),
      413,
      /trop volumineux/,
    ],
    ['a missing endpoint', () => jsonPost(SUBSCRIBE, { keys: valid().keys }), 400, /« endpoint » est obligatoire/],
    ['missing keys', () => jsonPost(SUBSCRIBE, { endpoint: `${FCM}x` }), 400, /« keys » est obligatoire/],
    ['an extra field', () => jsonPost(SUBSCRIBE, { ...valid(), userAgent: 'Mozilla' }), 400, /userAgent/],
    ['a short p256dh', () => jsonPost(SUBSCRIBE, { ...valid(), keys: { ...valid().keys, p256dh: 'BAAA' } }), 400, /clés de chiffrement/],
    [
      'a p256dh that is no public key',
      () => jsonPost(SUBSCRIBE, { ...valid(), keys: { ...valid().keys, p256dh: `A${valid().keys.p256dh.slice(1)}` } }),
      400,
      /clés de chiffrement/,
    ],
    [
      'an auth secret of the wrong size',
      () => jsonPost(SUBSCRIBE, { ...valid(), keys: { ...valid().keys, auth: 'abc' } }),
      400,
      /clés de chiffrement/,
    ],
    ['a negative expiration', () => jsonPost(SUBSCRIBE, { ...valid(), expirationTime: -5 }), 400, /expiration/],
    ['a plain http endpoint', () => jsonPost(SUBSCRIBE, { ...valid(), endpoint: 'http://fcm.googleapis.com/fcm/send/x' }), 400, /.+/],
    [
      'an endpoint on an unknown host',
      () => jsonPost(SUBSCRIBE, { ...valid(), endpoint: 'https://attacker.example/collect' }),
      400,
      /n'est pas reconnu/,
    ],
    [
      'an endpoint on a private address',
      () => jsonPost(SUBSCRIBE, { ...valid(), endpoint: 'https://10.0.0.5/internal' }),
      400,
      /n'est pas reconnu/,
    ],
    [
      'the cloud metadata address',
      () => jsonPost(SUBSCRIBE, { ...valid(), endpoint: 'https://169.254.169.254/latest' }),
      400,
      /n'est pas reconnu/,
    ],
    [
      'loopback without the test setting',
      () => jsonPost(SUBSCRIBE, { ...valid(), endpoint: 'https://127.0.0.1:8443/push' }),
      400,
      /n'est pas reconnu/,
    ],
    [
      'a known host on another port',
      () => jsonPost(SUBSCRIBE, { ...valid(), endpoint: 'https://fcm.googleapis.com:8443/x' }),
      400,
      /n'est pas reconnu/,
    ],
    [
      'an endpoint of 3 000 characters',
      () => jsonPost(SUBSCRIBE, { ...valid(), endpoint: `${FCM}${'a'.repeat(3000)}` }),
      400,
      /pas valide/,
    ],
    ['an unsubscribe without endpoint', () => jsonPost(UNSUBSCRIBE, {}), 400, /« endpoint » est obligatoire/],
  ];

  it.each(hostile)('refuses %s with a French message and stores nothing', async (_name, request, status, message) => {
    await expectRefusal(await handler()(request()), status, message);
    expect(await stored()).toEqual([]);
  });

  it('refuses other methods with a 405', async () => {
    const response = await handler()(new Request(SUBSCRIBE));
    await expectRefusal(response, 405);
  });

  it('limits each IP to the configured calls per minute (429 with Retry-After), before reading the body', async () => {
    const handle = handler(VAPID_ENV, 3);
    for (let i = 0; i < 3; i++) expect((await handle(jsonPost(SUBSCRIBE, browserSubscription(`${FCM}r${i}`).json))).status).toBe(201);
    const limited = await handle(jsonPost(SUBSCRIBE, browserSubscription(`${FCM}r3`).json));
    await expectRefusal(limited, 429, /Trop de tentatives/);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await stored()).toHaveLength(3);
    // Another address is not affected.
    expect((await handle(jsonPost(SUBSCRIBE, browserSubscription(`${FCM}r4`).json, {}, '198.51.100.9'))).status).toBe(201);
  });

  describe('sending', () => {
    let service: FakePushService;
    let agent: Agent;
    beforeAll(async () => {
      service = await startFakePushService();
      agent = new Agent({ ca: service.cert });
    });
    afterAll(async () => {
      agent?.destroy();
      await service?.close();
    });

    const article = {
      title: 'Les jeans larges font leur grand retour',
      subtitle: 'On les porte comment ?',
      url: 'les-jeans-larges',
      fullUrl: '/mode/les-jeans-larges',
    };

    it('delivers the encrypted payload, removes what the service says is gone (410), keeps other failures, never contacts refused addresses', async () => {
      const handle = handler({ ...VAPID_ENV, PUSH_ALLOW_LOOPBACK: '1' });
      const reader = browserSubscription(`${service.origin}/push/reader`);
      const left = browserSubscription(`${service.origin}/push/left`);
      const flaky = browserSubscription(`${service.origin}/push/flaky`);
      for (const sub of [reader, left, flaky]) expect((await handle(jsonPost(SUBSCRIBE, sub.json))).status).toBe(201);
      // A row no policy accepts today (stored before a policy change, or by hand): skipped, never contacted.
      const stale = browserSubscription('https://attacker.example/collect').json;
      await savePushSubscription(
        database.db,
        { endpoint: stale.endpoint, p256dh: stale.keys.p256dh, auth: stale.keys.auth, expiresAt: null },
        new Date(),
      );
      service.answer('/push/left', 410);
      service.answer('/push/flaky', 500);
      service.deliveries.length = 0;

      const config = pushConfigFromEnv({ ...VAPID_ENV, PUSH_ALLOW_LOOPBACK: '1' });
      const report = await sendToAllSubscriptions(database.db, articlePayload(article), {
        vapid: config.vapid ?? (VAPID_ENV as never),
        endpoints: config.endpoints,
        agent,
        batchSize: 2,
      });
      expect(report).toEqual({ sent: 1, removed: 1, failed: 1, skipped: 1 });

      const delivery = service.deliveries.find((d) => d.path === '/push/reader');
      expect(delivery?.headers['content-encoding']).toBe('aes128gcm');
      expect(delivery?.headers.ttl).toBe('86400');
      expect(String(delivery?.headers.authorization)).toMatch(new RegExp(`^vapid t=.+, k=${vapidKeys.publicKey}$`));
      expect(delivery?.body.includes(Buffer.from(article.title))).toBe(false);
      expect(JSON.parse(reader.decrypt(delivery?.body ?? Buffer.alloc(0)))).toEqual({
        title: article.title,
        body: article.subtitle,
        url: '/mode/les-jeans-larges',
        icon: '/icons/icon-192.png',
        tag: 'article:les-jeans-larges',
      });
      expect(service.deliveries.map((d) => d.path).sort()).toEqual(['/push/flaky', '/push/left', '/push/reader']);
      expect((await stored()).sort()).toEqual([`${service.origin}/push/flaky`, `${service.origin}/push/reader`, stale.endpoint].sort());
    });

    it('a push service’s name that resolves to an internal address is never contacted (issue 34): counted as refused', async () => {
      await database.db.delete(pushSubscriptions);
      const rebound = browserSubscription(`${FCM}rebound`).json;
      await savePushSubscription(
        database.db,
        { endpoint: rebound.endpoint, p256dh: rebound.keys.p256dh, auth: rebound.keys.auth, expiresAt: null },
        new Date(),
      );
      service.deliveries.length = 0;
      const config = pushConfigFromEnv(VAPID_ENV);
      const report = await sendToAllSubscriptions(database.db, articlePayload(article), {
        vapid: config.vapid ?? (VAPID_ENV as never),
        endpoints: config.endpoints,
        agent,
        // fcm.googleapis.com is an accepted push service; here its name points at this machine.
        resolve: async () => [{ address: '127.0.0.1', family: 4 }],
        timeoutMs: 2_000,
      });
      // Had it been contacted, 127.0.0.1:443 would have been a failure, not a refusal.
      expect(report).toEqual({ sent: 0, removed: 0, failed: 0, skipped: 1 });
      expect(service.deliveries).toHaveLength(0);
      expect(await stored()).toEqual([rebound.endpoint]);
    });
  });
});
