/**
 * The page cache shared through Redis (REDIS_URL), behind each process's in-process LRU: a page one
 * process renders is served by every other, and concurrent misses for one address render once across
 * all processes (a lock in Redis; the others wait for the page to appear). Content changes bump one
 * generation number that is part of every key, so a purge is one INCR, seen at once by every process
 * (and by a process started later); the pages of old generations are then deleted.
 *
 * Only the compressed bodies travel (gzip and brotli; the identity body is decompressed from gzip when
 * a process takes a page in). Pages live in Redis for s-maxage + stale-while-revalidate: Redis holds
 * the pages being read now; the long stale-if-error copies stay in each process's LRU.
 *
 * Keys are namespaced by release (the server bundle) and by database, so that a new release never
 * serves pages that name the old one's assets, and two sites sharing a Redis never serve each other's
 * pages. Redis is a help, not a dependency: when it does not answer, each process renders on its own.
 */
import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { appConfig } from '../../../app.config.ts';
import type { DatabaseTarget } from '../../db/client.ts';
import type { StoredPage } from './pageCache.ts';
import { createRedisConnection, type RedisConnection } from './redisConnection.ts';

export interface SharedPages {
  /** The page another process stored for `key` (fresh or stale), or null. */
  get(key: string): Promise<StoredPage | null>;
  /**
   * A fresh page for `key`: the one another process stores meanwhile, or `render`'s, stored for every
   * process. One process renders at a time for a key; the others wait for its page.
   */
  fill(key: string, render: () => Promise<StoredPage | null>): Promise<StoredPage | null>;
  /** Forgets every shared page. With an `id`, once per id however many processes ask (a broadcast purge). */
  purge(id?: string): Promise<void>;
  close(): Promise<void>;
}

export interface SharedPagesOptions {
  /** How long a renderer holds the lock of a key; waiters give up waiting after it. */
  lockMs?: number;
  /** How often a waiting process looks for the page. */
  pollMs?: number;
  now?: () => number;
  /** Prefix of every key (tests use their own). */
  root?: string;
}

/** A stored page as one Redis string: the time it was stored (15 digits, read by the Lua scripts), a JSON line, the bodies. */
const STORED_AT_DIGITS = 15;

export function encodeSharedPage(page: StoredPage): Buffer {
  const meta = JSON.stringify({ status: page.status, headers: page.headers, etag: page.etag, gzip: page.gzip.byteLength });
  return Buffer.concat([Buffer.from(`${String(page.storedAt).padStart(STORED_AT_DIGITS, '0')}${meta}\n`), page.gzip, page.br]);
}

export function decodeSharedPage(value: Buffer): StoredPage | null {
  try {
    const newline = value.indexOf(10, STORED_AT_DIGITS);
    if (newline < 0) return null;
    const storedAt = Number(value.subarray(0, STORED_AT_DIGITS).toString('latin1'));
    const meta = JSON.parse(value.subarray(STORED_AT_DIGITS, newline).toString('utf8')) as {
      status: number;
      headers: [string, string][];
      etag: string;
      gzip: number;
    };
    const gzip = new Uint8Array(value.subarray(newline + 1, newline + 1 + meta.gzip));
    const br = new Uint8Array(value.subarray(newline + 1 + meta.gzip));
    const identity = new Uint8Array(gunzipSync(gzip));
    return { status: meta.status, headers: meta.headers, etag: meta.etag, storedAt, identity, gzip, br };
  } catch {
    return null;
  }
}

/**
 * KEYS[1]: the generation counter. ARGV: key prefix, page address, stored-since for "fresh" (ms),
 * lock token ('' = only look), lock ms. Answers {generation, 'fresh'|'stale', page}, {generation,
 * 'none'}, {generation, 'render'} (the lock is ours) or {generation, 'wait'} (another process renders).
 */
const LOOKUP = `
local generation = redis.call('GET', KEYS[1]) or '0'
local page = redis.call('GET', ARGV[1] .. 'page:' .. generation .. ':' .. ARGV[2])
if page and tonumber(string.sub(page, 1, ${STORED_AT_DIGITS})) >= tonumber(ARGV[3]) then return {generation, 'fresh', page} end
if ARGV[4] == '' then
  if page then return {generation, 'stale', page} end
  return {generation, 'none'}
end
if redis.call('SET', ARGV[1] .. 'lock:' .. generation .. ':' .. ARGV[2], ARGV[4], 'NX', 'PX', ARGV[5]) then return {generation, 'render'} end
return {generation, 'wait'}
`;

/**
 * KEYS[1]: the generation counter. ARGV: key prefix, page address, generation the render started in,
 * encoded page ('' = nothing to store), seconds to keep it, lock token. A page rendered before a purge
 * is not stored after it; the lock is released if it is still ours.
 */
const STORE = `
local lock = ARGV[1] .. 'lock:' .. ARGV[3] .. ':' .. ARGV[2]
if ARGV[4] ~= '' and (redis.call('GET', KEYS[1]) or '0') == ARGV[3] then
  redis.call('SET', ARGV[1] .. 'page:' .. ARGV[3] .. ':' .. ARGV[2], ARGV[4], 'EX', ARGV[5])
end
if redis.call('GET', lock) == ARGV[6] then redis.call('DEL', lock) end
return 1
`;

