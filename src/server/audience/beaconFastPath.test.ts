/**
 * The audience beacon's node:http path (issue 37) against the normal path, over real HTTP and on both
 * databases: two srvx servers share one recorder, one limits' store and one database, one with the beacon
 * path in front (as scripts/serve.mjs puts it), one without. The normal path is the real chain: the API
 * router and handler, the resource headers, HSTS, and serve.mjs's reason phrase and gzip. For every input of
 * a hostile table both must answer alike, status, headers and bytes, and count alike; a beacon the path
 * answers never reaches the normal path and is counted once.
 */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { serve } from 'srvx';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { compressDynamic, withReasonPhrase } from '../../../scripts/lib/dynamicAnswers.mjs';
import { putHitPathInFront } from '../../../scripts/lib/hitPathInFront.mjs';
import { audienceEvents, audiencePages, audienceSources } from '../../db/schema.ts';
import { createTestApiHandler } from '../../testing/testApiHandler.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../../testing/testDatabase.ts';
import type { ServerApp } from '../boot.server.ts';
import { strictTransportSecurity, transportSecurityFromEnv } from '../config/transportSecurity.ts';
import { findRedirect } from '../http/redirects.ts';
import { answerResourceRequest } from '../http/resourceRequests.ts';
import { createMemoryStore } from '../http/sharedStore.ts';
import { createAudienceRecorder } from './audienceRecorder.ts';
import { audienceBeaconHandlers } from './audienceRoutes.ts';
import { BEACON_TARGET, createBeaconFastPath } from './beaconFastPath.ts';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const SITE = 'https://www.piquante.fr';
const LIMIT = 5;

interface Answer {
  status: number;
  statusMessage: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** One request as a client would send it: headers may repeat (an array), the body may come in parts, slowly. */
interface Sent {
  headers?: Record<string, string | string[]>;
  /** Parts of the body; a declared length is added unless `chunked` (or one is given). */
  body?: (string | Buffer)[];
  chunked?: boolean;
  /** Milliseconds between two parts (a slow client). */
  pause?: number;
  path?: string;
  /** An Origin header naming the server itself (its port differs between the two servers). */
  ownOrigin?: boolean;
}

function send(port: number, sent: Sent): Promise<Answer> {
  const parts = (sent.body ?? []).map((part) => (typeof part === 'string' ? Buffer.from(part) : part));
  const length = parts.reduce((sum, part) => sum + part.byteLength, 0);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path: sent.path ?? BEACON_TARGET, method: 'POST' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, statusMessage: res.statusMessage ?? '', headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    for (const [name, value] of Object.entries(sent.headers ?? {})) req.setHeader(name, value);
    if (sent.ownOrigin) req.setHeader('origin', `http://127.0.0.1:${port}`);
    if (!sent.chunked && !req.hasHeader('content-length')) req.setHeader('content-length', length);
    void (async () => {
      for (const [index, part] of parts.entries()) {
        if (index > 0 && sent.pause) await sleep(sent.pause);
        req.write(part);
      }
      req.end();
    })();
  });
}

/** Headers that are per answer by nature: the clock, and the connection's own. */
function comparable(answer: Answer) {
  const { date, connection, 'keep-alive': keepAlive, ...headers } = answer.headers;
  return { ...answer, headers };
}

const beaconHeaders = (extra: Record<string, string | string[]> = {}) => ({
  'content-type': 'text/plain;charset=UTF-8',
  'user-agent': CHROME,
  ...extra,
});
const view = (path = '/mode/robe-rouge', extra: Record<string, unknown> = {}) => JSON.stringify({ path, view: true, ...extra });

/**
 * The hostile table: each input sent to both servers, from its own reader address (the per-IP limit aside),
 * and which path is to answer it on the server that has both: `here`, the node:http path alone; `normal`,
 * the normal path (taken before the body is read, or handed the body once read).
 */
