/**
 * IndexNow (issue 36, decision 031) on PGlite and on PostgreSQL (TEST_DATABASE_URL): the key generated once
 * and served at `/{key}.txt` (any other `.txt` is not ours), the changed addresses written with the change
 * (rolled back with it), batched in requests of the configured size, and retried through the real job queue
 * against a loopback engine that fails first; an engine's 422 drops them; the settings refuse bad values.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { articles, indexNowUrls, siteSettings } from '../../../db/schema.ts';
import { testJobHandlers } from '../../../testing/jobHandlers.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../../../testing/testDatabase.ts';
import { indexNowConfigFromEnv } from '../../config/indexNowConfig.ts';
import { outboundPolicyFromEnv } from '../../config/outboundConfig.ts';
import { readServerConfig, ServerConfigError } from '../../config/serverConfig.ts';
import { withEntityTag } from '../../http/httpCache.ts';
import { PermanentJobError } from '../../jobs/jobKinds.ts';
import { type JobQueue, startJobQueue } from '../../jobs/jobQueue.server.ts';
import { publishArticleCopy } from '../../newsroom/articles/articleReaderCopy.ts';
import { findRow } from '../../newsroom/articles/articleQueries.ts';
import { backfillNewsroom } from '../../newsroom/articles/articleReaderCopy.ts';
import { seedDemoContent } from '../../seed/seedDemoContent.server.ts';
import { handleSeoRequest } from '../seoRoutes.server.ts';
import { indexNowJobHandlers, queueIndexNowPing, sendPendingPaths } from './indexNowJobs.ts';
import { loadIndexNowKey } from './indexNowKey.ts';
import { noteChangedPaths, pendingPaths } from './indexNowOutbox.ts';
import type { IndexNowTarget } from './indexNowPing.ts';

const SITE = 'https://www.piquante.test';

interface Ping {
  host: string;
  key: string;
  keyLocation: string;
  urlList: string[];
}

/** A loopback IndexNow engine: answers each POST with the next status of `answers` (then the last one). */
async function startEngine(answers: number[]) {
  const pings: Ping[] = [];
  let calls = 0;
  const server: Server = createServer(async (request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const status = answers[Math.min(calls, answers.length - 1)] ?? 200;
    calls++;
    if (status === 200 || status === 202) pings.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Ping);
    response.writeHead(status).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    pings,
    calls: () => calls,
    endpoint: `http://127.0.0.1:${port}/indexnow`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const policy = outboundPolicyFromEnv({ OUTBOUND_ALLOW_HOSTS: '127.0.0.1' });
const targetOf = (endpoint: string, key = 'cle-indexnow-de-test'): IndexNowTarget => ({ endpoint, key, siteUrl: SITE, policy });

describe.each(testDatabaseKinds)('IndexNow on %s', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDemoContent(database.db, { articles: 4 });
    await backfillNewsroom(database.db);
  }, 120_000);
  afterAll(async () => {
    await database?.dispose();
  });
  beforeEach(async () => {
    await database.db.delete(indexNowUrls);
  });

  it('generates a 32-hex key once and keeps it; INDEXNOW_KEY wins', async () => {
    await database.db.delete(siteSettings);
    const first = await loadIndexNowKey(database.db, null);
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(await loadIndexNowKey(database.db, null)).toBe(first);
    expect(await loadIndexNowKey(database.db, 'ma-cle-a-moi')).toBe('ma-cle-a-moi');
  });

  it('serves the key at /{key}.txt as cacheable text; any other .txt is not answered', async () => {
    const key = await loadIndexNowKey(database.db, null);
    const open = async () => ({ db: database.db, siteUrl: SITE, indexNowKey: key });
    const request = new Request(`${SITE}/${key}.txt`);
    const answer = await withEntityTag(request, (await handleSeoRequest(new URL(request.url), open)) as Response);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(answer.headers.get('cache-control')).toMatch(/public/);
    expect(answer.headers.get('etag')).toBeTruthy();
    expect(await answer.text()).toBe(key);
    for (const path of [
      '/0123456789abcdef0123456789abcdef.txt',
      `/${key.toUpperCase()}.txt`,
      `/${key}.txt.bak`,
      `/x/${key}.txt`,
      '/%2e%2e%2fetc%2fpasswd.txt',
      `/${'a'.repeat(200)}.txt`,
      '/court.txt',
    ]) {
      expect(await handleSeoRequest(new URL(`${SITE}${path}`), open), path).toBeNull();
    }
    expect((await handleSeoRequest(new URL(`${SITE}/robots.txt`), open))?.status).toBe(200);
  });

  it('notes the addresses with the change: rolled back, nothing is noted', async () => {
    const [article] = await database.db.select({ id: articles.id }).from(articles).limit(1);
    const row = await findRow(database.db, article?.id ?? 0);
    if (!row) throw new Error('no article');
    const edited = { ...row, title: `${row.title} (modifié)` };
    await database.db
      .transaction(async (tx) => {
        await publishArticleCopy(tx, edited, new Date('2026-11-20T10:00:00Z'));
        throw new Error('rollback');
      })
      .catch(() => {});
    expect(await pendingPaths(database.db, 10)).toEqual([]);
    await database.db.transaction(async (tx) => publishArticleCopy(tx, edited, new Date('2026-11-20T10:00:00Z')));
    const noted = await pendingPaths(database.db, 10);
    expect(noted).toHaveLength(1);
    expect(noted[0]?.path).toMatch(new RegExp(`/[a-z-]+/${row.slug}$`));
    expect(noted[0]?.changedAt.toISOString()).toBe('2026-11-20T10:00:00.000Z');
  });

  it('sends every waiting address in batches of the configured size, then clears them', async () => {
    const engine = await startEngine([200]);
    try {
      const now = new Date();
      await noteChangedPaths(database.db, ['/mode/un', '/mode/deux', '/beaute/trois', '/mode/un'], now);
      const sent = await sendPendingPaths({ db: database.db, target: targetOf(engine.endpoint), batchSize: 2 });
      expect(sent).toBe(3);
      expect(engine.pings).toHaveLength(2);
      expect(engine.pings.flatMap((ping) => ping.urlList).sort()).toEqual(
        [`${SITE}/beaute/trois`, `${SITE}/mode/deux`, `${SITE}/mode/un`].sort(),
      );
      expect(engine.pings[0]).toMatchObject({
        host: 'www.piquante.test',
        key: 'cle-indexnow-de-test',
        keyLocation: `${SITE}/cle-indexnow-de-test.txt`,
      });
      expect(await pendingPaths(database.db, 10)).toEqual([]);
    } finally {
      await engine.close();
    }
  });

  it('keeps the addresses when the engine fails, and drops them when it refuses them for good (422)', async () => {
    const engine = await startEngine([503, 422]);
    try {
      await noteChangedPaths(database.db, ['/mode/un'], new Date());
      const deps = { db: database.db, target: targetOf(engine.endpoint) };
      await expect(sendPendingPaths(deps)).rejects.toThrow(/HTTP 503/);
      expect(await pendingPaths(database.db, 10)).toHaveLength(1);
      await expect(sendPendingPaths(deps)).rejects.toBeInstanceOf(PermanentJobError);
      expect(await pendingPaths(database.db, 10)).toEqual([]);
    } finally {
      await engine.close();
    }
  });

  it('sends nothing without an endpoint', async () => {
    await noteChangedPaths(database.db, ['/mode/un'], new Date());
    expect(await sendPendingPaths({ db: database.db, target: null })).toBe(0);
  });

  it('refuses an internal endpoint that OUTBOUND_ALLOW_HOSTS does not name (guarded fetch): dropped, not retried', async () => {
    await noteChangedPaths(database.db, ['/mode/un'], new Date());
    const target = { ...targetOf('http://127.0.0.1:9/indexnow'), policy: { allowHosts: [] } };
    await expect(sendPendingPaths({ db: database.db, target })).rejects.toBeInstanceOf(PermanentJobError);
    expect(await pendingPaths(database.db, 10)).toEqual([]);
  });

  describe('through the job queue', () => {
    let jobs: JobQueue;
    let engine: Awaited<ReturnType<typeof startEngine>>;

    beforeAll(async () => {
      engine = await startEngine([503, 200]);
      jobs = await startJobQueue(database, { log: () => {} });
      await jobs.work(testJobHandlers(indexNowJobHandlers({ db: database.db, target: targetOf(engine.endpoint) })), {
        pollingIntervalSeconds: 0.5,
      });
    });
    afterAll(async () => {
      await jobs?.stop();
      await engine?.close();
    });

    it('a burst of changes is one waiting job; a failed ping is retried and the addresses arrive once', async () => {
      await database.exec('DELETE FROM pgboss.job');
      await noteChangedPaths(database.db, ['/mode/un', '/mode/deux'], new Date());
      const now = new Date(Date.now() - 10_000);
      for (let i = 0; i < 5; i++) await queueIndexNowPing(jobs, now);
      expect((await jobs.pending())['indexnow.ping']).toBe(1);
      await expect.poll(() => engine.pings.length, { timeout: 45_000, interval: 250 }).toBe(1);
      expect(engine.calls()).toBe(2);
      expect(engine.pings[0]?.urlList.sort()).toEqual([`${SITE}/mode/deux`, `${SITE}/mode/un`]);
      await expect.poll(async () => (await pendingPaths(database.db, 10)).length, { timeout: 10_000 }).toBe(0);
    }, 60_000);
  });
});

