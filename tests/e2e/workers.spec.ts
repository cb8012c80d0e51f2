/**
 * Several processes (issue 13): `WORKERS=2` on PostgreSQL with REDIS_URL, over real HTTP, each request on
 * a new connection so that the kernel spreads them over both processes (SO_REUSEPORT). What one process
 * renders, the other serves from Redis (never rendered twice); an article edited in the database and
 * announced (what `npm run cache:purge` and the seed script send) changes on every process; the signup
 * rate limit and the spent captcha solutions hold across processes.
 * Needs TEST_DATABASE_URL and Redis (both always there in CI: .ci/run).
 */
import { request as httpRequest } from 'node:http';
import { expect, test } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../../src/db/client.ts';
import { articles } from '../../src/db/schema.ts';
import { encodeAltchaSolution, solveAltcha } from '../../src/lib/altcha/altchaSolver.ts';
import { notifyContentChanged } from '../../src/server/http/pageCacheInvalidation.ts';
import { seedDemoContent } from '../../src/server/seed/seedDemoContent.server.ts';
import { redisTestsRun, testRedisUrl } from '../../src/testing/redisReachable.ts';
import { createStaffOn, STAFF_PASSWORD } from './support/newsroom.ts';
import { type OwnServer, startOwnServer, throwawayPostgres } from './support/ownServer.ts';
import { contentChangeRoutesFromEnv } from '../../src/server/config/contentChangeRoutes.ts';

test.describe.configure({ mode: 'serial' });

const EDITOR = 'deux-processus@piquante.test';

let server: OwnServer;
let database: Awaited<ReturnType<typeof throwawayPostgres>>;
/** One client address per run (TRUST_PROXY=1): the rate-limit counters in Redis are per address. */
const clientIp = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  database = await throwawayPostgres();
  if (!database || !(await redisTestsRun())) return;
  // Seeded before the processes start: two workers would otherwise both load the demo content.
  const opened = await openDatabase({ kind: 'postgres', url: database.url });
  try {
    await seedDemoContent(opened.db, { articles: 40 });
  } finally {
    await opened.close();
  }
  await createStaffOn({ DATABASE_URL: database.url }, EDITOR, 'Édition à deux', 'editor');
  server = await startOwnServer({
    DATABASE_URL: database.url,
    REDIS_URL: testRedisUrl,
    WORKERS: '2',
    CAPTCHA_PROVIDER: 'altcha',
    SIGNUP_RATE_LIMIT: '3',
    TRUST_PROXY: '1',
  });
  // The first process to answer /healthz lets startOwnServer return: wait for the second one too.
  await expect.poll(() => server.log(), { timeout: 60_000 }).toMatch(/2 worker processes ready/);
});

test.afterAll(async () => {
  await server?.kill('SIGTERM');
  await database?.drop();
});

test.beforeEach(async () => {
  test.skip(database === null, 'TEST_DATABASE_URL is not set');
  test.skip(!(await redisTestsRun()), 'Redis is not reachable (it always is in CI)');
});

