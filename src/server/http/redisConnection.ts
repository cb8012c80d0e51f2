/**
 * One lazily opened Redis connection for what the server shares between processes (rate limits, spent
 * captcha solutions, rendered pages). Redis is a help, never a dependency: when it stops answering,
 * `use` runs the caller's fallback at once, logs at most once a minute, and leaves Redis alone for ten
 * seconds before trying again, so that readers never wait on a dead server.
 */
export type RedisClient = ReturnType<typeof import('redis').createClient>;

export interface RedisConnection {
  /** `work` with a ready client, or `otherwise` when Redis is unavailable or the work failed on Redis. */
  use<T>(work: (client: RedisClient) => Promise<T>, otherwise: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export function createRedisConnection(url: string, label: string, fallbackNote: string): RedisConnection {
  let client: Promise<RedisClient> | null = null;
  /** After a failure, Redis is left alone for a while: readers must not wait on a dead server. */
  let retryAt = 0;
  let lastLog = 0;

  function log(error: unknown) {
    if (Date.now() - lastLog < 60_000) return;
    lastLog = Date.now();
    console.error(`[${label}] Redis unavailable, ${fallbackNote}:`, (error as Error).message);
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
          // A few quick retries, then give up: the caller falls back and tries again later.
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

  return {
    async use(work, otherwise) {
      try {
        const c = await connect();
        if (!c.isReady) throw new Error('Redis connection lost');
        return await work(c);
      } catch (error) {
        if (client) giveUp(error);
        else log(error);
        return otherwise();
      }
    },
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
    },
  };
}
