/**
 * A content change reaches every process: two page caches stand for two server processes, each
 * listening as the server does; one notifyContentChanged (what the seed script and `npm run cache:purge`
 * call) empties both. On PostgreSQL (TEST_DATABASE_URL) by NOTIFY, on Redis by its channel, and in one
 * process by SIGUSR2. Each process's content data (categories, quotations, lists: contentDataCache.ts) goes
 * with its pages.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { redisTestsRun, testRedisUrl } from '../../testing/redisReachable.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../../testing/testDatabase.ts';
import { ContentDataCache } from '../content/contentDataCache.ts';
import { PageCache, storePage } from './pageCache.ts';
import {
  announceContentChanged,
  type ContentChangeRoutes,
  listenForContentChanges,
  notifyContentChanged,
} from './pageCacheInvalidation.ts';
import { createSharedPages } from './sharedPages.ts';
import { contentChangeRoutesFromEnv } from '../config/contentChangeRoutes.ts';

const redisUrl = testRedisUrl;
const redisUp = await redisTestsRun(redisUrl);

async function filledCache(): Promise<PageCache> {
  const cache = new PageCache();
  cache.set('/mode', await storePage(200, [], new TextEncoder().encode('<p>mode</p>')));
  return cache;
}

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 20));
  }
}

/** What a process keeps of the categories: the version it read, until a content change drops it. */
async function readCategories(data: ContentDataCache, version: { current: number }): Promise<number> {
  return data.remember(DATABASE, 'categories', async () => version.current);
}
const DATABASE = {};

async function expectBothPurged(
  env: NodeJS.ProcessEnv,
  databaseKind: string,
  send: (routes: ContentChangeRoutes) => Promise<unknown> = notifyContentChanged,
) {
  const caches = [await filledCache(), await filledCache()];
  const data = [new ContentDataCache(), new ContentDataCache()];
  const listeners = await Promise.all(
    caches.map((cache, i) => listenForContentChanges(cache, databaseKind, contentChangeRoutesFromEnv(env), null, data[i])),
  );
  const version = { current: 1 };
  try {
    // The listeners purge once when they connect (messages may have been missed): fill after that, not after a
    // guessed delay (a loaded machine connected to Redis after 300 ms and emptied the refilled cache).
    await Promise.all(listeners.map((listener) => listener.connected));
    for (const cache of caches) cache.set('/mode', await storePage(200, [], new TextEncoder().encode('<p>mode</p>')));
    expect(caches.map((cache) => cache.size)).toEqual([1, 1]);
    expect(await Promise.all(data.map((each) => readCategories(each, version)))).toEqual([1, 1]);
    // A category renamed: kept as read until the message comes.
    version.current = 2;
    expect(await Promise.all(data.map((each) => readCategories(each, version)))).toEqual([1, 1]);
    const sent = await send(contentChangeRoutesFromEnv(env));
    if (Array.isArray(sent)) expect(sent.length).toBeGreaterThan(0);
    await until(() => caches.every((cache) => cache.size === 0), 'both caches to be purged');
    await until(() => data.every((each) => each.generation >= 2), 'both processes to drop their content data');
    expect(await Promise.all(data.map((each) => readCategories(each, version)))).toEqual([2, 2]);
  } finally {
    await Promise.all(listeners.map((listener) => listener.stop()));
  }
}

