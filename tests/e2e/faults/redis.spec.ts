/**
 * Fault suite (issue 23): Redis fails under load while readers read pages and sign up. Redis is a help,
 * never a dependency: pages and signups keep working on the process's own limits and pages, the log says
 * so once (not per request), no request waits past a bound, the process never dies, and page-cache purges
 * reach it again once Redis is back.
 */
import { expect, test } from '@playwright/test';
import { notifyContentChanged } from '../../../src/server/http/pageCacheInvalidation.ts';
import { type OwnServer, postSignup, startOwnServer, tempDataDir } from '../support/ownServer.ts';
import { startOwnRedis } from '../support/redisServer.ts';
import { relayTo } from '../support/tcpRelay.ts';
import { contentChangeRoutesFromEnv } from '../../../src/server/config/contentChangeRoutes.ts';

test.describe.configure({ mode: 'serial' });

/** No request may wait longer than this on a broken Redis (the client's own bound is 1 s a call). */
const BOUND_MS = 5000;
const PAGES = ['/', '/mission', '/mentions-legales', '/equipe'];

interface Answer {
  what: string;
  ok: boolean;
  ms: number;
  detail: string;
}

/** Readers for `seconds`: pages (purged every 300 ms, so that they go through Redis again) and signups. */
async function underLoad(server: OwnServer, seconds: number, tag: string): Promise<Answer[]> {
  const answers: Answer[] = [];
  const until = Date.now() + seconds * 1000;
  let n = 0;
  const purger = setInterval(() => server.child.kill('SIGUSR2'), 300);
  const reader = async () => {
    while (Date.now() < until) {
      const i = n++;
      const started = Date.now();
      if (i % 2 === 0) {
        const path = PAGES[i % PAGES.length] as string;
        try {
          const response = await fetch(`${server.baseUrl}${path}`, { signal: AbortSignal.timeout(BOUND_MS * 2) });
          const body = await response.text();
          answers.push({
            what: path,
            ok: response.status === 200 && body.includes('</html>'),
            ms: Date.now() - started,
            detail: String(response.status),
          });
        } catch (error) {
          answers.push({ what: path, ok: false, ms: Date.now() - started, detail: (error as Error).message });
        }
      } else {
        const result = await postSignup(server.baseUrl, `redis-${tag}-${i}@exemple.fr`);
        answers.push({ what: 'signup', ok: result.outcome === 'success', ms: Date.now() - started, detail: JSON.stringify(result.body) });
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: 8 }, reader));
  } finally {
    clearInterval(purger);
  }
  return answers;
}

function expectAllServed(answers: Answer[]) {
  expect(answers.length).toBeGreaterThan(20);
  expect(answers.filter((a) => !a.ok)).toEqual([]);
  expect(answers.filter((a) => a.ms > BOUND_MS)).toEqual([]);
}

const outageLines = (log: string) => log.split('\n').filter((line) => /Redis (subscriber )?unavailable/.test(line)).length;

test('Redis killed, then stopped, then slow under load: pages and signups keep working, the process lives, purges come back', async () => {
  test.setTimeout(180_000);
  const redis = await startOwnRedis();
  const relay = await relayTo('127.0.0.1', redis.port);
  const redisUrl = `redis://127.0.0.1:${relay.port}`;
  const data = tempDataDir();
  // Rate limits on, so that every signup counts in Redis (or, during the outage, in the process).
  const server = await startOwnServer({ DATA_DIR: data.dir, REDIS_URL: redisUrl, SIGNUP_RATE_LIMIT: '100000' });
  try {
    expectAllServed(await underLoad(server, 2, 'before'));
    expect(outageLines(server.log())).toBe(0);

    await test.step('killed between two requests (the client closes itself before the next one comes)', async () => {
      await redis.kill();
      await new Promise((done) => setTimeout(done, 1500));
      expectAllServed(await underLoad(server, 3, 'killed-quiet'));
      expect(server.child.exitCode).toBeNull();
    });

    await test.step('back: purges sent through Redis reach the process again', async () => {
      await redis.start();
      await expect.poll(() => server.log().includes('Redis subscriber connected again'), { timeout: 15_000 }).toBe(true);
      await fetch(`${server.baseUrl}/mission`);
      expect((await fetch(`${server.baseUrl}/mission`)).headers.get('x-cache')).toBe('HIT');
      const sent = await notifyContentChanged(contentChangeRoutesFromEnv({ REDIS_URL: redisUrl }));
      expect(sent).toEqual(['Redis']);
      await expect.poll(async () => (await fetch(`${server.baseUrl}/mission`)).headers.get('x-cache'), { timeout: 5000 }).not.toBe('HIT');
      // Past the time after which the server tries Redis again: the shared store is used again.
      await new Promise((done) => setTimeout(done, 10_500));
      expectAllServed(await underLoad(server, 2, 'back'));
      await expect.poll(() => server.log().includes('[shared-store] Redis available again'), { timeout: 5000 }).toBe(true);
    });

    await test.step('killed under load, and no Redis at the address for a while', async () => {
      const linesBefore = outageLines(server.log());
      const load = underLoad(server, 5, 'killed');
      await new Promise((done) => setTimeout(done, 1500));
      // Killed behind the relay, and the relay closed: connections refused, as with no Redis at the address.
      await redis.kill();
      await relay.cut();
      expectAllServed(await load);
      await new Promise((done) => setTimeout(done, 2000));
      // Across the time after which the server tries Redis again.
      expectAllServed(await underLoad(server, 12, 'still-down'));
      expect(server.child.exitCode).toBeNull();
      // Said once per connection (shared store, shared pages, purge subscriber), not once per request or retry.
      const lines = outageLines(server.log()) - linesBefore;
      expect(lines).toBeGreaterThan(0);
      expect(lines).toBeLessThanOrEqual(3);
      await redis.start();
      await relay.restore();
    });

    await test.step('stopped (SIGSTOP: connections open, nothing answers)', async () => {
      const load = underLoad(server, 6, 'stopped');
      await new Promise((done) => setTimeout(done, 1000));
      redis.pause();
      try {
        expectAllServed(await load);
      } finally {
        redis.resume();
      }
      expect(server.child.exitCode).toBeNull();
    });

    await test.step('slow (every packet held 3 s by a relay)', async () => {
      relay.delay(3000);
      try {
        expectAllServed(await underLoad(server, 6, 'slow'));
      } finally {
        relay.delay(0);
      }
      expect(server.child.exitCode).toBeNull();
    });
  } finally {
    const alive = server.child.exitCode === null;
    await server.kill('SIGTERM');
    await relay.cut();
    await redis.kill();
    data.remove();
    expect(alive, server.log()).toBe(true);
  }
});
