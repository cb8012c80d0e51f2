/**
 * SPEC §4: fetching one item first checks the cache by url and reuses it if present. Only in the browser:
 * a server render reads fresh data for every request, and nothing of one reader's session outlives it.
 * Bounded (least recently used first out) so a long session cannot grow it without end.
 */
import { appConfig } from '../../../app.config.ts';

const entries = new Map<string, unknown>();

function keyOf(kind: string, url: string): string {
  return `${kind}\u0000${url}`;
}

export function rememberItem<T>(kind: string, url: string, value: T): T {
  if (typeof window === 'undefined') return value;
  const key = keyOf(kind, url);
  entries.delete(key);
  entries.set(key, value);
  while (entries.size > appConfig.pagination.itemCacheSize) {
    const oldest = entries.keys().next().value;
    if (oldest === undefined) break;
    entries.delete(oldest);
  }
  return value;
}

export function peekItem<T>(kind: string, url: string): T | undefined {
  if (typeof window === 'undefined') return undefined;
  const key = keyOf(kind, url);
  if (!entries.has(key)) return undefined;
  const value = entries.get(key) as T;
  entries.delete(key);
  entries.set(key, value);
  return value;
}

/** The cached item, or the loaded one (then remembered). A failed load is not remembered. */
export async function cachedItem<T>(kind: string, url: string, load: () => Promise<T>): Promise<T> {
  const hit = peekItem<T>(kind, url);
  if (hit !== undefined) return hit;
  return rememberItem(kind, url, await load());
}

/** Tests: start from an empty cache. */
export function forgetItems(): void {
  entries.clear();
}
