/**
 * A WordPress read through its REST API (`/wp-json/wp/v2/`), for the sync (issue 35). Every request goes
 * through the guarded fetch (decision 026) with a bounded time and body, never follows a redirect (an
 * application password must not travel to another host), and is refused as a whole when its answer is not
 * JSON of the expected shape: the sync then keeps what it has.
 *
 * Changes are read with `modified_after`, oldest first. WordPress keeps `modified_gmt` to the second and
 * `modified_after` is strict, so each read starts one second before the newest change seen: the posts of
 * that second come again (the writer finds them unchanged) and an edit made in the same second is not
 * missed. A second holding more posts than a page (a bulk edit) is read page after page.
 */
import type { OutboundPolicy, Resolver } from '../../security/guardedFetch.ts';
import { guardedFetch } from '../../security/guardedFetch.ts';
import type { ImportPost } from '../../import/importModel.ts';
import { type ChangedPosts, type LiveSource, type SourceTerms, SourceUnavailable } from '../liveSource.ts';
import { readSourceImage } from '../sourceImage.ts';
import { readItems, toImportAuthor, toImportPost, toImportTerm, toSourceDraft, wordpressSchemas } from './wordpressJson.ts';

export interface WordPressSourceOptions {
  url: string;
  credentials: { user: string; password: string } | null;
  /** OUTBOUND_ALLOW_HOSTS; the site's own host is added (the operator named it). */
  policy: OutboundPolicy;
  timeoutMs: number;
  maxBytes: number;
  /** Largest image read (the media library's limit). */
  imageMaxBytes: number;
  /** Tests map names onto a loopback listener. */
  resolve?: Resolver;
  /** Posts per request (WordPress allows up to 100). */
  perPage?: number;
  /** One line per refused item (never a key). */
  log?: (line: string) => void;
}

interface Cursor {
  /** `modified_after`, a UTC second (`2026-05-01T10:00:00`). */
  after: string;
  page: number;
}

// WordPress refuses the epoch itself (strtotime gives 0, read as « Invalid date »).
const EPOCH = '1970-01-01T00:00:01';
const POST_FIELDS = [
  'id',
  'type',
  'status',
  'slug',
  'link',
  'date_gmt',
  'modified',
  'modified_gmt',
  'title',
  'excerpt',
  'content',
  'author',
  'categories',
  'tags',
  'featured_media',
  'yoast_head_json',
  '_links',
  '_embedded',
].join(',');

function parseCursor(raw: string | null): Cursor {
  if (!raw) return { after: EPOCH, page: 1 };
  try {
    const value = JSON.parse(raw) as Partial<Cursor>;
    if (typeof value.after === 'string' && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/.test(value.after) && Number.isInteger(value.page)) {
      return { after: value.after, page: Math.max(1, value.page as number) };
    }
  } catch {}
  return { after: EPOCH, page: 1 };
}

/**
 * One second before a `modified` value, in the same (site-local, zone-less) notation: `modified_after` compares
 * with the local column, so the cursor stays in the site's own time whatever its time zone.
 */
function secondBefore(local: string): string | null {
  const match = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)/.exec(local);
  if (!match) return null;
  const date = new Date(`${match[1]}Z`);
  if (Number.isNaN(date.getTime())) return null;
  return new Date(date.getTime() - 1000).toISOString().slice(0, 19);
}

