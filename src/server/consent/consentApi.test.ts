/**
 * POST /api/consent in-process, on PGlite and on PostgreSQL when TEST_DATABASE_URL is set: answers parsed
 * with the contract's zod schemas, and the table checked after each refusal (nothing stored).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import * as contract from '../../api/generated/zod.ts';
import { consentRecords } from '../../db/schema.ts';
import { expectRefusal, jsonPost, testClientIp } from '../../testing/apiRequests.ts';
import { testDatabaseKinds } from '../../testing/testDatabase.ts';
import { useTestDatabase } from '../../testing/useTestDatabase.ts';
import { createTestApiHandler } from '../../testing/testApiHandler.ts';
import { listConsentRecords } from './consentRecords.server.ts';
import { consentHandlers, consentMessages } from './consentRoutes.ts';

const URL_ = 'http://magazine.test/api/consent';
const post = (body: unknown, headers: Record<string, string> = {}, ip?: string) => jsonPost(URL_, body, headers, ip);
const ID = '3f0c1d2e-8b4a-4c6f-9a1e-2d7b5c3e9f10';

const refusal = {
  consentId: ID,
  policyVersion: 1,
  acceptType: 'necessary',
  purposes: { enabled: ['necessary'], disabled: ['marketing', 'analytics'] },
  vendors: { enabled: [], disabled: ['piquante', 'matomo'] },
};

describe.each(testDatabaseKinds)('consent proof API on %s', (kind) => {
  const database = useTestDatabase(kind);
  beforeEach(async () => {
    await database.db.delete(consentRecords);
  });

  const at = new Date('2026-11-23T10:15:00.000Z');
  function handler(rateLimitPerMinute = 0) {
    const routes = consentHandlers({
      rateLimitPerMinute,
      clientIp: testClientIp,
      now: () => at,
    });
    return createTestApiHandler(database.db, routes);
  }
  const stored = () => listConsentRecords(database.db, 0, 100);

  it('records a choice (201, no-store) with its id, choices, policy version and time, and nothing about the reader', async () => {
    const response = await handler()(post(refusal));
    expect(response.status).toBe(201);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(contract.RecordConsentResponse.parse(await response.json())).toEqual({ consentId: ID, recordedAt: at.toISOString() });
    const rows = await stored();
    expect(rows).toHaveLength(1);
    const row = rows[0];
    expect(row).toMatchObject({
      consentId: ID,
      policyVersion: 1,
      acceptType: 'necessary',
      purposes: refusal.purposes,
      vendors: refusal.vendors,
    });
    expect(row?.recordedAt.toISOString()).toBe(at.toISOString());
    // Only these columns exist: no IP address, no user agent.
    expect(Object.keys(row ?? {}).sort()).toEqual(['acceptType', 'consentId', 'id', 'policyVersion', 'purposes', 'recordedAt', 'vendors']);
  });

  it('keeps every later change under the same id (the history is the proof)', async () => {
    const handle = handler();
    await handle(post(refusal));
    await handle(
      post({
        ...refusal,
        acceptType: 'custom',
        purposes: { enabled: ['necessary', 'marketing'], disabled: ['analytics'] },
        vendors: { enabled: ['piquante'], disabled: ['matomo'] },
      }),
    );
    const rows = await stored();
    expect(rows.map((r) => r.acceptType)).toEqual(['necessary', 'custom']);
    expect(new Set(rows.map((r) => r.consentId))).toEqual(new Set([ID]));
  });

  it('hostile bodies get a French 400/413/415 and store nothing', async () => {
    const handle = handler();
    const cases: [unknown, number, RegExp?][] = [
      ['{', 400, /JSON valide/],
      ['null', 400],
      ['[]', 400],
      [{}, 400, /obligatoire/],
      [{ ...refusal, consentId: 'pas-un-uuid' }, 400, /identifiant de consentement/],
      [{ ...refusal, consentId: "'; DROP TABLE consent_records; --" }, 400, /identifiant de consentement/],
      [{ ...refusal, policyVersion: 0 }, 400, /version/],
      [{ ...refusal, policyVersion: 1.5 }, 400, /version/],
      [{ ...refusal, policyVersion: '1' }, 400, /version/],
      [{ ...refusal, acceptType: 'tout' }, 400, /type de choix/],
      [{ ...refusal, ip: '1.2.3.4' }, 400, /n'est pas attendu/],
      [{ ...refusal, purposes: { enabled: ['<script>'], disabled: [] } }, 400, /finalités ou des partenaires/],
      [{ ...refusal, purposes: { enabled: ['publicite'], disabled: [] } }, 400, /La finalité « publicite » n'existe pas/],
      [{ ...refusal, vendors: { enabled: ['doubleclick'], disabled: [] } }, 400, /Le partenaire « doubleclick » n'existe pas/],
      [{ ...refusal, vendors: { enabled: ['matomo'], disabled: ['matomo'] } }, 400, /à la fois accepté et refusé/],
      [{ ...refusal, vendors: { enabled: Array(21).fill('matomo'), disabled: [] } }, 400],
      [{ ...refusal, purposes: 'tout' }, 400],
    ];
    for (const [body, status, message] of cases) {
      await expectRefusal(await handle(post(body)), status, message);
    }
    await expectRefusal(await handle(post(refusal, { 'content-type': 'text/plain' })), 415, /application\/json/);
    await expectRefusal(await handle(post('x'.repeat(5000))), 413, /volumineux/);
    await expectRefusal(await handle(post(refusal, { 'content-length': '999999' })), 413, /volumineux/);
    expect(await stored()).toEqual([]);
  });

  it('a flood from one address gets a French 429 with Retry-After; another address is not affected', async () => {
    const handle = handler(3);
    for (let i = 0; i < 3; i++) expect((await handle(post(refusal))).status).toBe(201);
    const limited = await handle(post(refusal));
    await expectRefusal(limited, 429, consentMessages.tooManyRequests);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await handle(post(refusal, {}, '198.51.100.2'))).status).toBe(201);
    expect(await stored()).toHaveLength(4);
  });

  it('only POST: a GET is a 405, never a list of proofs', async () => {
    const response = await handler()(new Request(URL_));
    expect(response.status).toBe(405);
  });
});
