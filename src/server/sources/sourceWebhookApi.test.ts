/**
 * POST /api/sources/webhook in-process (the real router, contract checks on every answer), on PGlite and on
 * PostgreSQL when TEST_DATABASE_URL is set, with the real Ghost adapter verifying deliveries a real Ghost 6.65
 * made (testing/recorded/webhooks.ndjson). The sync behind is a recorder here: what it is asked, and that a
 * refused delivery asks it nothing. The sync itself (older versions never written back) is tested on its own,
 * and end to end against a real Ghost (tests/e2e/sources/ghost.spec.ts).
 */
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as contract from '../../api/generated/zod.ts';
import { expectRefusal, jsonPost, testClientIp } from '../../testing/apiRequests.ts';
import { createTestApiHandler } from '../../testing/testApiHandler.ts';
import { testDatabaseKinds } from '../../testing/testDatabase.ts';
import { useTestDatabase } from '../../testing/useTestDatabase.ts';
import { createGhostSource } from './ghost/ghostSource.ts';
import type { LiveSource } from './liveSource.ts';
import { type SourceChangeSink, sourceWebhookHandlers, sourceWebhookMessages } from './sourceWebhookRoutes.ts';

const URL_ = 'http://magazine.test/api/sources/webhook';
const SECRET = '0123456789abcdef-secret';
const deliveries = readFileSync(join(import.meta.dirname, 'ghost', 'testing', 'recorded', 'webhooks.ndjson'), 'utf8')
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line) as { signature: string; body: string });
const POST_ID = '6b0bb8712663df03c31e772e';
const timeOf = (signature: string) => new Date(Number(/t=(\d+)/.exec(signature)?.[1]));

function ghost(now: Date, secret: string | null = SECRET): LiveSource {
  return createGhostSource({
    url: 'http://127.0.0.1:1',
    contentKey: '3b313124a5d447395b108e46ff',
    adminKey: null,
    webhookSecret: secret,
    policy: { allowHosts: [] },
    timeoutMs: 1000,
    maxBytes: 1024 * 1024,
    imageMaxBytes: 1024 * 1024,
    now: () => now,
  });
}

function recorder(behaviour: { delayMs?: number; fail?: boolean; outcome?: string } = {}) {
  const calls: string[] = [];
  const act = async (what: string) => {
    calls.push(what);
    if (behaviour.delayMs) await new Promise((resolve) => setTimeout(resolve, behaviour.delayMs));
    if (behaviour.fail) throw new Error('Ghost : serveur injoignable (/ghost/api/content/posts/x/)');
    return behaviour.outcome ?? 'written';
  };
  const sink: SourceChangeSink = {
    applySourceChange: (id) => act(`change ${id}`),
    applySourceDeletion: (id) => act(`delete ${id}`),
    poll: () => act('poll'),
  };
  return { sink, calls };
}

const delivery = (d: { signature: string; body: string }, headers: Record<string, string> = {}) =>
  jsonPost(URL_, d.body, { 'x-ghost-signature': d.signature, ...headers });

