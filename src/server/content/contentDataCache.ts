/**
 * What many pages read and rarely changes (the categories, the quotations…), kept in this process between
 * renders (issue 22) and dropped with the page cache: the same messages purge both (PostgreSQL NOTIFY,
 * Redis, SIGUSR2, a newsroom write in this process: src/server/http/pageCacheInvalidation.ts).
 *
 * It keeps anything only while this process listens for those messages (`attach`): without a listener
 * (the dev server, scripts, tests that do not ask for it) every read goes to the database, as before.
 * Keys are fixed names, never a reader's input, so the cache holds a handful of entries; a value also
 * expires after a page's s-maxage, so a message lost while a listener reconnects costs at most what it
 * costs the page cache.
 */
import { appConfig } from '../../../app.config.ts';

interface Entry {
  value: Promise<unknown>;
  expires: number;
}

/** A safety bound: keys are a fixed set, this is never reached unless a caller keys by input. */
const MAX_ENTRIES_PER_DATABASE = 256;

export class ContentDataCache {
  #listeners = 0;
  #generation = 0;
  /** Per database (tests and tools may open several in one process), then per key. */
  #entries = new WeakMap<object, Map<string, Entry>>();
  readonly #ttlMs: number;
  readonly #now: () => number;

  constructor(options: { ttlMs?: number; now?: () => number } = {}) {
    this.#ttlMs = options.ttlMs ?? appConfig.pageCache.sMaxAgeSeconds * 1000;
    this.#now = options.now ?? Date.now;
  }

  /** Keeping anything is safe only while content changes are heard. */
  get active(): boolean {
    return this.#listeners > 0;
  }

  /** Purges so far (tests, logs). */
  get generation(): number {
    return this.#generation;
  }

  /** A listener for content changes started; the returned function says it stopped. */
  attach(): () => void {
    this.#listeners += 1;
    let attached = true;
    return () => {
      if (!attached) return;
      attached = false;
      this.#listeners -= 1;
      if (this.#listeners === 0) this.purge();
    };
  }

  /**
   * Forgets everything. A read still in flight finishes for whoever waits on it, but lands in the
   * forgotten map: nothing read before a change is served after it.
   */
  purge(): void {
    this.#generation += 1;
    this.#entries = new WeakMap();
  }

  /**
   * `load()`'s answer for `key` on `db`, shared by every caller until a purge or its expiry (one load at a
   * time per key). A failed load is not kept. The value is shared: callers must not change it.
   */
  remember<T>(db: object, key: string, load: () => Promise<T>): Promise<T> {
    if (!this.active) return load();
    let entries = this.#entries.get(db);
    if (!entries) {
      entries = new Map();
      this.#entries.set(db, entries);
    }
    const now = this.#now();
    const hit = entries.get(key);
    if (hit && hit.expires > now) return hit.value as Promise<T>;
    if (!hit && entries.size >= MAX_ENTRIES_PER_DATABASE) entries.clear();
    const value = load();
    const entry: Entry = { value, expires: now + this.#ttlMs };
    entries.set(key, entry);
    const kept = entries;
    value.catch(() => {
      if (kept.get(key) === entry) kept.delete(key);
    });
    return value;
  }
}

const KEY = Symbol.for('piquante.contentDataCache');
type GlobalWithCache = typeof globalThis & { [KEY]?: ContentDataCache };

/** The process's one cache (Vite dev may load this module twice). */
export function processContentDataCache(): ContentDataCache {
  const g = globalThis as GlobalWithCache;
  g[KEY] ??= new ContentDataCache();
  return g[KEY];
}
