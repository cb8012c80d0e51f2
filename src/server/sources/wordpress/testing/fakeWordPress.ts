/**
 * A WordPress played on a loopback port for the unit tests (issue 35): the REST routes the adapter reads
 * (`/wp-json/wp/v2/posts|categories|tags|users`), with WordPress's own answers — `modified_after` strict and
 * to the second, `X-WP-Total`/`X-WP-TotalPages`, 400 past the last page, drafts only with the application
 * password, `_embed` of the featured image — and faults on demand (HTML instead of JSON, truncated JSON, 500,
 * a 50 MB body, no answer). The end-to-end tests use a real WordPress (scripts/sources/wordpress.sh).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakePost {
  id: number;
  status: 'publish' | 'draft' | 'future' | 'private' | 'trash';
  slug: string;
  title: string;
  content: string;
  excerpt?: string;
  date: string;
  modified: string;
  author: number;
  categories: number[];
  tags: number[];
  featuredMedia?: { url: string; alt: string } | null;
  yoast?: { title?: string; description?: string };
}

export interface FakeTerm {
  id: number;
  slug: string;
  name: string;
  description?: string;
}

export type Fault = 'html' | 'truncated' | '500' | 'huge' | 'hang' | 'not-a-list' | 'garbage-item';

export interface FakeWordPress {
  url: string;
  posts: Map<number, FakePost>;
  categories: FakeTerm[];
  tags: FakeTerm[];
  users: FakeTerm[];
  /** Files served under /wp-content/uploads/ (bytes and content type). */
  files: Map<string, { body: Uint8Array; type: string }>;
  /** A fault for the requests whose path and query match (null: none). */
  fault: ((url: URL) => Fault | null) | null;
  /** Every request's path and query, in order. */
  requests: string[];
  /** `user:password` the application password check accepts. */
  credentials: string | null;
  close(): Promise<void>;
}

const second = (iso: string) => iso.slice(0, 19);