describe('page cache invalidation', () => {
  it("SIGUSR2 empties the process's cache (the way in with PGlite)", async () => {
    const cache = await filledCache();
    const data = new ContentDataCache();
    const listener = await listenForContentChanges(cache, 'pglite', contentChangeRoutesFromEnv({}), null, data);
    try {
      process.kill(process.pid, 'SIGUSR2');
      await until(() => cache.size === 0, 'the SIGUSR2 purge');
      expect(data.generation).toBe(1);
    } finally {
      await listener.stop();
    }
  });

  it("a newsroom write (announceContentChanged) empties this process's cache at once, even on PGlite", async () => {
    const cache = await filledCache();
    const data = new ContentDataCache();
    const listener = await listenForContentChanges(cache, 'pglite', contentChangeRoutesFromEnv({}), null, data);
    try {
      const version = { current: 1 };
      await readCategories(data, version);
      version.current = 2;
      expect(await readCategories(data, version)).toBe(1);
      await announceContentChanged(contentChangeRoutesFromEnv({}));
      expect(cache.size).toBe(0);
      expect(await readCategories(data, version)).toBe(2);
    } finally {
      await listener.stop();
    }
  });

  it('content data is kept only while this process listens for content changes', async () => {
    const data = new ContentDataCache();
    const version = { current: 1 };
    const listener = await listenForContentChanges(new PageCache(), 'pglite', contentChangeRoutesFromEnv({}), null, data);
    await readCategories(data, version);
    version.current = 2;
    expect(await readCategories(data, version)).toBe(1);
    await listener.stop();
    // No listener: a change would go unheard, so nothing is kept.
    expect(await readCategories(data, version)).toBe(2);
    version.current = 3;
    expect(await readCategories(data, version)).toBe(3);
  });

  describe.each(testDatabaseKinds.filter((kind) => kind === 'postgres'))('across processes on %s', (kind) => {
    let database: TestDatabase | undefined;
    afterAll(() => database?.dispose());

    it('one NOTIFY purges every listening process', async () => {
      database = await createTestDatabase(kind);
      await expectBothPurged({ DATABASE_URL: database.url ?? '' }, 'postgres');
    });

    it('a newsroom write reaches the other processes too (NOTIFY)', async () => {
      database ??= await createTestDatabase(kind);
      await expectBothPurged({ DATABASE_URL: database.url ?? '' }, 'postgres', announceContentChanged);
    });

    it.runIf(redisUp)('a NOTIFY from a writer without REDIS_URL purges the pages shared in Redis, once for all processes', async () => {
      database ??= await createTestDatabase(kind);
      const root = `piquante-test:${randomUUID()}:`;
      const env = { DATABASE_URL: database.url ?? '' };
      const shared = [createSharedPages(testRedisUrl, 'site', { root }), createSharedPages(testRedisUrl, 'site', { root })];
      const caches = [await filledCache(), await filledCache()];
      const listeners = await Promise.all(
        caches.map((cache, i) => listenForContentChanges(cache, 'postgres', contentChangeRoutesFromEnv(env), shared[i])),
      );
      const generation = async () => {
        const { createClient } = await import('redis');
        const client = createClient({ url: testRedisUrl });
        await client.connect();
        try {
          return Number((await client.get(`${root}generation`)) ?? 0);
        } finally {
          client.destroy();
        }
      };
      try {
        // Listening: each listener purges its process once connected.
        await until(() => caches.every((cache) => cache.size === 0), 'the listeners to connect');
        const before = await generation();
        await notifyContentChanged(contentChangeRoutesFromEnv(env));
        const deadline = Date.now() + 5000;
        while ((await generation()) === before && Date.now() < deadline) await new Promise((done) => setTimeout(done, 20));
        // Both processes heard it; a moment more for a second bump, which must not come.
        await new Promise((done) => setTimeout(done, 300));
        expect(await generation()).toBe(before + 1);
      } finally {
        await Promise.all(listeners.map((listener) => listener.stop()));
        await Promise.all(shared.map((each) => each.close()));
        const { createClient } = await import('redis');
        const client = createClient({ url: testRedisUrl });
        await client.connect();
        for await (const keys of client.scanIterator({ MATCH: `${root}*` })) if (keys.length > 0) await client.unlink(keys);
        client.destroy();
      }
    });
  });
});

describe.runIf(redisUp)('page cache invalidation through Redis (REDIS_URL)', () => {
  it('one message on the channel purges every listening process', async () => {
    await expectBothPurged({ REDIS_URL: redisUrl }, 'pglite');
  });
});
