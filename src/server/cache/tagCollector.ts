/**
 * The tags of a page are those of the API answers its render read (decision 032): the API's `reply`
 * records them here, and the page answerer collects them around one render. AsyncLocalStorage carries the
 * set through the loaders' awaits; one instance per process (Vite dev may load this module twice).
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const KEY = Symbol.for('piquante.cacheTagCollector');
type GlobalWithCollector = typeof globalThis & { [KEY]?: AsyncLocalStorage<Set<string>> };

function storage(): AsyncLocalStorage<Set<string>> {
  const g = globalThis as GlobalWithCollector;
  g[KEY] ??= new AsyncLocalStorage<Set<string>>();
  return g[KEY];
}

/** Runs `work`, answering what it returned and every tag recorded meanwhile. */
export async function collectTags<T>(work: () => Promise<T>): Promise<{ value: T; tags: Set<string> }> {
  const tags = new Set<string>();
  const value = await storage().run(tags, work);
  return { value, tags };
}

/** Adds `tags` to the render under way, if any (an API call from a browser has none). */
export function recordTags(tags: readonly string[]): void {
  const current = storage().getStore();
  if (current) for (const tag of tags) current.add(tag);
}
