/**
 * The CDN purge (decision 032) against loopback stubs of Cloudflare's purge-by-tag and Fastly's
 * surrogate-key purge: the shape of each call, the split at each API's limit, the configuration's
 * sentences, and the outbox on both databases — tags recorded in the change's transaction (none when it
 * rolls back, none without a CDN), a process killed before the purge leaving them for the next start, the
 * CDN failing first and the drain retried until it takes the purge (nothing deleted before), each failure
 * in the newsroom's journal, huge and hostile sets batched, the token in no log line nor journal entry.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testJobHandlers } from '../../testing/jobHandlers.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../../testing/testDatabase.ts';
import { type CdnPurgeConfig, cdnPurgeConfigFromEnv } from '../config/cdnPurgeConfig.ts';
import { readServerConfig } from '../config/serverConfig.ts';
import { startJobQueue } from '../jobs/jobQueue.server.ts';
import { listAudit } from '../newsroom/audit.server.ts';
import { cdnPurgeRecorder, createContentPurge, queueCdnDrain } from '../cache/contentPurge.ts';
import type { Database } from '../../db/client.ts';
import { cdnPurgeTags, siteSettings } from '../../db/schema.ts';
import { cdnJobHandlers, drainCdnPurges, startCdnPurge } from './cdnJobs.ts';
import { clearPurgedTags, pendingPurgeTags } from './cdnPurgeOutbox.ts';
import { CDN_TAGS_PER_CALL, cdnPurgeCalls, purgeAtCdn } from './cdnPurge.ts';

const TOKEN = 'jeton-secret-du-cdn-42';
const policy = { allowHosts: ['127.0.0.1'] };

interface Call {
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A CDN's purge API on loopback: answers `statuses` in turn (then 200), records every call. */
function cdnStub(kind: 'cloudflare' | 'fastly') {
  const calls: Call[] = [];
  const statuses: number[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      calls.push({ url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const status = statuses.shift() ?? 200;
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(
        kind === 'cloudflare' ? JSON.stringify({ success: status === 200, errors: [], messages: [] }) : JSON.stringify({ status: 'ok' }),
      );
    });
  });
  return {
    calls,
    statuses,
    start: () => new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done())),
    url: (path: string) => `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
    stop: () => new Promise<void>((done) => server.close(() => done())),
  };
}

const tags = (n: number) => Array.from({ length: n }, (_, i) => `a:${i + 1}`);

describe('CDN purge configuration', () => {
  it('none set: no CDN', () => {
    expect(cdnPurgeConfigFromEnv({})).toBeNull();
  });
  it('all three set: the kind, the URL and the token', () => {
    expect(
      cdnPurgeConfigFromEnv({
        CDN_PURGE_URL: 'https://api.cloudflare.com/client/v4/zones/abc/purge_cache',
        CDN_PURGE_TOKEN: TOKEN,
        CDN_PURGE_KIND: 'Cloudflare',
      }),
    ).toEqual({ kind: 'cloudflare', url: 'https://api.cloudflare.com/client/v4/zones/abc/purge_cache', token: TOKEN });
  });
  it.each([
    [{ CDN_PURGE_URL: 'https://api.fastly.com/service/x/purge', CDN_PURGE_TOKEN: TOKEN }, /CDN_PURGE_KIND must be cloudflare or fastly/],
    [
      { CDN_PURGE_URL: 'https://api.fastly.com/service/x/purge', CDN_PURGE_TOKEN: TOKEN, CDN_PURGE_KIND: 'akamai' },
      /CDN_PURGE_KIND.*akamai/,
    ],
    [{ CDN_PURGE_URL: 'https://api.fastly.com/service/x/purge', CDN_PURGE_KIND: 'fastly' }, /CDN_PURGE_TOKEN is missing/],
    [{ CDN_PURGE_URL: 'pas une adresse', CDN_PURGE_TOKEN: TOKEN, CDN_PURGE_KIND: 'fastly' }, /CDN_PURGE_URL must be an http\(s\) URL/],
    [
      { CDN_PURGE_URL: 'ftp://cdn.example/purge', CDN_PURGE_TOKEN: TOKEN, CDN_PURGE_KIND: 'fastly' },
      /CDN_PURGE_URL must be an http\(s\) URL/,
    ],
    [{ CDN_PURGE_URL: 'https://user:pw@cdn.example/purge', CDN_PURGE_TOKEN: TOKEN, CDN_PURGE_KIND: 'fastly' }, /must not hold credentials/],
    [{ CDN_PURGE_TOKEN: TOKEN }, /CDN_PURGE_URL is missing/],
    [{ CDN_PURGE_URL: 'https://cdn.example/purge', CDN_PURGE_TOKEN: 'a\nb', CDN_PURGE_KIND: 'fastly' }, /one line/],
  ])('%o is refused with one sentence naming the variable', (env, message) => {
    expect(() => cdnPurgeConfigFromEnv(env)).toThrow(message);
  });
  it('the server refuses to start on a wrong setting, and the sentence does not show the token', () => {
    let problems: string[] = [];
    try {
      readServerConfig({ CDN_PURGE_URL: 'https://api.fastly.com/service/x/purge', CDN_PURGE_TOKEN: TOKEN, CDN_PURGE_KIND: 'varnish' });
    } catch (error) {
      problems = (error as { problems: string[] }).problems;
    }
    expect(problems.join('\n')).toMatch(/CDN_PURGE_KIND/);
    expect(problems.join('\n')).not.toContain(TOKEN);
  });
});

describe('CDN purge calls', () => {
  const cloudflare: CdnPurgeConfig = { kind: 'cloudflare', url: 'https://cdn.example/purge', token: TOKEN };
  const fastly: CdnPurgeConfig = { kind: 'fastly', url: 'https://cdn.example/purge', token: TOKEN };
  it('Cloudflare: a Bearer token and {"tags": […]}, 30 tags a call', () => {
    const calls = cdnPurgeCalls(cloudflare, tags(61));
    expect(calls.map((call) => (JSON.parse(call.body) as { tags: string[] }).tags.length)).toEqual([30, 30, 1]);
    expect(calls[0]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(CDN_TAGS_PER_CALL.cloudflare).toBe(30);
  });
  it('Fastly: a Fastly-Key and the keys space-separated in Surrogate-Key, 256 a call', () => {
    const calls = cdnPurgeCalls(fastly, tags(300));
    expect(calls.map((call) => call.headers['surrogate-key']?.split(' ').length)).toEqual([256, 44]);
    expect(calls[0]?.headers['fastly-key']).toBe(TOKEN);
  });
  it('hostile tags (spaces, commas, line breaks, too long) are never sent', () => {
    const calls = cdnPurgeCalls(fastly, ['a:1', 'a 2', 'a,3', 'a:4\r\nX-Injected: 1', 'x'.repeat(1025), '']);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers['surrogate-key']).toBe('a:1');
  });
  it('an address the guard refuses is not contacted, and is said to be unreachable for good', async () => {
    const outcome = await purgeAtCdn({ ...fastly, url: 'http://127.0.0.1:9/purge' }, ['a:1'], { allowHosts: [] });
    expect(outcome).toEqual({ ok: false, problem: 'the CDN could not be reached (refused)', permanent: true });
  });
});

describe.each(['cloudflare', 'fastly'] as const)('%s stub', (kind) => {
  const stub = cdnStub(kind);
  beforeAll(() => stub.start());
  afterAll(() => stub.stop());
  beforeEach(() => {
    stub.calls.length = 0;
  });

  it('takes the purge in its own shape', async () => {
    const config: CdnPurgeConfig = { kind, url: stub.url('/purge'), token: TOKEN };
    const outcome = await purgeAtCdn(config, ['home', 'a:12', 'c:mode'], policy);
    expect(outcome).toEqual({ ok: true, calls: 1 });
    const [call] = stub.calls;
    if (kind === 'cloudflare') {
      expect(call?.headers.authorization).toBe(`Bearer ${TOKEN}`);
      expect(JSON.parse(call?.body ?? '')).toEqual({ tags: ['a:12', 'c:mode', 'home'] });
    } else {
      expect(call?.headers['fastly-key']).toBe(TOKEN);
      expect(call?.headers['surrogate-key']).toBe('a:12 c:mode home');
    }
  });

  it('a refusal is a failure that names the status only', async () => {
    stub.statuses.push(403);
    const outcome = await purgeAtCdn({ kind, url: stub.url('/purge'), token: TOKEN }, ['home'], policy);
    expect(outcome).toEqual({ ok: false, problem: 'the CDN answered 403', permanent: false });
  });
});

describe.each(testDatabaseKinds)('the CDN outbox and its drain on %s', (kind) => {
  const stub = cdnStub('cloudflare');
  let database: TestDatabase;
  let db: Database;
  let config: CdnPurgeConfig;
  const routes = { database: { kind: 'pglite', dataDir: null } as never, redisUrl: null };
  const now = () => new Date();
  /** A queue that only records what it is asked (no job runs: the process "dies" before any would). */
  const recorder = () => {
    const queued: { name: string; data: unknown; options: unknown }[] = [];
    return {
      queued,
      enqueue: async (name: string, data: unknown, options?: unknown) => {
        queued.push({ name, data, options });
        return null;
      },
      pending: async () => ({ 'cdn.drain': 0 }) as never,
    };
  };
  const waiting = async () => (await pendingPurgeTags(db, 10_000)).map((row) => row.tag).sort();
  const sentTags = () => stub.calls.map((call) => (JSON.parse(call.body) as { tags: string[] }).tags);

  beforeAll(async () => {
    await stub.start();
    database = await createTestDatabase(kind);
    db = database.db;
    config = { kind: 'cloudflare', url: stub.url('/client/v4/zones/z/purge_cache'), token: TOKEN };
  }, 60_000);
  afterAll(async () => {
    await database?.dispose();
    await stub.stop();
  });
  beforeEach(async () => {
    await db.delete(cdnPurgeTags);
    stub.calls.length = 0;
    stub.statuses.length = 0;
  });

  it('a change records its tags in its own transaction; a rolled-back change records none; no CDN, no row', async () => {
    const announced: (readonly string[] | undefined)[] = [];
    const queue = recorder();
    const purge = createContentPurge({ routes, cdn: config, jobs: queue, announce: async (_r, tags) => void announced.push(tags) });
    await db.transaction(async (tx) => {
      await tx.insert(siteSettings).values({ name: 'cdn-test-1', value: 'écrit' });
      await purge.record(tx, ['home', 'a:7', 'c:mode', 'a:7']);
    });
    expect(await waiting()).toEqual(['a:7', 'c:mode', 'home']);
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(siteSettings).values({ name: 'cdn-test-2', value: 'annulé' });
        await purge.record(tx, ['a:8']);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await waiting()).toEqual(['a:7', 'c:mode', 'home']);
    // A change nothing finer describes is `site` at the CDN.
    await db.transaction((tx) => purge.record(tx));
    expect(await waiting()).toContain('site');
    // After the commit: the page caches are told, and one drain is asked for (the table is the batch).
    await purge.changed(['a:7']);
    expect(announced).toEqual([['a:7']]);
    expect(queue.queued).toEqual([{ name: 'cdn.drain', data: {}, options: { singletonKey: 'cdn' } }]);

    await db.delete(cdnPurgeTags);
    const off = recorder();
    const none = createContentPurge({ routes, cdn: null, jobs: off, announce: async () => {} });
    await db.transaction((tx) => none.record(tx, ['a:9']));
    await none.changed(['a:9']);
    expect(await waiting()).toEqual([]);
    expect(off.queued).toEqual([]);
  });

  it('a process killed between the commit and the purge: the next start purges what it recorded', async () => {
    // The change commits with its tags; the process dies before any job is queued or run.
    await db.transaction(async (tx) => {
      await tx.insert(siteSettings).values({ name: 'cdn-test-3', value: 'avant le crash' });
      await cdnPurgeRecorder(config)(tx, ['a:12', 'c:beaute', 'home']);
    });
    // A new process: a fresh queue, its workers, and boot's look at the outbox.
    const lines: string[] = [];
    const jobs = await startJobQueue(database, { log: (line) => lines.push(line) });
    try {
      await jobs.work(testJobHandlers(cdnJobHandlers({ db, config, policy, now, jobs })), { pollingIntervalSeconds: 0.5 });
      const boot = await startCdnPurge(db, config, jobs, { log: (line) => lines.push(line), sweepSeconds: 3600 });
      boot.stop();
      expect(boot.waiting).toBe(3);
      expect(lines.join('\n')).toContain('3 tag(s) left waiting are purged now');
      await until(async () => (await waiting()).length === 0 && (await jobs.pending())['cdn.drain'] === 0, 30_000);
      expect(sentTags()).toEqual([['a:12', 'c:beaute', 'home']]);
      expect(JSON.stringify(lines)).not.toContain(TOKEN);
    } finally {
      await jobs.stop();
    }
  }, 60_000);

  it('the CDN down: nothing leaves the outbox until it accepts; retried with back-off, each failure in the journal', async () => {
    await db.transaction((tx) => cdnPurgeRecorder(config)(tx, ['a:7', 'c:mode', 'home']));
    // Direct: a refusal keeps every tag.
    stub.statuses.push(503);
    const refused = await drainCdnPurges({ db, config, policy, now });
    expect(refused).toEqual({ ok: false, purged: 0, calls: 1, problem: 'the CDN answered 503' });
    expect(await waiting()).toEqual(['a:7', 'c:mode', 'home']);
    // Through the queue: the first attempt fails, the retry (5 s later) goes through.
    stub.calls.length = 0;
    stub.statuses.push(503);
    const lines: string[] = [];
    const jobs = await startJobQueue(database, { log: (line) => lines.push(line) });
    try {
      await jobs.work(testJobHandlers(cdnJobHandlers({ db, config, policy, now, jobs })), { pollingIntervalSeconds: 0.5 });
      await queueCdnDrain(jobs);
      await until(async () => stub.calls.length >= 1, 20_000);
      expect(await waiting()).toEqual(['a:7', 'c:mode', 'home']);
      await until(async () => (await waiting()).length === 0 && (await jobs.pending())['cdn.drain'] === 0, 45_000);
    } finally {
      await jobs.stop();
    }
    expect(stub.calls).toHaveLength(2);
    for (const tags of sentTags()) expect(tags).toEqual(['a:7', 'c:mode', 'home']);
    const journal = await listAudit(db, { limit: 10, offset: 0 });
    const actions = journal.map((entry) => entry.action).filter((action) => action.startsWith('cdn.'));
    expect(actions.reverse()).toEqual(['cdn.purge.failed', 'cdn.purge.done']);
    expect(journal.find((entry) => entry.action === 'cdn.purge.failed')?.detail).toMatchObject({
      cdn: 'cloudflare',
      attempt: 1,
      tags: 3,
      problem: 'the CDN answered 503',
    });
    expect(lines.some((line) => line.includes('cdn.drain'))).toBe(true);
    expect(JSON.stringify(journal) + lines.join('\n')).not.toContain(TOKEN);
  }, 90_000);

  it('a huge, hostile tag set: only valid tags recorded, purged 30 a call; `site` waiting is purged alone', async () => {
    const hostile = ['a 1', 'a,2', 'a:3\r\nX-Injected: 1', 'x'.repeat(1025), '', '<script>'];
    await db.transaction((tx) => cdnPurgeRecorder(config)(tx, [...tags(100), ...hostile]));
    expect(await waiting()).toHaveLength(100);
    const outcome = await drainCdnPurges({ db, config, policy, now });
    expect(outcome).toEqual({ ok: true, purged: 100, calls: 4 });
    expect(sentTags().map((sent) => sent.length)).toEqual([30, 30, 30, 10]);
    expect(sentTags().flat().sort()).toEqual(tags(100).sort());
    expect(await waiting()).toEqual([]);

    stub.calls.length = 0;
    await db.transaction((tx) => cdnPurgeRecorder(config)(tx, [...tags(2500), 'site']));
    const swept = await drainCdnPurges({ db, config, policy, now });
    expect(swept).toMatchObject({ ok: true, purged: 2501 });
    expect(swept.calls).toBeLessThanOrEqual(3);
    for (const sent of sentTags()) expect(sent).toEqual(['site']);
    expect(await waiting()).toEqual([]);
  }, 60_000);

  it('a tag recorded again while its purge is under way keeps its row for the next purge', async () => {
    const record = cdnPurgeRecorder(config);
    await db.transaction((tx) => record(tx, ['home', 'a:1']));
    const read = await pendingPurgeTags(db, 10);
    // A change commits after the drain read the tags (its purge may have been sent before that commit).
    await db.transaction((tx) => record(tx, ['home']));
    await clearPurgedTags(db, read);
    expect(await waiting()).toEqual(['home']);
  });

  // PGlite has one connection: a second transaction cannot be open beside the drain.
  it.skipIf(kind === 'pglite')('the drain never waits on a change writing the same tag (no deadlock with a publish)', async () => {
    const record = cdnPurgeRecorder(config);
    await db.transaction((tx) => record(tx, ['a:1', 'home']));
    const read = await pendingPurgeTags(db, 10);
    let release: () => void = () => {};
    const held = new Promise<void>((done) => {
      release = done;
    });
    let recorded: () => void = () => {};
    const inside = new Promise<void>((done) => {
      recorded = done;
    });
    // A publish that recorded `home` and has not committed yet.
    const publish = db.transaction(async (tx) => {
      await record(tx, ['home']);
      recorded();
      await held;
    });
    await inside;
    const started = Date.now();
    await clearPurgedTags(db, read);
    expect(Date.now() - started).toBeLessThan(2000);
    release();
    await publish;
    expect(await waiting()).toEqual(['home']);
  });

  it('without a CDN, boot drops what a former setting left; a job queued before the outbox joins it', async () => {
    await db.transaction((tx) => cdnPurgeRecorder(config)(tx, ['a:1', 'a:2']));
    const lines: string[] = [];
    const off = await startCdnPurge(db, null, recorder(), { log: (line) => lines.push(line) });
    expect(off.waiting).toBe(0);
    expect(await waiting()).toEqual([]);
    expect(lines).toEqual(['[boot] CDN purge: off, 2 waiting tag(s) dropped']);

    const queue = recorder();
    const handlers = cdnJobHandlers({ db, config, policy, now, jobs: queue });
    await handlers['cdn.purge']({ tags: ['a:5', 'home'] }, { id: 'old', retryCount: 0 });
    expect(await waiting()).toEqual(['a:5', 'home']);
    expect(queue.queued.map((job) => job.name)).toEqual(['cdn.drain']);
    // No CDN any more: an old job is done at once, nothing recorded.
    await db.delete(cdnPurgeTags);
    await cdnJobHandlers({ db, config: null, policy, now })['cdn.purge']({ tags: ['a:6'] }, { id: 'old', retryCount: 0 });
    expect(await waiting()).toEqual([]);
  });
});

async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not done within ${timeoutMs} ms`);
    await new Promise((done) => setTimeout(done, 250));
  }
}