describe('IndexNow settings', () => {
  it('takes a valid key and an http(s) endpoint; unset is off', () => {
    expect(indexNowConfigFromEnv({})).toEqual({ key: null, endpoint: null });
    expect(indexNowConfigFromEnv({ INDEXNOW_KEY: 'abcd-1234', INDEXNOW_ENDPOINT: 'https://api.indexnow.org/indexnow' })).toEqual({
      key: 'abcd-1234',
      endpoint: 'https://api.indexnow.org/indexnow',
    });
  });

  it.each(['court', 'a'.repeat(129), 'avec espace', 'clé-accentuée', 'x/../../etc', '<script>'])(
    'refuses the key %j in one sentence naming INDEXNOW_KEY',
    (key) => {
      expect(() => indexNowConfigFromEnv({ INDEXNOW_KEY: key })).toThrow(/^INDEXNOW_KEY must be 8 to 128 letters/);
    },
  );

  it.each(['ftp://moteur.example/indexnow', 'api.indexnow.org', 'javascript:alert(1)', 'http://'])(
    'refuses the endpoint %j',
    (endpoint) => {
      expect(() => indexNowConfigFromEnv({ INDEXNOW_ENDPOINT: endpoint })).toThrow(/^INDEXNOW_ENDPOINT must be an http\(s\) URL/);
    },
  );

  it('is checked with the rest of the configuration at start', () => {
    expect(() => readServerConfig({ INDEXNOW_KEY: 'court' })).toThrow(ServerConfigError);
  });
});
