/**
 * Content changed → every process forgets its rendered pages within a second. Messages travel on
 * PostgreSQL's LISTEN/NOTIFY (every process of a deployment shares the database) and, when REDIS_URL
 * is set, on a Redis channel; SIGUSR2 purges one process (the only way in with PGlite, whose data
 * directory one process holds). Writers call notifyContentChanged: the seed script, the purge command
 * (`npm run cache:purge`), and any future write path.
 *
 * With the pages shared through Redis (sharedPages.ts), their generation is bumped too: by the writer when
 * it has REDIS_URL, else by the first process that hears the message (each message carries an id, and a
 * purge is counted once per id).
 *
 * The same messages drop the process's content data (categories, quotations…: src/server/content/contentDataCache.ts),
 * which keeps anything only while a listener runs.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { DatabaseTarget } from '../../db/client.ts';
import { normaliseTags } from '../cache/cacheTags.ts';
import { type ContentDataCache, processContentDataCache } from '../content/contentDataCache.ts';
import type { PageCache } from './pageCache.ts';
import { destroyQuietly, type RedisClient, withRedisTimeout } from './redisConnection.ts';
import { createSharedPages, type SharedPages } from './sharedPages.ts';

export const CONTENT_CHANGED_CHANNEL = 'piquante_content_changed';

/** Where the messages travel: the database (NOTIFY, when PostgreSQL) and Redis (REDIS_URL), from the configuration. */
export interface ContentChangeRoutes {
  database: DatabaseTarget;
  redisUrl: string | null;
}

/**
 * Writes in this very process (the newsroom) reach this process's cache at once, whatever the database:
 * with PGlite there is no NOTIFY, and no other process to tell. One bus per process (Vite dev may load
 * this module twice).
 */
const LOCAL_BUS = Symbol.for('piquante.contentChanged');
type GlobalWithBus = typeof globalThis & { [LOCAL_BUS]?: EventTarget };
function localBus(): EventTarget {
  const g = globalThis as GlobalWithBus;
  g[LOCAL_BUS] ??= new EventTarget();
  return g[LOCAL_BUS];
}

/**
 * For writers inside the server: purge this process now, then tell the others (errors logged, not thrown).
 * `tags`: what the change touched (decision 032), purged alone; without them every page goes.
 */
export async function announceContentChanged(routes: ContentChangeRoutes, tags?: readonly string[]): Promise<void> {
  localBus().dispatchEvent(new CustomEvent('changed', { detail: tags ? normaliseTags(tags) : undefined }));
  try {
    await notifyContentChanged(routes, { tags });
  } catch (error) {
    console.error('[page-cache] could not tell the other processes:', (error as Error).message);
  }
}
const RECONNECT_MS = 1000;
const REDIS_PUBLISH_TIMEOUT_MS = 2000;

type Stop = () => Promise<void>;
/** A listener over the network: `connected` settles once it has connected and made its first purge. */
interface Listening {
  stop: Stop;
  connected: Promise<void>;
}
/**
 * `id`: the message's, so that the shared pages are purged once per message however many processes hear it;
 * `tags`: what changed (none: everything).
 */
type Purge = (why: string, id?: string, tags?: string[]) => void;

/**
 * A message is its id, then the touched tags, space-separated (tags hold no space). NOTIFY's payload is
 * under 8 000 bytes: a longer list is sent as the id alone, which purges everything.
 */
const MAX_MESSAGE_BYTES = 7000;

export function contentChangedMessage(id: string, tags?: readonly string[]): string {
  if (!tags) return id;
  const message = [id, ...normaliseTags(tags)].join(' ');
  return message.length > MAX_MESSAGE_BYTES ? id : message;
}

export function parseContentChangedMessage(message: string | undefined): { id?: string; tags?: string[] } {
  if (!message) return {};
  const [id, ...tags] = message.split(' ');
  return tags.length > 0 ? { id, tags: normaliseTags(tags) } : { id };
}

function heard(purge: Purge, why: string, message: string | undefined): void {
  const { id, tags } = parseContentChangedMessage(message);
  purge(why, id, tags);
}

/** pg on first use: a PGlite server never needs it (~25 ms of CPU at start, issue 38). */
async function loadPg(): Promise<typeof pg> {
  return (await import('pg')).default;
}

function listenPostgres(url: string, purge: Purge): Listening {
  let stopped = false;
  let current: pg.Client | null = null;
  let firstConnection = () => {};
  const connected = new Promise<void>((resolve) => (firstConnection = resolve));
  const connect = async () => {
    const client = new (await loadPg()).Client({ connectionString: url });
    current = client;
    const retry = () => {
      client.removeAllListeners();
      client.end().catch(() => {});
      if (!stopped) setTimeout(connect, RECONNECT_MS).unref();
    };
    client.on('error', retry);
    client.on('notification', (message) => heard(purge, 'PostgreSQL NOTIFY', message.payload || undefined));
    try {
      await client.connect();
      await client.query(`LISTEN ${CONTENT_CHANGED_CHANNEL}`);
      // Messages sent while we were away are lost: forget everything on (re)connection.
      purge('PostgreSQL listener connected');
      firstConnection();
    } catch {
      retry();
    }
  };
  const started = connect();
  const stop = async () => {
    stopped = true;
    await started;
    current?.removeAllListeners();
    await current?.end().catch(() => {});
  };
  return { stop, connected };
}

