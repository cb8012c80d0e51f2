/**
 * A Ghost read through its Content API (published posts, pages, tags, authors) and, with an Admin API key, its
 * Admin API (drafts, for previews), for the sync (issue 35). Every request goes through the guarded fetch
 * (decision 026) with a bounded time and body and follows no redirect (the key must not travel to another host);
 * an answer that is not JSON of the expected shape is refused as a whole, and the sync keeps what it has.
 *
 * Changes are read with `filter=updated_at:>…` ordered by `updated_at, id`, a hundred at a time (Ghost's cap),
 * resumed after the last (updated_at, id) read. Ghost keeps `updated_at` to the second: when caught up with a
 * change of the last minute, the next read starts one second before it, so an edit made later in that same
 * second is not missed (the writer finds the posts it reads again unchanged).
 *
 * Ghost has no categories: a post's primary tag is its category (ghostJson.ts). A tag is offered to the sync as
 * a category once a post uses it as its primary tag: the adapter learns which tags are primary from every post
 * it reads (and from a whole scan, at the first terms and at each reconciliation).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ImportPost } from '../../import/importModel.ts';
import type { OutboundPolicy, Resolver } from '../../security/guardedFetch.ts';
import { guardedFetch } from '../../security/guardedFetch.ts';
import {
  type ChangedPosts,
  type LiveSource,
  SourceUnavailable,
  type SourceTerms,
  type SourceWebhookEvent,
  WebhookRefused,
} from '../liveSource.ts';
import { readSourceImage } from '../sourceImage.ts';
import { type GhostAdminKey, ghostAdminToken } from './ghostAdminToken.ts';
import {
  GHOST_ID,
  type GhostPost,
  type GhostTag,
  ghostSchemas,
  isInternalTag,
  isRecord,
  primaryTagOf,
  readGhostList,
  toImportAuthor,
  toImportPost,
  toImportTerm,
} from './ghostJson.ts';

export interface GhostSourceOptions {
  /** GHOST_URL: the site's address (the APIs are under `/ghost/api/`). */
  url: string;
  /** GHOST_CONTENT_API_KEY. */
  contentKey: string;
  /** GHOST_ADMIN_API_KEY, parsed: drafts for previews. */
  adminKey: GhostAdminKey | null;
  /** SOURCE_WEBHOOK_SECRET: without it, every webhook is refused (polling still follows Ghost). */
  webhookSecret: string | null;
  /** OUTBOUND_ALLOW_HOSTS; Ghost's own host is added (the operator named it). */
  policy: OutboundPolicy;
  timeoutMs: number;
  maxBytes: number;
  /** Largest image read (the media library's limit). */
  imageMaxBytes: number;
  /** Tests map names onto a loopback listener. */
  resolve?: Resolver;
  /** Posts per request (Ghost caps it at 100). */
  limit?: number;
  /** How old a webhook's signature may be (Ghost retries a failed delivery for about half a minute). */
  webhookToleranceMs?: number;
  now?: () => Date;
  /** One line per refused item (never a key). */
  log?: (line: string) => void;
}

/** Ghost cannot be read now; `message` is one French sentence, never a key. */
export class GhostUnavailable extends SourceUnavailable {}

type Resource = 'posts' | 'pages';

/** Where a read resumes: after (updatedAt, id); id null: after the second `after` itself. */
interface Key {
  after: string;
  id: string | null;
}

interface Cursor {
  posts: Key | null;
  pages: Key | null;
}

const DATE = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/;

function parseCursor(raw: string | null): Cursor {
  const empty: Cursor = { posts: null, pages: null };
  if (!raw) return empty;
  try {
    const value = JSON.parse(raw) as unknown;
    if (!isRecord(value)) return empty;
    const key = (k: unknown): Key | null =>
      isRecord(k) &&
      typeof k.after === 'string' &&
      DATE.test(k.after) &&
      (k.id === null || (typeof k.id === 'string' && GHOST_ID.test(k.id)))
        ? { after: k.after, id: k.id as string | null }
        : null;
    return { posts: key(value.posts), pages: key(value.pages) };
  } catch {
    return empty;
  }
}

