/**
 * The server's cache of rendered pages: an LRU bounded by the bytes it holds (each page kept as identity,
 * gzip and brotli bodies, compressed once when stored), with single-flight filling: concurrent misses
 * for one address wait for one render. Freshness follows app.config.ts pageCache; entries past
 * stale-while-revalidate are kept only to answer while rendering fails (stale-if-error).
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { appConfig } from '../../../app.config.ts';
import { isTouched, tagsOfHeaders } from '../cache/cacheTags.ts';
import { entityTag } from './httpCache.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export interface StoredPage {
  status: number;
  /** The page's own headers (content-type, content-security-policy…), without encoding or length. */
  headers: [string, string][];
  identity: Uint8Array<ArrayBuffer>;
  gzip: Uint8Array<ArrayBuffer>;
  br: Uint8Array<ArrayBuffer>;
  etag: string;
  storedAt: number;
}

export type Freshness = 'fresh' | 'stale' | 'error-only';

export async function storePage(
  status: number,
  headers: [string, string][],
  body: Uint8Array<ArrayBuffer>,
  now = Date.now(),
): Promise<StoredPage> {
  const [gz, br] = await Promise.all([
    gzipAsync(body, { level: 6 }),
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: appConfig.pageCache.brotliQuality,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
      },
    }),
  ]);
  return { status, headers, identity: body, gzip: new Uint8Array(gz), br: new Uint8Array(br), etag: entityTag(body), storedAt: now };
}

/** Bytes an entry costs: its three bodies and a rough allowance for the key and headers. */
export function pageBytes(key: string, page: StoredPage): number {
  const headerBytes = page.headers.reduce((sum, [name, value]) => sum + name.length + value.length, 0);
  return page.identity.byteLength + page.gzip.byteLength + page.br.byteLength + key.length * 2 + headerBytes * 2 + 256;
}

export function freshnessOf(page: StoredPage, now = Date.now()): Freshness {
  const age = (now - page.storedAt) / 1000;
  const { sMaxAgeSeconds, staleWhileRevalidateSeconds } = appConfig.pageCache;
  if (age < sMaxAgeSeconds) return 'fresh';
  if (age < sMaxAgeSeconds + staleWhileRevalidateSeconds) return 'stale';
  return 'error-only';
}

export function canServeOnError(page: StoredPage, now = Date.now()): boolean {
  const { sMaxAgeSeconds, staleIfErrorSeconds } = appConfig.pageCache;
  return (now - page.storedAt) / 1000 < sMaxAgeSeconds + staleIfErrorSeconds;
}

/** The LRU bound from PAGE_CACHE_MAX_BYTES (0 stores nothing), else app.config.ts. */
export function pageCacheBytes(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return appConfig.pageCache.maxBytes;
  const bytes = Number(value);
  if (!Number.isInteger(bytes) || bytes < 0) throw new Error(`PAGE_CACHE_MAX_BYTES takes a whole number of bytes (got "${value}")`);
  return bytes;
}

export class PageCache {
  private readonly entries = new Map<string, { page: StoredPage; bytes: number }>();
  private readonly filling = new Map<string, Promise<StoredPage | null>>();
  private total = 0;
  /** Bumped by every purge: a render started before a purge is not stored after it. */
  private generation = 0;

  constructor(readonly maxBytes: number = appConfig.pageCache.maxBytes) {}

  get bytes(): number {
    return this.total;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Changes with every purge: a page fetched before a purge (from Redis, say) is not kept after it. */
  get currentGeneration(): number {
    return this.generation;
  }

  /** Keeps `page` unless a purge happened since `generation` was read. */
  setIfCurrent(key: string, page: StoredPage, generation: number): void {
    if (generation === this.generation) this.set(key, page);
  }

  get(key: string): StoredPage | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    // Map keeps insertion order: re-inserting marks the entry most recently used.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.page;
  }

  set(key: string, page: StoredPage): void {
    this.delete(key);
    const bytes = pageBytes(key, page);
    if (bytes > this.maxBytes) return;
    this.entries.set(key, { page, bytes });
    this.total += bytes;
    for (const [oldest, entry] of this.entries) {
      if (this.total <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.total -= entry.bytes;
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.total -= entry.bytes;
  }

  /** Forgets every page (content changed); renders under way are not stored. */
  purge(): void {
    this.entries.clear();
    this.total = 0;
    this.generation++;
  }

  /**
   * Forgets the pages and answers that show one of `tags` (decision 032), and those that carry no tags;
   * the others stay. Renders under way are not stored (they may have read the old content).
   */
  purgeTags(tags: Iterable<string>): number {
    const purged = new Set(tags);
    let count = 0;
    for (const [key, entry] of this.entries) {
      if (!isTouched(tagsOfHeaders(entry.page.headers), purged)) continue;
      this.entries.delete(key);
      this.total -= entry.bytes;
      count++;
    }
    this.generation++;
    return count;
  }

  /**
   * Renders `key` once however many readers ask at the same time. `render` answers the page to store,
   * or null when it must not be stored (an error, a cookie); the waiting readers all get that answer.
   */
  fill(key: string, render: () => Promise<StoredPage | null>): Promise<StoredPage | null> {
    const pending = this.filling.get(key);
    if (pending) return pending;
    const generation = this.generation;
    const filled = render()
      .then((page) => {
        if (page && generation === this.generation) this.set(key, page);
        return page;
      })
      .finally(() => this.filling.delete(key));
    this.filling.set(key, filled);
    return filled;
  }
}
