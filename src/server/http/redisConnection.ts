/**
 * One lazily opened Redis connection for what the server shares between processes (rate limits, spent
 * captcha solutions, rendered pages). Redis is a help, never a dependency: when it stops answering (killed,
 * stopped, slow), `use` runs the caller's fallback at once or within `commandTimeoutMs`, logs once per
 * outage (and once when Redis is back), and leaves Redis alone for a while before trying again, so that
 * readers never wait on a dead server and no failure of the Redis client can reach the process.
 */
export type RedisClient = ReturnType<typeof import('redis').createClient>;

export interface RedisConnection {
  /** `work` with a ready client, or `otherwise` when Redis is unavailable, too slow, or the work failed on Redis. */
  use<T>(work: (client: RedisClient) => Promise<T>, otherwise: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface RedisConnectionOptions {
  /** Longest wait for one piece of work on Redis before the fallback answers (a stopped or slow Redis). */
  commandTimeoutMs?: number;
  /** How long Redis is left alone after a failure. */
  retryAfterMs?: number;
  log?: (line: string) => void;
}

export class RedisTimeoutError extends Error {
  constructor(ms: number) {
    super(`Redis did not answer within ${ms} ms`);
  }
}

/** `work`, or a RedisTimeoutError after `ms`: nothing that waits on Redis may wait for ever. */
export function withRedisTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RedisTimeoutError(ms)), ms);
    timer.unref?.();
  });
  // The loser must not become an unhandled rejection.
  work.catch(() => {});
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Closes a client whatever its state: the client throws ClientClosedError when asked to destroy a socket
 * it already closed itself (its reconnect strategy gave up), which would otherwise surface as an
 * unhandled rejection and end the process.
 */
export function destroyQuietly(client: RedisClient | null | undefined): void {
  if (!client) return;
  try {
    if (client.isOpen) client.destroy();
  } catch {
    // Already closed: nothing to do.
  }
}

export function createRedisConnection(
  url: string,
  label: string,
  fallbackNote: string,
  options: RedisConnectionOptions = {},
): RedisConnection {
  const commandTimeoutMs = options.commandTimeoutMs ?? 1000;
  const retryAfterMs = options.retryAfterMs ?? 10_000;
  const write = options.log ?? ((line: string) => console.error(line));
  let client: Promise<RedisClient> | null = null;
  /** After a failure, Redis is left alone for a while: readers must not wait on a dead server. */
  let retryAt = 0;
  /** Logged once per outage: the first failure says so, the first success after it says Redis is back. */
  let down = false;
  let closed = false;

  function failed(error: unknown) {
    if (down) return;
    down = true;
    write(`[${label}] Redis unavailable, ${fallbackNote}: ${(error as Error).message}`);
  }

  function recovered() {
    if (!down) return;
    down = false;
    write(`[${label}] Redis available again`);
  }

  function giveUp(error: unknown) {
    failed(error);
    retryAt = Date.now() + retryAfterMs;
    const dead = client;
    client = null;
    dead?.then(destroyQuietly, () => {});
  }

  function connect(): Promise<RedisClient> {
    if (client) return client;
    if (closed) return Promise.reject(new Error('Redis connection closed'));
    if (Date.now() < retryAt) return Promise.reject(new Error('Redis unavailable (retrying later)'));
    const attempt = import('redis').then(async ({ createClient }) => {
      const c = createClient({
        url,
        socket: {
          connectTimeout: commandTimeoutMs,
          // A few quick retries, then give up: the caller falls back and tries again later.
          reconnectStrategy: (retries) => (retries >= 2 ? new Error('Redis unreachable') : 100 * (retries + 1)),
        },
        // Commands fail at once while disconnected instead of queueing behind a reconnection.
        disableOfflineQueue: true,
      });
      // Without a listener, the client's 'error' event would end the process; the failure reaches `use`.
      c.on('error', () => {});
      try {
        await withRedisTimeout(c.connect(), commandTimeoutMs);
      } catch (error) {
        destroyQuietly(c);
        throw error;
      }
      return c;
    });
    client = attempt;
    attempt.catch((error: unknown) => {
      if (client === attempt) giveUp(error);
    });
    return attempt;
  }

  return {
    async use(work, otherwise) {
      let attempt: Promise<RedisClient> | null = null;
      try {
        attempt = connect();
        const c = await attempt;
        if (!c.isReady) throw new Error('Redis connection lost');
        const result = await withRedisTimeout(work(c), commandTimeoutMs);
        recovered();
        return result;
      } catch (error) {
        // Only the connection that failed is given up (another call may have opened a new one meanwhile).
        if (attempt && client === attempt) giveUp(error);
        else failed(error);
        return otherwise();
      }
    },
    async close() {
      closed = true;
      const pending = client;
      client = null;
      retryAt = Number.POSITIVE_INFINITY;
      if (!pending) return;
      try {
        const c = await pending;
        if (c.isReady) await withRedisTimeout(c.quit(), commandTimeoutMs);
        else destroyQuietly(c);
      } catch {
        // Never connected, or Redis went away while closing.
        pending.then(destroyQuietly, () => {});
      }
    },
  };
}