describe.each(testDatabaseKinds)('source webhook API on %s', (kind) => {
  const database = useTestDatabase(kind);
  const logs: string[] = [];
  function handler(source: LiveSource | null, sink: SourceChangeSink | null, waitMs = 1500) {
    return createTestApiHandler(
      database.db,
      sourceWebhookHandlers({ source, sync: sink, clientIp: testClientIp, waitMs, log: (line) => logs.push(line) }),
    );
  }

  it('a real Ghost’s deliveries: each asks the sync to read the post (by id only), a deletion withdraws it', async () => {
    const outcomes: unknown[] = [];
    const { sink, calls } = recorder();
    for (const d of deliveries) {
      const response = await handler(ghost(timeOf(d.signature)), sink)(delivery(d));
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      outcomes.push(contract.ReceiveSourceWebhookResponse.parse(await response.json()));
    }
    expect(calls.slice(0, 9)).toEqual([...Array(8).fill(`change ${POST_ID}`), `delete ${POST_ID}`]);
    expect(outcomes[8]).toEqual({ event: 'post.deleted', outcome: 'written' });
  });

  it('a tag’s change runs a pass (terms read again); members and site.changed are ignored', async () => {
    const { sink, calls } = recorder();
    const handle = handler(ghost(new Date()), sink);
    const signed = (body: unknown) => {
      const text = JSON.stringify(body);
      const t = Date.now();
      const hmac = createHmac('sha256', SECRET).update(`${text}${t}`).digest('hex');
      return { signature: `sha256=${hmac}, t=${t}`, body: text };
    };
    const tag = await handle(delivery(signed({ event: 'tag.edited', tag: { current: { id: '6b0bb8602663df03c31e76ff' }, previous: {} } })));
    expect(await tag.json()).toEqual({ event: 'terms.changed', outcome: 'refreshed' });
    const member = await handle(delivery(signed({ event: 'member.added', member: { current: { id: POST_ID } } })));
    expect(await member.json()).toEqual({ event: 'ignored', outcome: 'ignored' });
    expect(calls).toEqual(['poll']);
  });

  it('refuses with a French 401 and asks nothing of the sync: no signature, a forged one, another secret, a tampered body, a stale or replayed-late delivery', async () => {
    const { sink, calls } = recorder();
    const d = deliveries[0] as { signature: string; body: string };
    const at = timeOf(d.signature);
    const handle = handler(ghost(at), sink);
    await expectRefusal(await handle(jsonPost(URL_, d.body)), 401, /Webhook refusé : Signature absente/);
    await expectRefusal(await handle(delivery({ ...d, signature: 'sha256=00, t=1' })), 401, /illisible/);
    await expectRefusal(
      await handle(delivery({ ...d, signature: d.signature.replace(/sha256=[0-9a-f]{4}/, 'sha256=0000') })),
      401,
      /invalide/,
    );
    await expectRefusal(await handle(delivery({ ...d, body: d.body.replace('Cycle', 'Cyclo') })), 401, /invalide/);
    await expectRefusal(await handler(ghost(at, 'another-secret-16ch'), sink)(delivery(d)), 401, /invalide/);
    await expectRefusal(await handler(ghost(new Date(at.getTime() + 10 * 60_000)), sink)(delivery(d)), 401, /périmée/);
    await expectRefusal(await handler(ghost(at, null), sink)(delivery(d)), 401, /SOURCE_WEBHOOK_SECRET/);
    expect(calls).toEqual([]);
  });

  it('hostile bodies: wrong type 415, too large 413, before the signature is even computed', async () => {
    const { sink, calls } = recorder();
    const d = deliveries[0] as { signature: string; body: string };
    const handle = handler(ghost(timeOf(d.signature)), sink);
    await expectRefusal(await handle(delivery(d, { 'content-type': 'text/plain' })), 415);
    await expectRefusal(await handle(delivery({ ...d, body: `{"x":"${'a'.repeat(3 * 1024 * 1024)}"}` })), 413);
    await expectRefusal(await handle(delivery(d, { 'content-length': '99999999999' })), 413);
    expect(calls).toEqual([]);
  });

  it('a signed body that is not what Ghost sends is ignored (200), nothing asked', async () => {
    const { sink, calls } = recorder();
    const handle = handler(ghost(new Date()), sink);
    for (const text of ['{"post":', '[]', '{"post":{"current":{"id":"../../etc"}}}', '"x"']) {
      const t = Date.now();
      const hmac = createHmac('sha256', SECRET).update(`${text}${t}`).digest('hex');
      const response = await handle(jsonPost(URL_, text, { 'x-ghost-signature': `sha256=${hmac}, t=${t}` }));
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ event: 'ignored', outcome: 'ignored' });
    }
    expect(calls).toEqual([]);
  });

  it('a slow change answers 202 within the wait and finishes after; a failing one answers 503 (Ghost retries) and is logged', async () => {
    const d = deliveries[0] as { signature: string; body: string };
    const slow = recorder({ delayMs: 400 });
    const started = Date.now();
    const pending = await handler(ghost(timeOf(d.signature)), slow.sink, 100)(delivery(d));
    expect(pending.status).toBe(202);
    expect(await pending.json()).toEqual({ event: 'post.changed', outcome: 'pending' });
    expect(Date.now() - started).toBeLessThan(400);
    const failing = recorder({ fail: true });
    logs.length = 0;
    const response = await handler(ghost(timeOf(d.signature)), failing.sink)(delivery(d));
    await expectRefusal(response, 503, sourceWebhookMessages.unavailable);
    expect(logs.join('\n')).toMatch(/not applied/);
  });

  it('without a live source (CONTENT_SOURCE=piquante), a French 404', async () => {
    const d = deliveries[0] as { signature: string; body: string };
    await expectRefusal(await handler(null, null)(delivery(d)), 404, sourceWebhookMessages.noSource);
  });
});
