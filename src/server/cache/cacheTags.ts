/**
 * Cache tags (decision 032): the short names of what a page or an API answer shows, sent as `Cache-Tag`
 * (Cloudflare, comma-separated) and `Surrogate-Key` (Fastly, space-separated), and purged when it changes.
 * An item is tagged by id (`a:123`); a category, a tag and an author by the slug readers' addresses use
 * (`c:mode`, `t:ete`, `au:jeanne`: the answers name them so, and a slug change purges both slugs); a list
 * by its own name (`list:articles`, `f:quiz`), never by the items it holds — a list changes when any
 * article could enter it, and a header listing every card would outgrow the CDNs' limits.
 * `site` is on every tagged answer: purging it purges everything (a change nothing more precise describes).
 */
import type { Database } from '../../db/client.ts';

export const cacheTag = {
  /** On every tagged answer: what a change without a finer description purges. */
  site: 'site',
  /** A page that read something no rule describes (answerTags.ts): purged by every change, never left stale. */
  misc: 'misc',
  home: 'home',
  /** The latest articles (home, search, `/api/articles`): any published article may enter or leave it. */
  articles: 'list:articles',
  bestof: 'list:bestof',
  categories: 'list:categories',
  newsletter: 'list:newsletter',
  article: (id: number) => `a:${id}`,
  category: (slug: string) => `c:${slug}`,
  tag: (slug: string) => `t:${slug}`,
  author: (slug: string) => `au:${slug}`,
  /** A live source's page (decision 036), by the slug of its address. */
  page: (slug: string) => `pg:${slug}`,
  /** The live source's pages as a list: `/sitemap-pages.xml`. */
  pages: 'list:pages',
  /** Every list and item of a format (quiz, mosaic…): its changes purge this one tag. */
  format: (name: string) => `f:${name}`,
} as const;

/** Cloudflare: a tag ≤ 1 024 characters, the header ≤ 16 KB; Fastly: a key ≤ 1 024 bytes, the header ≤ 16 KB. */
export const CACHE_TAG_LIMITS = { tagChars: 1024, headerBytes: 16 * 1024 } as const;

/** What a tag may hold: no comma (Cache-Tag's separator), no space (Surrogate-Key's), printable ASCII. */
const TAG = /^[A-Za-z0-9][A-Za-z0-9:._~@%+/-]*$/;

export function isCacheTag(value: unknown): value is string {
  return typeof value === 'string' && value.length <= CACHE_TAG_LIMITS.tagChars && TAG.test(value);
}

/** Valid, unique, in a stable order (the header's bytes do not depend on the order of reads). */
export function normaliseTags(tags: Iterable<string>): string[] {
  const kept = new Set<string>();
  for (const tag of tags) if (isCacheTag(tag)) kept.add(tag);
  return [...kept].sort();
}

/**
 * The two headers for `tags` (with `site`). Over the header limit the answer is tagged `site` alone: it is
 * then purged by every change, never left stale.
 */
export function cacheTagHeaders(tags: Iterable<string>): [string, string][] {
  let list = normaliseTags([cacheTag.site, ...tags]);
  if (list.join(',').length > CACHE_TAG_LIMITS.headerBytes) list = [cacheTag.site];
  return [
    ['cache-tag', list.join(',')],
    ['surrogate-key', list.join(' ')],
  ];
}

/** The tags a stored answer carries (its Cache-Tag header); null when it carries none. */
export function tagsOfHeaders(headers: readonly [string, string][]): string[] | null {
  for (const [name, value] of headers) if (name === 'cache-tag') return value.split(',');
  return null;
}

/**
 * Whether a stored answer must go when `purged` changed: it carries one of them, or carries no tags at
 * all or `misc` (nothing says exactly what it shows), or `purged` holds `site`.
 */
export function isTouched(carried: readonly string[] | null, purged: ReadonlySet<string>): boolean {
  if (carried === null || purged.has(cacheTag.site) || carried.includes(cacheTag.misc)) return true;
  return carried.some((tag) => purged.has(tag));
}

/** Told after a write readers can see: `tags`, what it touched (decision 032); none: everything. */
export type ContentChanged = (tags?: readonly string[]) => Promise<void> | void;

/**
 * Called inside the transaction of a write readers can see, last: notes what it touched for the CDN in that
 * transaction (decision 032), so the purge commits with the change; none: everything (`site`).
 */
export type RecordPurge = (tx: Database, tags?: readonly string[]) => Promise<void>;
