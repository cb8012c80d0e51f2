/**
 * Fault suite (issue 36, decision 032): a publish's CDN purge survives a server killed with SIGKILL — on PGlite
 * and on PostgreSQL. The CDN (a loopback stub of Cloudflare's purge-by-tag) is down when the article is
 * published: its tags wait in `cdn_purge_tags`, written in the publish's transaction. The server is killed,
 * started again with the CDN back, and the new process purges the article's tags by itself (boot's drain),
 * without any new change.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { createStaffOn, STAFF_PASSWORD } from '../support/newsroom.ts';
import { type OwnServer, startOwnServer, tempDataDir, throwawayPostgres } from '../support/ownServer.ts';

test.describe.configure({ mode: 'serial' });

const TOKEN = 'jeton-du-cdn-de-test';
const EDITOR = 'cdn-crash@piquante.test';

/** Cloudflare's purge API on loopback: 503 while `down`, then 200 with `success: true`; every call kept. */
async function cdnStub() {
  const calls: { status: number; tags: string[]; authorization: string }[] = [];
  const state = { down: true };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const status = state.down ? 503 : 200;
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as { tags?: string[] };
      calls.push({ status, tags: body.tags ?? [], authorization: req.headers.authorization ?? '' });
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ success: status === 200, errors: [], messages: [] }));
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/client/v4/zones/z/purge_cache`;
  return { calls, state, url, close: () => new Promise<void>((done) => server.close(() => done())) };
}

async function publishArticle(server: OwnServer): Promise<number> {
  const session = await fetch(`${server.baseUrl}/api/admin/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.baseUrl },
    body: JSON.stringify({ email: EDITOR, password: STAFF_PASSWORD }),
  });
  expect(session.status).toBe(200);
  const staff = {
    cookie: (session.headers.get('set-cookie') ?? '').split(';')[0] ?? '',
    'x-csrf-token': ((await session.json()) as { csrfToken: string }).csrfToken,
    origin: server.baseUrl,
    'content-type': 'application/json',
  };
  const created = await fetch(`${server.baseUrl}/api/admin/articles`, {
    method: 'POST',
    headers: staff,
    body: JSON.stringify({
      title: `Publié avant le crash ${Date.now()}`,
      subtitle: 'Un chapô',
      categorySlug: 'mode',
      stamp: null,
      mainImage: { url: '/media/svg/article/x.svg', alt: 'Une image', width: 1200, height: 800 },
      doc: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Texte.' }] }] },
    }),
  });
  expect(created.status).toBe(201);
  const article = (await created.json()) as { id: number; version: number };
  const published = await fetch(`${server.baseUrl}/api/admin/articles/${article.id}/status`, {
    method: 'POST',
    headers: staff,
    body: JSON.stringify({ action: 'publish', version: article.version }),
  });
  expect(published.status).toBe(200);
  return article.id;
}

for (const kind of ['pglite', 'postgres'] as const) {
  test(`kill -9 while the CDN is down (${kind}), restart: the publish's tags are purged by the new process`, async () => {
    test.setTimeout(180_000);
    const postgres = kind === 'postgres' ? await throwawayPostgres() : null;
    test.skip(kind === 'postgres' && postgres === null, 'TEST_DATABASE_URL is not set');
    const data = tempDataDir();
    const cdn = await cdnStub();
    const database = postgres ? { DATABASE_URL: postgres.url } : { DATA_DIR: data.dir, DATABASE_URL: '' };
    const env = {
      ...database,
      SEED_DEMO: '1',
      SITE_URL: 'http://magazine.test',
      CDN_PURGE_KIND: 'cloudflare',
      CDN_PURGE_URL: cdn.url,
      CDN_PURGE_TOKEN: TOKEN,
      // The stub answers on loopback, which the guarded fetch refuses unless allowed (decision 026).
      OUTBOUND_ALLOW_HOSTS: '127.0.0.1',
    };
    let server: OwnServer | null = null;
    try {
      // PGlite: the account is made before the server holds the data directory.
      await createStaffOn(database, EDITOR, 'Rédaction', 'editor');
      server = await startOwnServer(env);
      const id = await publishArticle(server);
      // The CDN refused the first try: the tags wait for the retry.
      await expect.poll(() => cdn.calls.length, { timeout: 30_000, intervals: [100] }).toBeGreaterThanOrEqual(1);
      expect(cdn.calls.every((call) => call.status === 503)).toBe(true);
      expect(cdn.calls.flatMap((call) => call.tags)).toContain(`a:${id}`);
      await server.kill('SIGKILL');
      server = null;

      cdn.state.down = false;
      const before = cdn.calls.length;
      server = await startOwnServer(env);
      const purged = () =>
        cdn.calls
          .slice(before)
          .filter((call) => call.status === 200)
          .flatMap((call) => call.tags);
      await expect.poll(purged, { timeout: 60_000, intervals: [250] }).toEqual(expect.arrayContaining([`a:${id}`, 'c:mode', 'home']));
      expect(cdn.calls.every((call) => call.authorization === `Bearer ${TOKEN}`)).toBe(true);
      expect(server.log()).toMatch(/tag\(s\) left waiting are purged now/);
      expect(server.log()).not.toContain(TOKEN);
    } finally {
      await server?.kill('SIGTERM');
      await cdn.close();
      await postgres?.drop();
      data.remove();
    }
  });
}
