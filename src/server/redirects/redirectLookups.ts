/**
 * The redirect table's answers kept in this process (issue 20): every page-cache miss asks whether its path
 * is an old address, and almost always the answer is no — so "no" is kept too, and the common miss costs one
 * map lookup. Bounded (least recently used out first), and dropped with the page cache: it rides on the
 * content data cache's purges (src/server/content/contentDataCache.ts, purged by every content-changed message
 * on every process) and, like it, keeps anything only while a listener for those messages runs.
 */
import { appConfig } from '../../../app.config.ts';
import { type ContentDataCache, processContentDataCache } from '../content/contentDataCache.ts';

export const REDIRECT_LOOKUPS_MAX_ENTRIES = 10_000;

interface Entry {
  value: Promise<string | null>;
  expires: number;
}

export interface RedirectLookups {
  /** The final address for `key` (a normalised path), or null; `load` asks the database on a miss. */
  find(key: string): Promise<string | null>;
  /** Entries held (tests). */
  readonly size: number;
}

export function createRedirectLookups(
  load: (key: string) => Promise<string | null>,
  options: { maxEntries?: number; data?: ContentDataCache; ttlMs?: number; now?: () => number } = {},
): RedirectLookups {
  const maxEntries = options.maxEntries ?? REDIRECT_LOOKUPS_MAX_ENTRIES;
  const data = options.data ?? processContentDataCache();
  const ttlMs = options.ttlMs ?? appConfig.pageCache.sMaxAgeSeconds * 1000;
  const now = options.now ?? Date.now;
  // A Map iterates in insertion order: re-inserting on a hit makes its first key the least recently used.
  let entries = new Map<string, Entry>();
  let generation = data.generation;

  return {
    get size() {
      return entries.size;
    },
    find(key) {
      if (!data.active) return load(key);
      if (data.generation !== generation) {
        entries = new Map();
        generation = data.generation;
      }
      const at = now();
      const hit = entries.get(key);
      if (hit && hit.expires > at) {
        entries.delete(key);
        entries.set(key, hit);
        return hit.value;
      }
      if (hit) entries.delete(key);
      while (entries.size >= maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
      const value = load(key);
      const entry: Entry = { value, expires: at + ttlMs };
      const kept = entries;
      kept.set(key, entry);
      // A failed read is not kept (the next request asks again).
      value.catch(() => {
        if (kept.get(key) === entry) kept.delete(key);
      });
      return value;
    },
  };
}
