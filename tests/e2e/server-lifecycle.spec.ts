/**
 * The server under stress of its surroundings (issue 13), on servers of their own:
 * - SIGTERM during a stream of signups: it stops accepting, answers what it has started, exits 0, and
 *   every acknowledged signup is stored (a restarted server says "already registered" for each);
 * - the database becomes unreachable (a TCP relay in front of PostgreSQL is cut): signups answer 503
 *   with Retry-After and the French sentence the form shows, cached pages keep being served, and
 *   everything works again once the database is back.
 */
import { expect, test } from '@playwright/test';
import { pooled, postSignup, startOwnServer, tempDataDir, throwawayPostgres } from './support/ownServer.ts';
import { relayTo } from './support/tcpRelay.ts';

test.describe.configure({ mode: 'serial' });

test('SIGTERM under load: in-flight signups are answered, none acknowledged is lost, exit code 0', async () => {
  test.setTimeout(120_000);
  const data = tempDataDir();
  try {
    const env = { DATA_DIR: data.dir };
    const server = await startOwnServer(env);
    const emails = Array.from({ length: 300 }, (_, i) => `arret-${i}@exemple.fr`);
    let signalledAt = 0;
    let exitCode: number | null = null;
    server.child.once('exit', (code) => {
      exitCode = code;
    });
    const answeredAt: number[] = [];
    const results = await pooled(emails, 16, async (email) => {
      if (answeredAt.length === 60 && signalledAt === 0) {
        signalledAt = Date.now();
        server.child.kill('SIGTERM');
      }
      const result = await postSignup(server.baseUrl, email);
      if (result.outcome === 'success') answeredAt.push(Date.now());
      return { email, ...result };
    });
    await server.kill('SIGTERM');
    expect(exitCode).toBe(0);
    const acknowledged = results.filter((r) => r.outcome === 'success');
    // Nothing but success or "could not connect" (after the stop): never an error answer.
    expect(results.filter((r) => r.outcome !== 'success' && r.outcome !== 'network-error')).toEqual([]);
    expect(acknowledged.length).toBeGreaterThanOrEqual(60);
    // Requests under way when the signal came were finished and answered.
    expect(answeredAt.filter((at) => at >= signalledAt).length).toBeGreaterThan(0);
    const again = await startOwnServer(env);
    try {
      const checks = await pooled(acknowledged, 8, (r) => postSignup(again.baseUrl, r.email));
      expect(checks.filter((c) => c.outcome !== 'already')).toEqual([]);
    } finally {
      await again.kill('SIGTERM');
    }
  } finally {
    data.remove();
  }
});

test('database unreachable: signups answer 503 + Retry-After in French, cached pages keep serving', async () => {
  test.setTimeout(120_000);
  const database = await throwawayPostgres();
  test.skip(database === null, 'TEST_DATABASE_URL is not set');
  if (!database) return;
  const target = new URL(database.url);
  const relay = await relayTo(target.hostname, Number(target.port || 5432));
  const viaRelay = new URL(database.url);
  viaRelay.hostname = '127.0.0.1';
  viaRelay.port = String(relay.port);
  const server = await startOwnServer({ DATABASE_URL: viaRelay.toString() });
  try {
    expect((await postSignup(server.baseUrl, 'avant-panne@exemple.fr')).outcome).toBe('success');
    await fetch(`${server.baseUrl}/mission`);
    expect((await fetch(`${server.baseUrl}/mission`)).headers.get('x-cache')).toBe('HIT');

    await relay.cut();
    const response = await fetch(`${server.baseUrl}/newsletter/inscriptionajaxlight-e2e`, {
      method: 'POST',
      body: new URLSearchParams({
        people_register_email: 'pendant-panne@exemple.fr',
        people_register_codepostal: '75011',
        people_register_newslettertype: '1',
        'g-recaptcha-response': '',
      }),
    });
    expect(response.status).toBe(503);
    expect(response.statusText).toBe('Service Unavailable');
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = (await response.json()) as { error: string; message: string };
    expect(body.error).toBe('service_unavailable');
    expect(body.message).toContain('momentanément indisponible');
    const page = await fetch(`${server.baseUrl}/mission`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('</html>');

    await relay.restore();
    let after: Awaited<ReturnType<typeof postSignup>> | null = null;
    for (let attempt = 0; attempt < 50; attempt++) {
      after = await postSignup(server.baseUrl, 'apres-panne@exemple.fr');
      if (after.outcome === 'success') break;
      await new Promise((done) => setTimeout(done, 200));
    }
    expect(after?.outcome).toBe('success');
  } finally {
    await server.kill('SIGTERM');
    await relay.cut();
    await database.drop();
  }
});