const cases: [string, Sent, 'here' | 'normal'][] = [
  [
    'a page view as sendBeacon sends it',
    { headers: beaconHeaders(), body: [view('/mode/robe-rouge', { referrer: 'www.google.com' })] },
    'here',
  ],
  [
    'as application/json, with events and utm values',
    {
      headers: beaconHeaders({ 'content-type': 'application/json' }),
      body: [
        view('/', { source: 'Newsletter', medium: 'email', campaign: 'noel', events: [{ kind: 'search', subject: 'robe', step: 1 }] }),
      ],
    },
    'here',
  ],
  [
    'an internal navigation (the site’s own host)',
    { headers: beaconHeaders(), body: [view('/a', { referrer: 'www.piquante.fr' })] },
    'here',
  ],
  [
    'events only',
    { headers: beaconHeaders(), body: [JSON.stringify({ path: '/quiz', events: [{ kind: 'quiz-start', subject: 'q' }] })] },
    'here',
  ],
  ['oversized, declared', { headers: beaconHeaders(), body: [view(`/${'a'.repeat(5000)}`)] }, 'normal'],
  ['oversized, chunked', { headers: beaconHeaders(), body: [view('/a'), ' '.repeat(3000), ' '.repeat(3000)], chunked: true }, 'normal'],
  ['a small chunked body', { headers: beaconHeaders(), body: [view('/chunked')], chunked: true }, 'normal'],
  ['truncated JSON', { headers: beaconHeaders(), body: ['{"path":"/mode/robe-rouge","view":tr'] }, 'normal'],
  ['an empty body', { headers: beaconHeaders(), body: [] }, 'normal'],
  ['not UTF-8', { headers: beaconHeaders(), body: [Buffer.from([0x7b, 0x22, 0x70, 0xff, 0xfe, 0x22, 0x7d])] }, 'normal'],
  ['JSON that is not an object', { headers: beaconHeaders(), body: ['[1,2,3]'] }, 'normal'],
  ['wrong types', { headers: beaconHeaders(), body: [JSON.stringify({ path: 5, view: 'yes' })] }, 'normal'],
  ['a missing path', { headers: beaconHeaders(), body: [JSON.stringify({ view: true })] }, 'normal'],
  ['an unknown field', { headers: beaconHeaders(), body: [JSON.stringify({ path: '/a', view: true, ip: '1.2.3.4' })] }, 'normal'],
  ['a path outside the pattern', { headers: beaconHeaders(), body: [view('/a b<script>')] }, 'normal'],
  ['a NUL in a field', { headers: beaconHeaders(), body: [view('/a', { source: 'x\u0000y' })] }, 'normal'],
  [
    'a bidirectional override in an event',
    { headers: beaconHeaders(), body: [view('/a', { events: [{ kind: 'signup', subject: 'a\u202eb' }] })] },
    'normal',
  ],
  [
    'too many events',
    { headers: beaconHeaders(), body: [view('/a', { events: Array(21).fill({ kind: 'signup', subject: 's' }) })] },
    'normal',
  ],
  ['an error asked gzipped', { headers: beaconHeaders({ 'accept-encoding': 'gzip' }), body: ['{nope'] }, 'normal'],
  ['a wrong content type', { headers: beaconHeaders({ 'content-type': 'text/html' }), body: [view()] }, 'normal'],
  ['no content type', { headers: { 'user-agent': CHROME }, body: [view()] }, 'normal'],
  ['a content type repeated', { headers: beaconHeaders({ 'content-type': ['text/plain', 'application/json'] }), body: [view()] }, 'normal'],
  ['a user agent repeated', { headers: beaconHeaders({ 'user-agent': [CHROME, GOOGLEBOT] }), body: [view()] }, 'normal'],
  ['a bot', { headers: beaconHeaders({ 'user-agent': GOOGLEBOT }), body: [view()] }, 'here'],
  ['no user agent', { headers: { 'content-type': 'text/plain' }, body: [view()] }, 'here'],
  ['a prefetch', { headers: beaconHeaders({ 'sec-purpose': 'prefetch;prerender' }), body: [view()] }, 'here'],
  ['Global Privacy Control', { headers: beaconHeaders({ 'sec-gpc': '1' }), body: [view()] }, 'here'],
  ['Sec-GPC repeated', { headers: beaconHeaders({ 'sec-gpc': ['1', '1'] }), body: [view()] }, 'here'],
  ['the newsroom', { headers: beaconHeaders(), body: [view('/admin/articles')] }, 'here'],
  ['a preview', { headers: beaconHeaders(), body: [view('/apercu/un-jeton')] }, 'here'],
  ['from the site’s origin', { headers: beaconHeaders({ origin: SITE }), body: [view()] }, 'here'],
  ['from the server’s own origin', { headers: beaconHeaders(), body: [view()], ownOrigin: true }, 'here'],
  ['from another site', { headers: beaconHeaders({ origin: 'https://evil.example' }), body: [view()] }, 'normal'],
  ['an empty Origin', { headers: beaconHeaders({ origin: '' }), body: [view()] }, 'normal'],
  ['behind a proxy that says https (HSTS)', { headers: beaconHeaders({ 'x-forwarded-proto': 'https' }), body: [view()] }, 'here'],
  ['a Host srvx refuses', { headers: beaconHeaders({ host: 'bad_host..example' }), body: [view()] }, 'normal'],
  [
    'a Host in upper case with a port (a referrer naming it is internal)',
    { headers: beaconHeaders({ host: 'Magazine.TEST:8080' }), body: [view('/b', { referrer: 'magazine.test' })] },
    'here',
  ],
  ['a query on the address', { headers: beaconHeaders(), body: [view()], path: `${BEACON_TARGET}?x=1` }, 'normal'],
  ['huge headers', { headers: beaconHeaders({ 'x-padding': 'p'.repeat(12_000) }), body: [view()] }, 'here'],
  ['a slow body, in three parts', { headers: beaconHeaders(), body: ['{"path":"/sl', 'ow","vi', 'ew":true}'], pause: 150 }, 'here'],
];

