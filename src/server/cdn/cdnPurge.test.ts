/**
 * The CDN purge (decision 032) against loopback stubs of Cloudflare's purge-by-tag and Fastly's
 * surrogate-key purge: the shape of each call, the split at each API's limit, the configuration's
 * sentences, and the durable job on both databases — the CDN failing first, the job retried until it
 * takes the purge, each failure in the newsroom's journal, the token in no log line nor journal entry.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testJobHandlers } from '../../testing/jobHandlers.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../../testing/testDatabase.ts';
import { type CdnPurgeConfig, cdnPurgeConfigFromEnv } from '../config/cdnPurgeConfig.ts';
import { readServerConfig } from '../config/serverConfig.ts';
import { type JobQueue, startJobQueue } from '../jobs/jobQueue.server.ts';
import { listAudit } from '../newsroom/audit.server.ts';
import { createContentPurge } from '../cache/contentPurge.ts';
import { cdnJobHandlers } from './cdnJobs.ts';
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

describe.each(testDatabaseKinds)('the cdn.purge job on %s', (kind) => {
  const stub = cdnStub('cloudflare');
  let database: TestDatabase;
  let jobs: JobQueue;
  const lines: string[] = [];

  beforeAll(async () => {
    await stub.start();
    database = await createTestDatabase(kind);
    jobs = await startJobQueue(database, { log: (line) => lines.push(line) });
    const config: CdnPurgeConfig = { kind: 'cloudflare', url: stub.url('/client/v4/zones/z/purge_cache'), token: TOKEN };
    await jobs.work(testJobHandlers(cdnJobHandlers({ db: database.db, config, policy, now: () => new Date() })), {
      pollingIntervalSeconds: 0.5,
    });
  }, 60_000);
  afterAll(async () => {
    await jobs?.stop();
    await database?.dispose();
    await stub.stop();
  });

  it('a change queues one job; the CDN failing first, the job is retried until the purge is taken, and the journal says so', async () => {
    stub.statuses.push(503);
    const announced: (readonly string[] | undefined)[] = [];
    const changed = createContentPurge({
      routes: { database: { kind: 'pglite', dataDir: null } as never, redisUrl: null },
      cdn: { kind: 'cloudflare', url: stub.url('/client/v4/zones/z/purge_cache'), token: TOKEN },
      jobs,
      announce: async (_routes, tags) => void announced.push(tags),
    });
    await changed(['a:7', 'c:mode', 'home']);
    expect(announced).toEqual([['a:7', 'c:mode', 'home']]);
    const deadline = Date.now() + 45_000;
    while ((await jobs.pending())['cdn.purge'] > 0 || stub.calls.length < 2) {
      if (Date.now() > deadline) throw new Error(`still pending after ${stub.calls.length} calls`);
      await new Promise((done) => setTimeout(done, 250));
    }
    expect(stub.calls).toHaveLength(2);
    for (const call of stub.calls) expect(JSON.parse(call.body)).toEqual({ tags: ['a:7', 'c:mode', 'home'] });
    const journal = await listAudit(database.db, { limit: 10, offset: 0 });
    expect(journal.map((entry) => entry.action).reverse()).toEqual(['cdn.purge.failed', 'cdn.purge.done']);
    expect(journal.find((entry) => entry.action === 'cdn.purge.failed')?.detail).toMatchObject({
      cdn: 'cloudflare',
      attempt: 1,
      problem: 'the CDN answered 503',
    });
    expect(lines.some((line) => line.includes('cdn.purge'))).toBe(true);
    expect(JSON.stringify(journal) + lines.join('\n')).not.toContain(TOKEN);
  }, 60_000);

  it('a change without tags purges `site` at the CDN; without a CDN nothing is queued', async () => {
    stub.calls.length = 0;
    const queued: unknown[] = [];
    const routes = { database: { kind: 'pglite', dataDir: null } as never, redisUrl: null };
    const announce = async () => {};
    const recorder = {
      enqueue: async (_name: string, data: unknown) => {
        queued.push(data);
        return null;
      },
    } as never;
    await createContentPurge({ routes, cdn: { kind: 'fastly', url: 'https://cdn.example/p', token: TOKEN }, jobs: recorder, announce })();
    await createContentPurge({ routes, cdn: null, jobs: recorder, announce })(['a:1']);
    expect(queued).toEqual([{ tags: ['site'] }]);
  });
});