export function createWordPressSource(options: WordPressSourceOptions): LiveSource {
  const site = new URL(options.url);
  const base = options.url.replace(/\/+$/, '');
  const policy: OutboundPolicy = { allowHosts: [...options.policy.allowHosts, site.hostname.toLowerCase()] };
  const perPage = options.perPage ?? 100;
  const log = options.log ?? ((line: string) => console.error(line));
  const auth = options.credentials
    ? `Basic ${Buffer.from(`${options.credentials.user}:${options.credentials.password}`).toString('base64')}`
    : null;
  // With an application password, unpublished posts come with the changes (a draft again: withdrawn at the next poll).
  const statuses = auth ? 'publish,future,draft,pending,private' : 'publish';

  /** One REST request: JSON, and the paging headers. Throws SourceUnavailable with a French sentence. */
  async function request(
    path: string,
    params: Record<string, string>,
    withAuth: boolean,
  ): Promise<{ body: unknown; totalPages: number; total: number | null; status: number }> {
    const url = new URL(`${base}/wp-json/wp/v2/${path}`);
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (withAuth && auth) headers.authorization = auth;
    const answer = await guardedFetch(url, policy, {
      headers,
      timeoutMs: options.timeoutMs,
      maxBytes: options.maxBytes,
      maxRedirects: 0,
      ...(options.resolve ? { resolve: options.resolve } : {}),
    });
    if (!answer.ok) {
      const why = {
        refused: 'adresse refusée (réseau interne non autorisé)',
        invalid: 'adresse invalide',
        'too-many-redirects': 'trop de redirections',
        'too-large': `réponse de plus de ${Math.round(options.maxBytes / 1024 / 1024)} Mo refusée`,
        timeout: `pas de réponse en ${options.timeoutMs / 1000} s`,
        unreachable: 'serveur injoignable',
      }[answer.failure];
      throw new SourceUnavailable(`WordPress : ${why} (${url.pathname})`);
    }
    if (answer.status >= 300 && answer.status < 400) {
      throw new SourceUnavailable(`WordPress : ${url.pathname} redirige ailleurs (${answer.status}) : vérifiez WORDPRESS_URL`);
    }
    if (answer.status === 404 || answer.status === 401 || answer.status === 403) {
      return { body: null, totalPages: 0, total: 0, status: answer.status };
    }
    if (answer.status === 400 && params.page && params.page !== '1') {
      // Asking past the last page (rest_post_invalid_page_number): nothing more.
      return { body: [], totalPages: 0, total: null, status: answer.status };
    }
    if (answer.status !== 200) throw new SourceUnavailable(`WordPress a répondu ${answer.status} (${url.pathname})`);
    const type = String(answer.headers['content-type'] ?? '');
    if (!/json/i.test(type)) throw new SourceUnavailable(`WordPress : réponse illisible, pas du JSON (${url.pathname})`);
    let body: unknown;
    try {
      body = JSON.parse(answer.body.toString('utf8'));
    } catch {
      throw new SourceUnavailable(`WordPress : réponse illisible, JSON tronqué ou invalide (${url.pathname})`);
    }
    const totalPages = Number(answer.headers['x-wp-totalpages'] ?? 1);
    const total = answer.headers['x-wp-total'] === undefined ? null : Number(answer.headers['x-wp-total']);
    return { body, totalPages: Number.isFinite(totalPages) ? totalPages : 1, total: Number.isFinite(total) ? total : null, status: 200 };
  }

  /** A whole small list (categories, tags, users), page after page. */
  async function all<T>(
    path: string,
    schema: Parameters<typeof readItems<T>>[1],
    what: string,
    fields: string,
    signal: AbortSignal,
  ): Promise<T[]> {
    const found: T[] = [];
    for (let page = 1; page <= 1000; page++) {
      signal.throwIfAborted();
      const answer = await request(path, { per_page: '100', page: String(page), _fields: fields, orderby: 'id', order: 'asc' }, false);
      if (answer.status !== 200) {
        if (answer.status === 404 && page === 1)
          throw new SourceUnavailable(`WordPress : /wp-json/wp/v2/${path} introuvable (l’API REST est-elle ouverte ?)`);
        break;
      }
      const { items, refused } = readItems(answer.body, schema, what);
      if (!Array.isArray(answer.body)) throw new SourceUnavailable(`WordPress : ${what} — la réponse n’est pas une liste`);
      for (const line of refused) log(`[sources] ${line}`);
      found.push(...items);
      if (page >= answer.totalPages || items.length + refused.length < 100) break;
    }
    return found;
  }

  function postsOf(body: unknown): { posts: ImportPost[]; newest: string | null } {
    const { items, refused } = readItems(body, wordpressSchemas.post, 'article WordPress');
    for (const line of refused) log(`[sources] ${line}`);
    let newest: string | null = null;
    for (const item of items) {
      const before = item.modified ? secondBefore(item.modified) : null;
      if (before && (newest === null || before > newest)) newest = before;
    }
    return { posts: items.map(toImportPost), newest };
  }

  return {
    kind: 'wordpress',
    label: 'WordPress',
    siteUrl: base,

    async terms(signal): Promise<SourceTerms> {
      const categories = await all('categories', wordpressSchemas.term, 'rubrique', 'id,slug,name,description,parent,link', signal);
      const tags = await all('tags', wordpressSchemas.term, 'tag', 'id,slug,name,description,link', signal);
      // Without an account WordPress lists only the users who have published posts: exactly the bylines.
      const users = await all('users', wordpressSchemas.user, 'signature', 'id,slug,name', signal);
      return { authors: users.map(toImportAuthor), categories: categories.map(toImportTerm), tags: tags.map(toImportTerm) };
    },

    async changedPosts(rawCursor, signal): Promise<ChangedPosts> {
      signal.throwIfAborted();
      const cursor = parseCursor(rawCursor);
      const answer = await request(
        'posts',
        {
          modified_after: cursor.after,
          orderby: 'modified',
          order: 'asc',
          per_page: String(perPage),
          page: String(cursor.page),
          status: statuses,
          _embed: 'wp:featuredmedia',
          _fields: POST_FIELDS,
        },
        true,
      );
      if (answer.status !== 200) {
        if (answer.status === 404)
          throw new SourceUnavailable('WordPress : /wp-json/wp/v2/posts introuvable (l’API REST est-elle ouverte ?)');
        if (answer.status === 401 || answer.status === 403)
          throw new SourceUnavailable('WordPress refuse WORDPRESS_USER et WORDPRESS_APP_PASSWORD');
      }
      if (answer.status === 200 && !Array.isArray(answer.body))
        throw new SourceUnavailable('WordPress : la liste des articles n’est pas une liste');
      const { posts, newest } = postsOf(answer.body ?? []);
      const rawCount = Array.isArray(answer.body) ? answer.body.length : 0;
      const caughtUp = rawCount < perPage || cursor.page >= answer.totalPages;
      let next: Cursor;
      if (caughtUp) {
        next = { after: newest && newest > cursor.after ? newest : cursor.after, page: 1 };
      } else if (newest && newest > cursor.after) {
        // Time moved within the page: start again from its newest second.
        next = { after: newest, page: 1 };
      } else {
        // A whole page within one second: the next page of the same read.
        next = { after: cursor.after, page: cursor.page + 1 };
      }
      return { posts, next: JSON.stringify(next), caughtUp, total: cursor.after === EPOCH ? answer.total : null };
    },

    async *publishedIds(signal) {
      for (let page = 1; page <= 100_000; page++) {
        signal.throwIfAborted();
        const answer = await request(
          'posts',
          { status: 'publish', per_page: '100', page: String(page), orderby: 'id', order: 'asc', _fields: 'id' },
          false,
        );
        if (answer.status !== 200) throw new SourceUnavailable('WordPress : la liste des articles publiés est illisible');
        if (!Array.isArray(answer.body)) throw new SourceUnavailable('WordPress : la liste des articles publiés n’est pas une liste');
        const ids: string[] = [];
        for (const item of answer.body) {
          const id = (item as { id?: unknown } | null)?.id;
          if (typeof id !== 'number' || !Number.isInteger(id))
            throw new SourceUnavailable('WordPress : un identifiant d’article illisible');
          ids.push(String(id));
        }
        yield ids;
        if (page >= answer.totalPages || answer.body.length < 100) return;
      }
    },

    async post(sourceId, { drafts }, signal) {
      signal.throwIfAborted();
      if (!/^\d{1,19}$/.test(sourceId)) return null;
      const answer = await request(`posts/${sourceId}`, { _embed: 'wp:featuredmedia', _fields: POST_FIELDS }, drafts);
      if (answer.status !== 200) return null;
      const [post] = postsOf([answer.body]).posts;
      if (!post) throw new SourceUnavailable(`WordPress : l’article ${sourceId} est illisible`);
      if (!drafts && post.status !== 'published') return null;
      return post;
    },

    readsDrafts: auth !== null,

    async drafts(max, signal) {
      signal.throwIfAborted();
      if (!auth) return [];
      const answer = await request(
        'posts',
        {
          status: 'draft',
          orderby: 'modified',
          order: 'desc',
          per_page: String(Math.min(100, Math.max(1, max))),
          _fields: 'id,title,modified_gmt',
        },
        true,
      );
      if (answer.status === 401 || answer.status === 403)
        throw new SourceUnavailable('WordPress refuse WORDPRESS_USER / WORDPRESS_APP_PASSWORD (brouillons illisibles)');
      if (answer.status !== 200 || !Array.isArray(answer.body))
        throw new SourceUnavailable('WordPress : la liste des brouillons est illisible');
      const { items, refused } = readItems(answer.body, wordpressSchemas.draft, 'brouillon WordPress');
      for (const line of refused) log(`[sources] ${line}`);
      return items.map(toSourceDraft);
    },

    editUrl(sourceId) {
      return `${base}/wp-admin/post.php?post=${encodeURIComponent(sourceId)}&action=edit`;
    },

    async readImage(url, signal) {
      signal.throwIfAborted();
      return readSourceImage(url, base, policy, options);
    },
  };
}