describe.each(testDatabaseKinds)('the beacon’s node:http path on %s', (kind) => {
  let database: TestDatabase;
  const recorder = createAudienceRecorder();
  const store = createMemoryStore();
  const transport = transportSecurityFromEnv({ TRUST_PROXY: '1' });
  let normalPathRequests = 0;

  const handlers = audienceBeaconHandlers({ recorder, siteHosts: ['www.piquante.fr'], trustProxy: true, store, rateLimitPerMinute: LIMIT });
  let app: ServerApp;

  /** What src/server.ts and scripts/serve.mjs do with an API request: the resource's answer, HSTS, the reason phrase, gzip. */
  async function normalPath(request: Request): Promise<Response> {
    normalPathRequests++;
    const url = new URL(request.url);
    const response = (await answerResourceRequest(request, url, async () => app)) ?? new Response(null, { status: 500 });
    const hsts = strictTransportSecurity(request, transport);
    if (hsts) response.headers.set('strict-transport-security', hsts);
    return withReasonPhrase(compressDynamic(response, request));
  }

  const withPath = serve({ port: 0, hostname: '127.0.0.1', silent: true, manual: true, fetch: normalPath });
  const without = serve({ port: 0, hostname: '127.0.0.1', silent: true, fetch: normalPath });
  const portOf = (server: typeof without) => Number(new URL(server.url as string).port);
  let reader = 0;
  /** A new reader's address each time: behind our proxy (TRUST_PROXY), the last X-Forwarded-For entry. */
  const fromNewReader = (sent: Sent): Sent => ({
    ...sent,
    headers: { ...sent.headers, 'x-forwarded-for': `198.51.100.7, 10.${Math.floor(++reader / 250)}.${reader % 250}.1` },
  });

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = {
      database,
      startBackground: () => {},
      queueReady: async () => {},
      stop: async () => {},
      handleApi: createTestApiHandler(database.db, handlers, { siteUrl: SITE }),
      storage: null as never,
      siteUrl: SITE,
      indexNowKey: 'beacon-test-key',
    };
    const beaconPath = createBeaconFastPath({
      recorder,
      siteHosts: ['www.piquante.fr'],
      siteOrigin: SITE,
      store,
      transportSecurity: transport,
      db: database.db,
      rateLimitPerMinute: LIMIT,
    });
    putHitPathInFront(withPath, (req, res, normal) => beaconPath.answer(req, res, normal));
    await withPath.serve();
    await Promise.all([withPath.ready(), without.ready()]);
  });

  afterAll(async () => {
    await Promise.all([withPath.close(true), without.close(true)]);
    await database.dispose();
  });

  async function counted() {
    await recorder.flush(database.db);
    const sorted = <T>(rows: T[]) => rows.map((row) => JSON.stringify(row)).sort();
    return {
      pages: sorted(await database.db.select().from(audiencePages)),
      sources: sorted(await database.db.select().from(audienceSources)),
      events: sorted(await database.db.select().from(audienceEvents)),
    };
  }

  beforeEach(async () => {
    await recorder.flush(database.db);
    await database.db.delete(audiencePages);
    await database.db.delete(audienceSources);
    await database.db.delete(audienceEvents);
    normalPathRequests = 0;
  });

  it('no redirect of the fixed table stands before the beacon’s address (the path answers before them)', () => {
    expect(findRedirect(new URL(`${SITE}${BEACON_TARGET}`))).toBeNull();
  });

  for (const [name, sent, via] of cases) {
    it(`${name}: same status, headers, bytes and counts (answered ${via === 'here' ? 'by the node:http path' : 'by the normal path'})`, async () => {
      const normal = await send(portOf(without), fromNewReader(sent));
      const normalCounts = await counted();
      const normalRequests = normalPathRequests;
      await beforeEachReset();
      const fast = await send(portOf(withPath), fromNewReader(sent));
      expect(comparable(fast)).toEqual(comparable(normal));
      expect(await counted()).toEqual(normalCounts);
      expect(normalRequests).toBe(1);
      expect(normalPathRequests).toBe(via === 'here' ? 0 : 1);
    });
  }

  async function beforeEachReset() {
    await database.db.delete(audiencePages);
    await database.db.delete(audienceSources);
    await database.db.delete(audienceEvents);
    normalPathRequests = 0;
  }

  it('counts a beacon it answers exactly once, and the table’s well-formed beacons all take it', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        send(portOf(withPath), fromNewReader({ headers: beaconHeaders(), body: [view(`/page-${i % 4}`)] })),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(40).fill(204));
    expect(normalPathRequests).toBe(0);
    const { pages } = await counted();
    expect(pages.map((row) => JSON.parse(row)).map((row: { path: string; views: number }) => [row.path, row.views])).toEqual([
      ['/page-0', 10],
      ['/page-1', 10],
      ['/page-2', 10],
      ['/page-3', 10],
    ]);
  });

  it('over the per-IP limit: the same 429s, with the same Retry-After, once the window is full', async () => {
    const flood = (port: number, ip: string) =>
      (async () => {
        const answers: Answer[] = [];
        for (let i = 0; i < LIMIT + 3; i++)
          answers.push(await send(port, { headers: beaconHeaders({ 'x-forwarded-for': ip }), body: [view(`/flood-${i}`)] }));
        return answers;
      })();
    const normal = await flood(portOf(without), '192.0.2.10');
    const normalCounts = await counted();
    await beforeEachReset();
    const fast = await flood(portOf(withPath), '192.0.2.11');
    expect(fast.map((answer) => answer.status)).toEqual([...Array(LIMIT).fill(204), 429, 429, 429]);
    expect(fast.map(comparable).map(({ headers: { 'retry-after': _, ...headers }, ...rest }) => ({ ...rest, headers }))).toEqual(
      normal.map(comparable).map(({ headers: { 'retry-after': _, ...headers }, ...rest }) => ({ ...rest, headers })),
    );
    expect(fast.slice(LIMIT).every((answer) => Number(answer.headers['retry-after']) > 0)).toBe(true);
    expect(await counted()).toEqual(normalCounts);
    expect(normalPathRequests).toBe(3); // the 429s only
  });

  it('a client gone mid-body: nothing counted, nothing answered twice, the next beacon taken as usual', async () => {
    const port = portOf(withPath);
    await new Promise<void>((resolve) => {
      const req = httpRequest({
        host: '127.0.0.1',
        port,
        path: BEACON_TARGET,
        method: 'POST',
        headers: beaconHeaders({ 'content-length': '100' }),
      });
      req.on('error', () => resolve());
      req.write('{"path":"/gone","view":');
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 100);
    });
    await sleep(100);
    expect((await send(port, fromNewReader({ headers: beaconHeaders(), body: [view('/after')] }))).status).toBe(204);
    const { pages } = await counted();
    expect(pages.map((row) => JSON.parse(row).path)).toEqual(['/after']);
  });
});