/** One request on a connection of its own (no keep-alive): the next one may reach the other process. */
function fresh(
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const { hostname, port } = new URL(server.baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: hostname, port, method, path, agent: false, headers: { connection: 'close', ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A signup as the site's form posts it before hydration (urlencoded), on a connection of its own. */
function signup(fields: Record<string, string>, ip: string) {
  const form = new URLSearchParams({ people_register_codepostal: '75011', people_register_newslettertype: '1', ...fields }).toString();
  return fresh(
    'POST',
    '/newsletter/inscriptionajaxlight-workers',
    {
      'content-type': 'application/x-www-form-urlencoded',
      'content-length': String(Buffer.byteLength(form)),
      'x-forwarded-for': ip,
    },
    form,
  );
}

test('two processes: a page rendered by one is served by the other from Redis, never rendered twice', async () => {
  const first = await fresh('GET', '/mode');
  expect(first.status).toBe(200);
  expect(first.headers['x-cache']).toBe('MISS');
  const states: string[] = [];
  for (let i = 0; i < 30; i++) {
    const answer = await fresh('GET', '/mode');
    expect(answer.headers.etag).toBe(first.headers.etag);
    states.push(String(answer.headers['x-cache']));
  }
  // The process that rendered answers HIT; the other took the page from Redis once (SHARED), then HIT.
  expect(states).not.toContain('MISS');
  expect(states).toContain('SHARED');
});

test('an article edited in the database and announced changes on every process', async () => {
  const latest = JSON.parse((await fresh('GET', '/api/articleLast')).body) as {
    results: { url: string; fullUrl: string; title: string }[];
  };
  const article = latest.results[0];
  if (!article) throw new Error('no article');
  expect((await fresh('GET', article.fullUrl)).status).toBe(200);
  for (let i = 0; i < 10; i++) await fresh('GET', article.fullUrl); // both processes hold it now
  const title = `Titre changé ${Date.now()}`;
  const opened = await openDatabase({ kind: 'postgres', url: database?.url ?? '' });
  try {
    await opened.db.update(articles).set({ title }).where(eq(articles.url, article.url));
  } finally {
    await opened.close();
  }
  // What `npm run cache:purge` sends (the server has no write path of its own yet).
  const sent = await notifyContentChanged(contentChangeRoutesFromEnv({ DATABASE_URL: database?.url ?? '', REDIS_URL: testRedisUrl }));
  expect(sent).toEqual(['PostgreSQL', 'Redis']);
  // Each process purges when the message reaches it (within a second): wait for it, then every answer is new.
  const deadline = Date.now() + 10_000;
  let changed = 0;
  while (changed < 20 && Date.now() < deadline) {
    const answer = await fresh('GET', article.fullUrl);
    changed = answer.body.includes(title) ? changed + 1 : 0;
  }
  expect(changed).toBe(20);
});

test('the signup rate limit is counted once for both processes', async () => {
  const outcomes: number[] = [];
  for (let i = 0; i < 6; i++)
    outcomes.push((await signup({ people_register_email: `limite-${i}-${Date.now()}@exemple.fr` }, clientIp)).status);
  // Three attempts counted (refused for their missing captcha: 200 with the field's message), then 429
  // whichever process answers; each process counting alone would let up to six through.
  expect(outcomes).toEqual([200, 200, 200, 429, 429, 429]);
});

test('a captcha solution spent on one process is refused by the other', async () => {
  const challenge = JSON.parse((await fresh('GET', '/newsletter/captcha')).body) as {
    provider: string;
    challenge: Parameters<typeof solveAltcha>[0];
  };
  expect(challenge.provider).toBe('altcha');
  const number = solveAltcha(challenge.challenge);
  expect(number).not.toBeNull();
  const token = encodeAltchaSolution(challenge.challenge, number ?? 0);
  const results: string[] = [];
  for (let i = 0; i < 8; i++) {
    const answer = await signup(
      { people_register_email: `rejeu-${i}-${Date.now()}@exemple.fr`, 'g-recaptcha-response': token },
      // Each from its own address: the rate limit stays out of the way.
      `10.250.${i}.${Math.floor(Math.random() * 250) + 1}`,
    );
    const body = JSON.parse(answer.body) as { status?: string; errors?: Record<string, string> };
    results.push(body.status === 'success' ? 'success' : (body.errors?.['g-recaptcha-response'] ?? answer.body));
  }
  expect(results[0]).toBe('success');
  expect(results.slice(1).every((result) => /anti-robot/.test(result))).toBe(true);
});

test('a publication in the newsroom: neither process serves the held page once the purge reaches it', async () => {
  // Both processes hold the category page (HIT: answered by their node:http hit path).
  const states = new Set<string>();
  for (let i = 0; i < 30; i++) states.add(String((await fresh('GET', '/beaute')).headers['x-cache']));
  expect(states).toContain('HIT');
  const session = await fresh(
    'POST',
    '/api/admin/session',
    { 'content-type': 'application/json', origin: server.baseUrl },
    JSON.stringify({ email: EDITOR, password: STAFF_PASSWORD }),
  );
  expect(session.status).toBe(200);
  const staff = {
    cookie: String(session.headers['set-cookie']).split(';')[0] ?? '',
    'x-csrf-token': (JSON.parse(session.body) as { csrfToken: string }).csrfToken,
    origin: server.baseUrl,
    'content-type': 'application/json',
  };
  const title = `Publié à deux ${Date.now()}`;
  const created = await fresh(
    'POST',
    '/api/admin/articles',
    staff,
    JSON.stringify({
      title,
      subtitle: 'Un chapô',
      categorySlug: 'beaute',
      stamp: null,
      mainImage: { url: '/media/svg/article/x.svg', alt: 'Une image', width: 1200, height: 800 },
      doc: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Texte.' }] }] },
    }),
  );
  expect(created.status).toBe(201);
  const article = JSON.parse(created.body) as { id: number; version: number };
  const published = await fresh(
    'POST',
    `/api/admin/articles/${article.id}/status`,
    staff,
    JSON.stringify({ action: 'publish', version: article.version }),
  );
  expect(published.status).toBe(200);
  // The process that published purged before answering; the other purges when the message reaches it
  // (NOTIFY and Redis, within a second): from then on, 20 requests in a row show the article.
  const deadline = Date.now() + 10_000;
  let shown = 0;
  while (shown < 20 && Date.now() < deadline) {
    shown = (await fresh('GET', '/beaute')).body.includes(title) ? shown + 1 : 0;
  }
  expect(shown).toBe(20);
});
