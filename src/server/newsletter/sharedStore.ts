/**
 * Short-lived counters and "seen once" marks for the bot defences: per-IP signup counts and spent
 * captcha solutions. In process by default; in Redis when REDIS_URL is set, so that every instance
 * behind a load balancer shares them. If Redis stops answering, the process falls back to its own
 * memory (logged) rather than refusing readers.
 */
import { isIPv4, isIPv6 } from 'node:net';

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

type RedisClient = ReturnType<typeof import('redis').createClient>;

export function createRedisStore(url: string, prefix = 'piquante:newsletter:'): SharedStore {
  const fallback = createMemoryStore();
  let client: Promise<RedisClient> | null = null;
  /** After a failure, Redis is left alone for a while: readers must not wait on a dead server. */
  let retryAt = 0;
  let lastLog = 0;

  function log(error: unknown) {
    if (Date.now() - lastLog < 60_000) return;
    lastLog = Date.now();
    console.error('[newsletter] Redis unavailable, using in-process limits:', (error as Error).message);
  }

  function giveUp(error: unknown) {
    log(error);
    retryAt = Date.now() + 10_000;
    const dead = client;
    client = null;
    dead?.then(
      (c) => c.destroy(),
      () => {},
    );
  }

  function connect(): Promise<RedisClient> {
    if (client) return client;
    if (Date.now() < retryAt) return Promise.reject(new Error('Redis unavailable (retrying later)'));
    const attempt = import('redis').then(async ({ createClient }) => {
      const c = createClient({
        url,
        socket: {
          connectTimeout: 1000,
          // A few quick retries, then give up: the store falls back to memory and tries again later.
          reconnectStrategy: (retries) => (retries >= 2 ? new Error('Redis unreachable') : 100 * (retries + 1)),
        },
        // Commands fail at once while disconnected instead of queueing behind a reconnection.
        disableOfflineQueue: true,
      });
      c.on('error', log);
      await c.connect();
      return c;
    });
    client = attempt;
    attempt.catch(() => {
      if (client === attempt) giveUp(new Error('Redis unreachable'));
    });
    return attempt;
  }

  async function withRedis<T>(work: (c: RedisClient) => Promise<T>, otherwise: () => Promise<T>): Promise<T> {
    try {
      const c = await connect();
      if (!c.isReady) throw new Error('Redis connection lost');
      return await work(c);
    } catch (error) {
      if (client) giveUp(error);
      else log(error);
      return otherwise();
    }
  }

  return {
    hit: (key, windowSeconds) =>
      withRedis(
        async (c) => {
          const full = prefix + key;
          const replies = (await c.multi().incr(full).expire(full, windowSeconds, 'NX').ttl(full).exec()) as unknown[];
          const [count, , ttl] = replies;
          return { count: Number(count), resetInSeconds: Math.max(1, Number(ttl)) };
        },
        () => fallback.hit(key, windowSeconds),
      ),
    claimOnce: (key, ttlSeconds) =>
      withRedis(
        async (c) => (await c.set(prefix + key, '1', { condition: 'NX', expiration: { type: 'EX', value: ttlSeconds } })) === 'OK',
        () => fallback.claimOnce(key, ttlSeconds),
      ),
    async close() {
      const pending = client;
      client = null;
      retryAt = Number.POSITIVE_INFINITY;
      if (pending) {
        try {
          const c = await pending;
          if (c.isOpen) await c.quit();
        } catch {
          // Never connected: nothing to close.
        }
      }
      await fallback.close();
    },
  };
}

/** The rate-limit key of an address: IPv4 as is, IPv6 by its /64 (one subscriber line, many addresses). */
export function ipKey(ip: string): string {
  const mapped = ip.startsWith('::ffff:') && isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
  if (isIPv4(mapped)) return mapped;
  if (!isIPv6(mapped)) return 'unknown';
  const [head = '', tail = ''] = mapped.split('::');
  const headParts = head ? head.split(':') : [];
  const tailParts = tail ? tail.split(':') : [];
  const missing = mapped.includes('::') ? 8 - headParts.length - tailParts.length : 0;
  const groups = [...headParts, ...Array<string>(Math.max(0, missing)).fill('0'), ...tailParts];
  return `${groups
    .slice(0, 4)
    .map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