/**
 * KEYS[1]: the generation counter. ARGV: root prefix, purge id ('' = always). Answers the new generation,
 * or 0 when this id was counted already.
 */
const PURGE = `
if ARGV[2] ~= '' and not redis.call('SET', ARGV[1] .. 'purged:' .. ARGV[2], '1', 'NX', 'EX', 600) then return 0 end
return redis.call('INCR', KEYS[1])
`;

/** Bulk strings as Buffers (RESP_TYPES.BLOB_STRING, without loading the redis package until REDIS_URL is used). */
const BINARY = { 36: Buffer } as const;

const delay = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * Identifies this build: the hash of the server bundle's module (it names every chunk by content hash,
 * and the client's assets through TanStack Start's manifest). Pages rendered by another release are
 * never served.
 */
export function releaseOf(moduleUrl: string): string {
  try {
    return createHash('sha256')
      .update(readFileSync(fileURLToPath(moduleUrl)))
      .digest('base64url')
      .slice(0, 12);
  } catch {
    return 'unknown';
  }
}

/** The namespace of this release of this site (its database): pages are shared within it only. */
export function sharedPagesSite(release: string, database: DatabaseTarget): string {
  const site =
    database.kind === 'postgres' ? { kind: database.kind, url: database.url } : { kind: database.kind, dataDir: database.dataDir };
  return createHash('sha256').update(release).update(JSON.stringify(site)).digest('base64url').slice(0, 16);
}

export const SHARED_PAGES_ROOT = 'piquante:pages:';

/**
 * `site`: the namespace of the pages (sharedPagesSite). The generation counter is one for all
 * namespaces under `root`: a purge needs to know no release (`npm run cache:purge` does not).
 */
export function createSharedPages(url: string, site: string, options: SharedPagesOptions = {}): SharedPages {
  const root = options.root ?? SHARED_PAGES_ROOT;
  const prefix = `${root}${site}:`;
  const redis: RedisConnection = createRedisConnection(url, 'page-cache', 'each process renders its own pages');
  const lockMs = options.lockMs ?? 10_000;
  const pollMs = options.pollMs ?? 20;
  const now = options.now ?? Date.now;
  const generationKey = `${root}generation`;
  const { sMaxAgeSeconds, staleWhileRevalidateSeconds } = appConfig.pageCache;
  const keepSeconds = sMaxAgeSeconds + staleWhileRevalidateSeconds;

  type Found = { generation: string; state: 'fresh' | 'stale' | 'none' | 'render' | 'wait'; page: StoredPage | null };

  /** One LOOKUP; null when Redis is unavailable. */
  function lookup(key: string, token: string): Promise<Found | null> {
    return redis.use(
      async (client) => {
        const reply = await client.withTypeMapping(BINARY).eval(LOOKUP, {
          keys: [generationKey],
          arguments: [prefix, key, String(now() - sMaxAgeSeconds * 1000), token, String(lockMs)],
        });
        if (!Array.isArray(reply)) throw new Error('shared pages: LOOKUP answered no list');
        const [generation, state, value] = reply;
        return {
          generation: String(generation),
          state: String(state) as Found['state'],
          page: Buffer.isBuffer(value) ? decodeSharedPage(value) : null,
        };
      },
      async () => null,
    );
  }

  function store(key: string, generation: string, page: StoredPage | null, token: string): Promise<void> {
    return redis.use(
      async (client) => {
        await client.eval(STORE, {
          keys: [generationKey],
          arguments: [prefix, key, generation, page ? encodeSharedPage(page) : '', String(keepSeconds), token],
        });
      },
      async () => {},
    );
  }

  /** Deletes the pages of generations before `current`, of every namespace (SCAN, not KEYS: Redis keeps answering). */
  async function sweep(current: number): Promise<void> {
    await redis.use(
      async (client) => {
        for await (const keys of client.scanIterator({ MATCH: `${root}*:page:*`, COUNT: 500 })) {
          // <root><site>:page:<generation>:<address>
          const old = keys.filter((key) => Number(key.slice(root.length).split(':', 3)[2]) < current);
          if (old.length > 0) await client.unlink(old);
        }
      },
      async () => {},
    );
  }

  return {
    async get(key) {
      const found = await lookup(key, '');
      return found?.page ?? null;
    },

    async fill(key, render) {
      const token = randomUUID();
      const giveUpAt = now() + lockMs + 1000;
      for (;;) {
        const found = await lookup(key, token);
        if (!found) return render();
        if (found.state === 'fresh' && found.page) return found.page;
        if (found.state === 'render' || found.state === 'fresh' /* undecodable: render over it */) {
          let page: StoredPage | null = null;
          try {
            page = await render();
          } finally {
            await store(key, found.generation, page, token);
          }
          return page;
        }
        // Another process renders this page: wait for it (a lock outlives a dead renderer by lockMs at most).
        if (now() > giveUpAt) return render();
        await delay(pollMs);
      }
    },

    async purge(id = '') {
      const generation = await redis.use(
        async (client) => Number(await client.eval(PURGE, { keys: [generationKey], arguments: [root, id] })),
        async () => null,
      );
      // Whoever bumped the generation deletes the old pages; the others have nothing to do.
      if (generation) await sweep(generation);
    },

    close: () => redis.close(),
  };
}