/**
 * Subscribes in the background: the server starts and serves whether Redis answers or not. The client
 * reconnects by itself (and re-subscribes); every (re)connection purges this process, since messages sent
 * while it was away are lost. Failures are logged once per outage, never thrown.
 */
function listenRedis(url: string, purge: Purge): Listening {
  let subscriber: RedisClient | null = null;
  let down = false;
  let firstConnection = () => {};
  const connected = new Promise<void>((resolve) => (firstConnection = resolve));
  const started = import('redis').then(({ createClient }) => {
    const client: RedisClient = createClient({
      url,
      socket: { connectTimeout: 1000, reconnectStrategy: (retries) => Math.min(250 * (retries + 1), 2000) },
    });
    subscriber = client;
    client.on('error', (error: Error) => {
      if (down) return;
      down = true;
      console.error('[page-cache] Redis subscriber unavailable, invalidation by PostgreSQL or SIGUSR2 until it is back:', error.message);
    });
    client.on('ready', () => {
      if (down) console.error('[page-cache] Redis subscriber connected again');
      down = false;
      purge('Redis subscriber ready');
      firstConnection();
    });
    // Queued until the connection is up; re-subscribed by the client after each reconnection.
    client.subscribe(CONTENT_CHANGED_CHANNEL, (message) => heard(purge, 'Redis message', message || undefined)).catch(() => {});
    client.connect().catch(() => {});
  });
  const stop = async () => {
    await started.catch(() => {});
    destroyQuietly(subscriber);
  };
  return { stop, connected };
}

/**
 * Purges `cache` (and `shared`, the pages shared through Redis, and `data`, the process's content data) on
 * every content-changed message. Answers at once: the server serves whether PostgreSQL's or Redis's listener is
 * up or not; `connected` settles when every network listener has connected once and purged (tests fill their
 * caches after it, never after a guessed delay).
 */
export async function listenForContentChanges(
  cache: PageCache,
  databaseKind: string,
  routes: ContentChangeRoutes,
  shared: SharedPages | null = null,
  data: ContentDataCache = processContentDataCache(),
): Promise<Listening> {
  const purge: Purge = (why, id, tags) => {
    if (tags) {
      const count = cache.purgeTags(tags);
      if (count > 0) console.log(`[page-cache] purged ${count} pages showing ${tags.join(' ')} (${why})`);
    } else {
      if (cache.size > 0) console.log(`[page-cache] purged ${cache.size} pages (${why})`);
      cache.purge();
    }
    data.purge();
    // A (re)connection purges this process only: what it may have missed was counted by whoever heard it.
    // The shared tier has one generation for all its pages: a tagged change renews it whole (decision 032).
    if (shared && id) void shared.purge(id);
  };
  const onSignal = () => purge('SIGUSR2', randomUUID());
  process.on('SIGUSR2', onSignal);
  const onLocal = (event: Event) => purge('newsroom write', undefined, (event as CustomEvent<string[] | undefined>).detail);
  localBus().addEventListener('changed', onLocal);
  const detachData = data.attach();
  const stops: Stop[] = [
    async () => void process.off('SIGUSR2', onSignal),
    async () => localBus().removeEventListener('changed', onLocal),
    async () => detachData(),
  ];
  const target = routes.database;
  const remote: Listening[] = [];
  if (databaseKind === 'postgres' && target.kind === 'postgres') remote.push(listenPostgres(target.url, purge));
  if (routes.redisUrl) remote.push(listenRedis(routes.redisUrl, purge));
  for (const each of remote) stops.push(each.stop);
  return {
    stop: async () => void (await Promise.all(stops.map((stop) => stop()))),
    connected: Promise.all(remote.map((each) => each.connected)).then(() => {}),
  };
}

/** Tells every server process that content changed. Answers where the message went. */
export async function notifyContentChanged(
  routes: ContentChangeRoutes,
  options: { sharedPagesRoot?: string; tags?: readonly string[] | undefined } = {},
): Promise<string[]> {
  const sent: string[] = [];
  const id = randomUUID();
  const message = contentChangedMessage(id, options.tags);
  const redisUrl = routes.redisUrl;
  if (redisUrl) {
    // The shared pages first, so that a process hearing the message cannot take an old page back from Redis.
    const shared = createSharedPages(redisUrl, '', { root: options.sharedPagesRoot });
    try {
      await shared.purge(id);
    } finally {
      await shared.close();
    }
  }
  const target = routes.database;
  if (target.kind === 'postgres') {
    const client = new (await loadPg()).Client({ connectionString: target.url });
    await client.connect();
    try {
      await client.query('SELECT pg_notify($1, $2)', [CONTENT_CHANGED_CHANNEL, message]);
      sent.push('PostgreSQL');
    } finally {
      await client.end();
    }
  }
  if (redisUrl) {
    const { createClient } = await import('redis');
    const client = createClient({ url: redisUrl, socket: { connectTimeout: REDIS_PUBLISH_TIMEOUT_MS, reconnectStrategy: false } });
    client.on('error', () => {});
    try {
      // Bounded: a stopped Redis must not hold a newsroom write (PostgreSQL's NOTIFY went already).
      await withRedisTimeout(
        client.connect().then(() => client.publish(CONTENT_CHANGED_CHANNEL, message)),
        REDIS_PUBLISH_TIMEOUT_MS,
      );
      sent.push('Redis');
    } finally {
      destroyQuietly(client);
    }
  }
  return sent;
}