/** A UTC second as Ghost's filters take it (`2026-05-01 10:00:00`). */
function ghostSecond(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

/** Recent enough that Ghost may still change another post in the same second (clocks apart included). */
const OVERLAP_WINDOW_MS = 60_000;

const FAILURES = {
  refused: 'adresse refusée (réseau interne non autorisé)',
  invalid: 'adresse invalide',
  unreachable: 'serveur injoignable',
} as const;

export function createGhostSource(options: GhostSourceOptions): LiveSource {
  const site = new URL(options.url);
  const base = options.url.replace(/\/+$/, '');
  const policy: OutboundPolicy = { allowHosts: [...options.policy.allowHosts, site.hostname.toLowerCase().replace(/^\[|\]$/g, '')] };
  const limit = Math.min(100, Math.max(1, options.limit ?? 100));
  const log = options.log ?? ((line: string) => console.error(line));
  const now = options.now ?? (() => new Date());
  const tolerance = options.webhookToleranceMs ?? 5 * 60_000;

  /** Post id → its primary tag id, learned from every post read. */
  let primaryOf = new Map<string, string>();
  let scanned = false;
  /** The categories of the last terms answer: a post whose section is not among them waits for the next terms. */
  let offeredCategories: Set<string> | null = null;
  const heldOnce = new Set<string>();

  function learn(post: GhostPost, kind: 'post' | 'page'): void {
    if (kind !== 'post') return;
    const primary = primaryTagOf(post);
    if (primary) primaryOf.set(post.id, primary.id);
    else primaryOf.delete(post.id);
  }

  /** One API request; JSON back, or null on 404. Throws GhostUnavailable with a French sentence. */
  async function request(api: 'content' | 'admin', path: string, params: Record<string, string>, signal: AbortSignal): Promise<unknown> {
    signal.throwIfAborted();
    const url = new URL(`${base}/ghost/api/${api}/${path}`);
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    const headers: Record<string, string> = { accept: 'application/json', 'accept-version': 'v6.0' };
    if (api === 'content') url.searchParams.set('key', options.contentKey);
    else if (options.adminKey) headers.authorization = `Ghost ${ghostAdminToken(options.adminKey, now())}`;
    const answer = await guardedFetch(url, policy, {
      headers,
      timeoutMs: options.timeoutMs,
      maxBytes: options.maxBytes,
      maxRedirects: 0,
      ...(options.resolve ? { resolve: options.resolve } : {}),
    });
    // Only the path is ever said: the Content API key is in the query.
    const where = url.pathname;
    if (!answer.ok && answer.failure === 'too-many-redirects') {
      throw new GhostUnavailable(`Ghost : ${where} redirige ailleurs : vérifiez GHOST_URL`);
    }
    if (!answer.ok) {
      const why =
        answer.failure === 'too-large'
          ? `réponse de plus de ${Math.round(options.maxBytes / 1024 / 1024)} Mo refusée`
          : answer.failure === 'timeout'
            ? `pas de réponse en ${options.timeoutMs / 1000} s`
            : FAILURES[answer.failure as keyof typeof FAILURES];
      throw new GhostUnavailable(`Ghost : ${why} (${where})`);
    }
    if (answer.status === 404) return null;
    if (answer.status === 401 || answer.status === 403) {
      throw new GhostUnavailable(
        api === 'content'
          ? 'Ghost refuse GHOST_CONTENT_API_KEY (clé de l’API Content)'
          : 'Ghost refuse GHOST_ADMIN_API_KEY (clé de l’API Admin)',
      );
    }
    if (answer.status !== 200) throw new GhostUnavailable(`Ghost a répondu ${answer.status} (${where})`);
    if (!/json/i.test(String(answer.headers['content-type'] ?? '')))
      throw new GhostUnavailable(`Ghost : réponse illisible, pas du JSON (${where})`);
    try {
      return JSON.parse(answer.body.toString('utf8'));
    } catch {
      throw new GhostUnavailable(`Ghost : réponse illisible, JSON tronqué ou invalide (${where})`);
    }
  }

  function listOf<T>(body: unknown, key: string, schema: Parameters<typeof readGhostList<T>>[2], what: string, path: string) {
    const read = readGhostList(body, key, schema, what);
    if (!read.list) throw new GhostUnavailable(`Ghost : la réponse de ${path} n’est pas une liste de ${key}`);
    for (const line of read.refused) log(`[sources] ${line}`);
    return read;
  }

  /** A whole list read by id, a hundred at a time (keyset: nothing skipped when Ghost changes meanwhile). */
  async function* byId<T extends { id: string }>(
    path: string,
    key: string,
    schema: Parameters<typeof readGhostList<T>>[2],
    what: string,
    params: Record<string, string>,
    signal: AbortSignal,
  ): AsyncGenerator<T[]> {
    let after: string | null = null;
    for (let round = 0; round < 100_000; round++) {
      const filter = [params.filter, after ? `id:>'${after}'` : null].filter(Boolean).join('+');
      const body = await request(
        'content',
        `${path}/`,
        { ...params, ...(filter ? { filter } : {}), order: 'id asc', limit: String(limit) },
        signal,
      );
      if (body === null) throw new GhostUnavailable(`Ghost : /ghost/api/content/${path}/ introuvable (vérifiez GHOST_URL)`);
      const { items, refused } = listOf(body, key, schema, what, path);
      if (items.length > 0) yield items;
      const last = items.at(-1)?.id ?? null;
      // A page shorter than asked is the last; a page of only refused items cannot move the key: stop there.
      if (items.length + refused.length < limit || last === null || (after !== null && last <= after)) return;
      after = last;
    }
  }

  async function all<T extends { id: string }>(
    path: string,
    key: string,
    schema: Parameters<typeof readGhostList<T>>[2],
    what: string,
    params: Record<string, string>,
    signal: AbortSignal,
  ): Promise<T[]> {
    const found: T[] = [];
    for await (const items of byId(path, key, schema, what, params, signal)) found.push(...items);
    return found;
  }

  /**
   * Every public published post's primary tag, read whole (ids and tags only). Members-only posts are left out:
   * they are not on the front, so the reconciliation withdraws a copy whose post became members-only.
   */
  async function scanPrimaryTags(signal: AbortSignal, onIds?: (ids: string[]) => void): Promise<void> {
    const fresh = new Map<string, string>();
    const params = { fields: 'id,slug', include: 'tags', filter: 'visibility:public' };
    for await (const posts of byId('posts', 'posts', ghostSchemas.post, 'article Ghost', params, signal)) {
      for (const post of posts) {
        const primary = primaryTagOf(post);
        if (primary) fresh.set(post.id, primary.id);
      }
      onIds?.(posts.map((post) => post.id));
    }
    primaryOf = fresh;
    scanned = true;
  }

  /** Changes of one resource after `key`, oldest first. */
  async function readChanged(resource: Resource, key: Key | null, signal: AbortSignal) {
    const params: Record<string, string> = {
      include: 'tags,authors',
      formats: 'html',
      order: 'updated_at asc,id asc',
      limit: String(limit),
    };
    if (key) {
      params.filter = key.id ? `updated_at:>'${key.after}',(updated_at:'${key.after}'+id:>'${key.id}')` : `updated_at:>'${key.after}'`;
    }
    const body = await request('content', `${resource}/`, params, signal);
    if (body === null) throw new GhostUnavailable(`Ghost : /ghost/api/content/${resource}/ introuvable (vérifiez GHOST_URL)`);
    const read = listOf(body, resource, ghostSchemas.post, resource === 'posts' ? 'article Ghost' : 'page Ghost', resource);
    return { ...read, full: read.items.length + read.refused.length >= limit };
  }

  function keyOf(post: GhostPost): Key | null {
    return post.updated_at ? { after: ghostSecond(post.updated_at), id: post.id } : null;
  }

  /** Where the next poll starts once caught up: after the newest change, or a second before it when it is recent. */
  function caughtUpKey(newest: GhostPost | undefined, previous: Key | null): Key | null {
    if (!newest?.updated_at) return previous;
    const at = newest.updated_at;
    if (now().getTime() - at.getTime() < OVERLAP_WINDOW_MS) return { after: ghostSecond(new Date(at.getTime() - 1000)), id: null };
    return keyOf(newest);
  }

  async function readPost(sourceId: string, drafts: boolean, signal: AbortSignal): Promise<ImportPost | null> {
    if (!GHOST_ID.test(sourceId)) return null;
    const admin = drafts && options.adminKey !== null;
    for (const resource of ['posts', 'pages'] as const) {
      const body = await request(
        admin ? 'admin' : 'content',
        `${resource}/${sourceId}/`,
        { include: 'tags,authors', formats: 'html' },
        signal,
      );
      if (body === null) continue;
      const { items } = listOf(body, resource, ghostSchemas.post, resource === 'posts' ? 'article Ghost' : 'page Ghost', resource);
      const post = items[0];
      if (!post || post.id !== sourceId) return null;
      const kind = resource === 'posts' ? 'post' : 'page';
      if (!admin || post.status === 'published') learn(post, kind);
      return toImportPost(post, kind);
    }
    return null;
  }

  return {
    kind: 'ghost',
    label: 'Ghost',
    siteUrl: base,

    async terms(signal): Promise<SourceTerms> {
      const tags = await all<GhostTag>('tags', 'tags', ghostSchemas.tag, 'tag Ghost', { filter: 'visibility:public' }, signal);
      // The Content API lists internal tags only when asked by name (posts name them all the same).
      const internal = await all<GhostTag>('tags', 'tags', ghostSchemas.tag, 'tag Ghost', { filter: 'visibility:internal' }, signal);
      const authors = await all('authors', 'authors', ghostSchemas.author, 'signature Ghost', {}, signal);
      if (!scanned) await scanPrimaryTags(signal);
      const primaries = new Set(primaryOf.values());
      const categories = tags.filter((tag) => primaries.has(tag.id) && !isInternalTag(tag));
      offeredCategories = new Set(categories.map((tag) => tag.id));
      const seen = new Set<string>();
      const allTags = [...tags, ...internal].filter((tag) => !seen.has(tag.id) && seen.add(tag.id));
      return { authors: authors.map(toImportAuthor), categories: categories.map(toImportTerm), tags: allTags.map(toImportTerm) };
    },

    async changedPosts(rawCursor, signal): Promise<ChangedPosts> {
      const cursor = parseCursor(rawCursor);
      const out: ImportPost[] = [];
      const next: Cursor = { ...cursor };
      let caughtUp = true;
      let total: number | null = null;
      for (const resource of ['posts', 'pages'] as const) {
        const read = await readChanged(resource, cursor[resource], signal);
        if (read.total !== null) total = (total ?? 0) + read.total;
        const kind = resource === 'posts' ? 'post' : 'page';
        let taken = 0;
        let held = false;
        for (const post of read.items) {
          learn(post, kind);
          const primary = kind === 'post' ? primaryTagOf(post) : null;
          // A tag that just became a section: the post waits for the next terms, which offer it as a category.
          if (primary && offeredCategories && !offeredCategories.has(primary.id) && !heldOnce.has(primary.id)) {
            heldOnce.add(primary.id);
            held = true;
            break;
          }
          out.push(toImportPost(post, kind));
          taken++;
        }
        const last = read.items[taken - 1];
        if (held) {
          next[resource] = last ? keyOf(last) : cursor[resource];
          break;
        }
        if (read.full) {
          next[resource] = (read.items.at(-1) && keyOf(read.items.at(-1) as GhostPost)) || cursor[resource];
          caughtUp = false;
          // Pages wait until the posts are read.
          break;
        }
        next[resource] = caughtUpKey(read.items.at(-1), cursor[resource]);
      }
      const serialised = JSON.stringify(next);
      const page: ChangedPosts = {
        posts: out,
        next: out.length === 0 && caughtUp && serialised === JSON.stringify(cursor) ? null : serialised,
        caughtUp,
        total,
      };
      return page;
    },

    async *publishedIds(signal): AsyncIterable<string[]> {
      const ids: string[][] = [];
      // The reconciliation's scan is also the primary tags' scan.
      await scanPrimaryTags(signal, (batch) => ids.push(batch));
      for (const batch of ids) yield batch;
      const params = { fields: 'id,slug', filter: 'visibility:public' };
      for await (const pages of byId('pages', 'pages', ghostSchemas.post, 'page Ghost', params, signal)) {
        yield pages.map((page) => page.id);
      }
    },

    post: (sourceId, { drafts }, signal) => readPost(sourceId, drafts, signal),
    readsDrafts: options.adminKey !== null,
    async drafts(max, signal) {
      if (!options.adminKey) return [];
      const body = await request(
        'admin',
        'posts/',
        { filter: 'status:draft', order: 'updated_at desc', limit: String(Math.min(100, Math.max(1, max))), fields: 'id,title,updated_at' },
        signal,
      );
      if (body === null) throw new GhostUnavailable('Ghost : /ghost/api/admin/posts/ introuvable (vérifiez GHOST_URL)');
      const { items } = listOf(body, 'posts', ghostSchemas.draft, 'brouillon Ghost', 'posts');
      return items.map((item) => ({ sourceId: item.id, title: item.title ?? '', updatedAt: item.updated_at }));
    },

    editUrl: (sourceId) => `${base}/ghost/#/editor/post/${encodeURIComponent(sourceId)}`,

    async readImage(url, signal): Promise<Uint8Array | null> {
      if (signal.aborted) return null;
      // Ghost names its own images absolutely; a relative one is on Ghost's host.
      return readSourceImage(url, base, policy, options, (path) => log(`[sources] Ghost : ${path} n’est pas une image, ignorée`));
    },

    parseWebhook(headers, rawBody): SourceWebhookEvent {
      const secret = options.webhookSecret;
      if (!secret) throw new WebhookRefused('SOURCE_WEBHOOK_SECRET n’est pas configuré : les webhooks sont refusés.');
      verifyGhostSignature(headers.get('x-ghost-signature'), rawBody, secret, now(), tolerance);
      return readGhostWebhook(rawBody);
    },
  };
}

/**
 * Ghost signs each delivery (webhook-trigger.js): `X-Ghost-Signature: sha256=<hex>, t=<ms>`, the HMAC-SHA256 of
 * the body followed by the timestamp, keyed with the webhook's secret. A delivery older (or newer) than the
 * tolerance is refused: a captured one cannot be replayed later.
 */
export function verifyGhostSignature(header: string | null, rawBody: Uint8Array, secret: string, now: Date, toleranceMs: number): void {
  if (!header) throw new WebhookRefused('Signature absente (en-tête X-Ghost-Signature).');
  const match = /^\s*sha256=([0-9a-f]{64})\s*,\s*t=(\d{1,16})\s*$/i.exec(header);
  if (!match) throw new WebhookRefused('Signature illisible (en-tête X-Ghost-Signature).');
  const hex = match[1] ?? '';
  const ts = match[2] ?? '';
  const timestamp = Number(ts);
  if (!Number.isSafeInteger(timestamp) || Math.abs(now.getTime() - timestamp) > toleranceMs) {
    throw new WebhookRefused('Signature périmée : la livraison est trop ancienne ou datée dans le futur.');
  }
  const expected = createHmac('sha256', secret).update(rawBody).update(ts).digest();
  const given = Buffer.from(hex.toLowerCase(), 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new WebhookRefused('Signature invalide.');
}

/** What a verified delivery says happened (the post itself is then read from Ghost, never from this body). */
export function readGhostWebhook(rawBody: Uint8Array): SourceWebhookEvent {
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(rawBody).toString('utf8'));
  } catch {
    return { type: 'ignored', reason: 'corps illisible' };
  }
  if (!isRecord(body)) return { type: 'ignored', reason: 'corps illisible' };
  const resource = ['post', 'page', 'tag'].find((key) => isRecord(body[key]));
  const event = typeof body.event === 'string' ? body.event : null;
  if (resource === 'tag' || event?.startsWith('tag.')) return { type: 'terms.changed' };
  if (!resource) return { type: 'ignored', reason: event ? `événement ${event.slice(0, 60)} non suivi` : 'événement non suivi' };
  const item = body[resource] as Record<string, unknown>;
  const idOf = (value: unknown) => (isRecord(value) && typeof value.id === 'string' ? value.id : null);
  const sourceId = idOf(item.current) ?? idOf(item.previous);
  if (!sourceId || !GHOST_ID.test(sourceId)) return { type: 'ignored', reason: 'identifiant absent ou invalide' };
  // A deleted post comes with an empty `current` and itself in `previous`.
  const deleted = event ? /\.deleted$/.test(event) : !isRecord(item.current) || Object.keys(item.current).length === 0;
  return deleted ? { type: 'post.deleted', sourceId } : { type: 'post.changed', sourceId };
}
