/**
 * Short-lived counters and "seen once" marks for the bot defences: per-IP signup counts and spent
 * captcha solutions. In process by default; in Redis when REDIS_URL is set, so that every instance
 * behind a load balancer shares them. If Redis stops answering, the process falls back to its own
 * memory (logged) rather than refusing readers.
 */
import { createRedisConnection, type RedisConnection } from './redisConnection.ts';

export interface SharedStore {
  /** Counts one more hit on `key` in a fixed window; the window starts at the first hit. */
  hit(key: string, windowSeconds: number): Promise<{ count: number; resetInSeconds: number }>;
  /** True the first time `key` is claimed within `ttlSeconds`, false afterwards. */
  claimOnce(key: string, ttlSeconds: number): Promise<boolean>;
  close(): Promise<void>;
}

export function createMemoryStore(now: () => number = Date.now): SharedStore {
  const entries = new Map<string, { count: number; expiresAt: number }>();
  let lastSweep = now();

  function sweep(at: number) {
    if (at - lastSweep < 30_000 && entries.size < 50_000) return;
    lastSweep = at;
    for (const [key, entry] of entries) if (entry.expiresAt <= at) entries.delete(key);
  }

  function current(key: string, at: number) {
    const entry = entries.get(key);
    if (entry && entry.expiresAt > at) return entry;
    return undefined;
  }

  return {
    async hit(key, windowSeconds) {
      const at = now();
      sweep(at);
      let entry = current(key, at);
      if (!entry) {
        entry = { count: 0, expiresAt: at + windowSeconds * 1000 };
        entries.set(key, entry);
      }
      entry.count++;
      return { count: entry.count, resetInSeconds: Math.max(1, Math.ceil((entry.expiresAt - at) / 1000)) };
    },
    async claimOnce(key, ttlSeconds) {
      const at = now();
      sweep(at);
      if (current(key, at)) return false;
      entries.set(key, { count: 1, expiresAt: at + ttlSeconds * 1000 });
      return true;
    },
    async close() {
      entries.clear();
    },
  };
}

/**
 * The stores of every route family (newsletter, consent, survey, push, newsroom) share one connection per
 * Redis URL: each opening its own would multiply the sockets of every process by five. Counted, so the
 * connection closes with the last store that uses it.
 */
const connections = new Map<string, { redis: RedisConnection; users: number }>();

function acquireConnection(url: string): RedisConnection {
  let entry = connections.get(url);
  if (!entry) {
    entry = { redis: createRedisConnection(url, 'shared-store', 'using in-process limits'), users: 0 };
    connections.set(url, entry);
  }
  entry.users++;
  return entry.redis;
}

async function releaseConnection(url: string): Promise<void> {
  const entry = connections.get(url);
  if (!entry || --entry.users > 0) return;
  connections.delete(url);
  await entry.redis.close();
}

export function createRedisStore(url: string, prefix = 'piquante:newsletter:'): SharedStore {
  const fallback = createMemoryStore();
  const redis = acquireConnection(url);
  let closed = false;

  return {
    hit: (key, windowSeconds) =>
      redis.use(
        async (c) => {
          const full = prefix + key;
          const replies = (await c.multi().incr(full).expire(full, windowSeconds, 'NX').ttl(full).exec()) as unknown[];
          const [count, , ttl] = replies;
          return { count: Number(count), resetInSeconds: Math.max(1, Number(ttl)) };
        },
        () => fallback.hit(key, windowSeconds),
      ),
    claimOnce: (key, ttlSeconds) =>
      redis.use(
        async (c) => (await c.set(prefix + key, '1', { condition: 'NX', expiration: { type: 'EX', value: ttlSeconds } })) === 'OK',
        () => fallback.claimOnce(key, ttlSeconds),
      ),
    async close() {
      if (!closed) {
        closed = true;
        await releaseConnection(url);
      }
      await fallback.close();
    },
  };
}