export async function startFakeWordPress(): Promise<FakeWordPress> {
  const hanging = new Set<ServerResponse>();
  const fake: FakeWordPress = {
    url: '',
    posts: new Map(),
    categories: [],
    tags: [],
    users: [],
    files: new Map(),
    fault: null,
    requests: [],
    credentials: null,
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const authorised = (req: IncomingMessage) =>
    fake.credentials !== null && req.headers.authorization === `Basic ${Buffer.from(fake.credentials).toString('base64')}`;

  const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers });
    res.end(JSON.stringify(body));
  };

  const postJson = (post: FakePost, embed: boolean) => ({
    id: post.id,
    type: 'post',
    status: post.status,
    slug: post.status === 'trash' ? `${post.slug}__trashed` : post.slug,
    link: `${fake.url}/${post.date.slice(0, 4)}/${post.slug}/`,
    date_gmt: second(post.date),
    // The fake site's time zone is UTC: local and GMT times are the same.
    modified: second(post.modified),
    modified_gmt: second(post.modified),
    title: { rendered: post.title },
    excerpt: { rendered: post.excerpt ?? '' },
    content: { rendered: post.content, protected: false },
    author: post.author,
    categories: post.categories,
    tags: post.tags,
    featured_media: post.featuredMedia ? post.id + 1000 : 0,
    ...(post.yoast ? { yoast_head_json: post.yoast } : {}),
    ...(embed && post.featuredMedia
      ? {
          _embedded: {
            'wp:featuredmedia': [
              {
                id: post.id + 1000,
                source_url: post.featuredMedia.url,
                alt_text: post.featuredMedia.alt,
                media_type: 'image',
                caption: { rendered: '' },
              },
            ],
          },
        }
      : {}),
  });

  const paged = <T>(res: ServerResponse, items: T[], url: URL, map: (item: T) => unknown) => {
    const perPage = Math.min(100, Number(url.searchParams.get('per_page') ?? 10));
    const page = Number(url.searchParams.get('page') ?? 1);
    const totalPages = Math.max(1, Math.ceil(items.length / perPage));
    if (page > totalPages && page > 1) {
      json(res, 400, {
        code: 'rest_post_invalid_page_number',
        message: 'The page number requested is larger than the number of pages available.',
      });
      return;
    }
    const slice = items.slice((page - 1) * perPage, page * perPage);
    json(res, 200, slice.map(map), { 'x-wp-total': String(items.length), 'x-wp-totalpages': String(totalPages) });
  };

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    fake.requests.push(`${url.pathname}${url.search}`);
    const fault = fake.fault?.(url) ?? null;
    if (fault === 'hang') {
      hanging.add(res);
      return;
    }
    if (fault === 'html') {
      res.writeHead(200, { 'content-type': 'text/html; charset=UTF-8' });
      res.end('<!doctype html><title>Maintenance</title><h1>Le site est en maintenance</h1>');
      return;
    }
    if (fault === 'truncated') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('[{"id": 1, "title": {"rendered": "Coup');
      return;
    }
    if (fault === '500') {
      json(res, 500, { code: 'internal_server_error', message: 'Erreur critique' });
      return;
    }
    if (fault === 'not-a-list') {
      json(res, 200, { hello: 'world' });
      return;
    }
    if (fault === 'huge') {
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      let sent = 0;
      const pump = () => {
        while (sent < 50) {
          sent++;
          if (!res.write(chunk)) {
            res.once('drain', pump);
            return;
          }
        }
        res.end('[]');
      };
      res.on('error', () => {});
      pump();
      return;
    }
    const file = url.pathname.startsWith('/wp-content/uploads/') ? fake.files.get(url.pathname) : undefined;
    if (file) {
      res.writeHead(200, { 'content-type': file.type });
      res.end(file.body);
      return;
    }
    const route = /^\/wp-json\/wp\/v2\/(posts|categories|tags|users)(?:\/(\d+))?$/.exec(url.pathname);
    if (!route) {
      json(res, 404, { code: 'rest_no_route' });
      return;
    }
    const [, collection, idText] = route;
    if (collection !== 'posts') {
      const terms = collection === 'categories' ? fake.categories : collection === 'tags' ? fake.tags : fake.users;
      paged(res, terms, url, (term) => ({
        ...term,
        description: term.description ?? '',
        parent: 0,
        link: `${fake.url}/${collection}/${term.slug}/`,
      }));
      return;
    }
    const embed = url.searchParams.has('_embed');
    if (idText) {
      const post = fake.posts.get(Number(idText));
      if (!post || (post.status !== 'publish' && !authorised(req))) {
        json(res, post ? 401 : 404, { code: post ? 'rest_forbidden' : 'rest_post_invalid_id' });
        return;
      }
      json(res, 200, postJson(post, embed));
      return;
    }
    const statuses = (url.searchParams.get('status') ?? 'publish').split(',');
    if (statuses.some((s) => s !== 'publish') && !authorised(req)) {
      json(res, 400, { code: 'rest_invalid_param', message: 'Invalid parameter(s): status' });
      return;
    }
    const after = url.searchParams.get('modified_after');
    let list = [...fake.posts.values()].filter((post) => statuses.includes(post.status));
    // Strict, to the second, as WordPress's SQL compares post_modified_gmt.
    if (after) list = list.filter((post) => second(post.modified) > second(after));
    if (url.searchParams.get('orderby') === 'modified') {
      list.sort((a, b) => second(a.modified).localeCompare(second(b.modified)) || a.id - b.id);
    } else list.sort((a, b) => a.id - b.id);
    if (fault === 'garbage-item') {
      paged(res, [...list.map((p) => postJson(p, embed)), { id: 'pas-un-nombre', status: 42 }], url, (item) => item);
      return;
    }
    paged(res, list, url, (post) => postJson(post, embed));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
