/**
 * The Ghost adapter against answers recorded from a real Ghost 6.65 (testing/recorded/, captured by
 * scripts/sources/ghost.ts's Ghost), served by a loopback listener, and against hostile ones: HTML instead of
 * JSON, truncated JSON, 500s, a body over the bound, a silent server, broken items, an image that is an HTML page.
 */
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { htmlToDoc } from '../../import/htmlToDoc.ts';
import { type LiveSource, WebhookRefused } from '../liveSource.ts';
import { ghostAdminToken } from './ghostAdminToken.ts';
import { createGhostSource, GhostUnavailable, type GhostSourceOptions, readGhostWebhook, verifyGhostSignature } from './ghostSource.ts';

const RECORDED = join(import.meta.dirname, 'testing', 'recorded');
const CONTENT_KEY = '3b313124a5d447395b108e46ff';
const ADMIN_KEY = { id: '6b0bb9030af19211874c64a2', secret: 'f45207a9686a896840a2a93956fe19c84499623ff55dabe08edfc6ca6d635c84' };
const CUISINE = '6b0bb8602663df03c31e76ff';
const ETE = '6b0bb8602663df03c31e7700';
const INTERNAL = '6b0bb8602663df03c31e7701';
const GASPACHO = '6b0bb8822663df03c31e773a';

type Reply = { status?: number; type?: string; body: string | Buffer; headers?: Record<string, string> } | 'hang';
type Route = (url: URL, request: IncomingMessage) => Reply | undefined;

let server: Server;
let base = '';
let routes: Route[] = [];
const seen: { url: URL; headers: IncomingMessage['headers'] }[] = [];

function recorded(name: string): string {
  return readFileSync(join(RECORDED, `${name}.json`), 'utf8').replaceAll('{{GHOST}}', base);
}

const json = (body: string, status = 200): Reply => ({ status, type: 'application/json; charset=utf-8', body });

/** Ghost's answers as recorded, chosen by path and filter like Ghost would. */
const recordedGhost: Route = (url) => {
  const path = url.pathname;
  const filter = url.searchParams.get('filter') ?? '';
  if (path === '/ghost/api/content/tags/') {
    if (filter.includes('id:>')) return json('{"tags":[],"meta":{"pagination":{"total":0}}}');
    return json(recorded(filter.includes('internal') ? 'tags-internal' : 'tags-public'));
  }
  if (path === '/ghost/api/content/authors/') {
    return json(filter.includes('id:>') ? '{"authors":[]}' : recorded('authors'));
  }
  if (path === '/ghost/api/content/posts/' && url.searchParams.get('fields') === 'id,slug') {
    return json(filter.includes('id:>') ? '{"posts":[]}' : recorded('ids-with-tags'));
  }
  if (path === '/ghost/api/content/pages/' && url.searchParams.get('fields') === 'id,slug') {
    return json(filter.includes('id:>') ? '{"pages":[]}' : '{"pages":[{"id":"6b0bb8502663df03c31e7482","slug":"about"}]}');
  }
  if (path === '/ghost/api/content/posts/') return json(filter ? '{"posts":[]}' : recorded('posts-changed'));
  if (path === '/ghost/api/content/pages/') return json(filter ? '{"pages":[]}' : recorded('pages-changed'));
  if (path === `/ghost/api/content/posts/${GASPACHO}/`) return json(recorded('post-gaspacho'));
  if (path.startsWith('/ghost/api/content/')) return json(recorded('not-found'), 404);
  if (path.startsWith('/ghost/api/admin/posts/')) return json(recorded('admin-draft'));
  if (path === '/content/images/2026/11/tomate.jpg') {
    return { type: 'image/jpeg', body: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]) };
  }
  if (path === '/content/images/fake.jpg') return { type: 'image/jpeg', body: '<!doctype html><html><body>Not found</body></html>' };
  if (path === '/content/images/page.jpg') return { type: 'text/html', body: '<html></html>' };
  return undefined;
};

beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', base);
    seen.push({ url, headers: request.headers });
    for (const route of [...routes, recordedGhost]) {
      const reply = route(url, request);
      if (reply === undefined) continue;
      if (reply === 'hang') return;
      response.writeHead(reply.status ?? 200, { 'content-type': reply.type ?? 'application/json', ...reply.headers });
      response.end(reply.body);
      return;
    }
    response.writeHead(599).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

afterEach(() => {
  routes = [];
  seen.length = 0;
});

const logs: string[] = [];
function source(overrides: Partial<GhostSourceOptions> = {}): LiveSource {
  logs.length = 0;
  return createGhostSource({
    url: base,
    contentKey: CONTENT_KEY,
    adminKey: ADMIN_KEY,
    webhookSecret: '0123456789abcdef-secret',
    policy: { allowHosts: [] },
    timeoutMs: 3000,
    maxBytes: 1024 * 1024,
    imageMaxBytes: 1024 * 1024,
    log: (line) => logs.push(line),
    // The recorded posts were changed long before this test's clock: no overlap second.
    now: () => new Date('2026-12-01T00:00:00Z'),
    ...overrides,
  });
}

const signal = () => new AbortController().signal;

async function failure(work: Promise<unknown>): Promise<Error> {
  const error = await work.then(
    () => null,
    (e: unknown) => e as Error,
  );
  if (!error) throw new Error('expected a failure');
  return error;
}

describe('terms', () => {
  it('reads tags (public and internal) and authors, and offers as categories the tags that are a post’s primary tag', async () => {
    const terms = await source().terms(signal());
    expect(terms.authors).toEqual([{ sourceId: '6b0bb84f2663df03c31e73e0', slug: 'redaction', name: 'Rédaction' }]);
    expect(terms.categories.map((t) => t.slug).sort()).toEqual(['cuisine', 'news']);
    const internal = terms.tags.find((t) => t.sourceId === INTERNAL);
    expect(internal).toMatchObject({ name: '#mise-en-avant', internal: true, oldUrls: [] });
    const ete = terms.tags.find((t) => t.sourceId === ETE);
    expect(ete).toMatchObject({ slug: 'ete', name: 'Été', internal: false, oldUrls: [`${base}/tag/ete/`, '/tag/ete/'] });
    // Every request carries the Content API key, reads at most 100, and goes in id order.
    for (const { url } of seen) {
      expect(url.searchParams.get('key')).toBe(CONTENT_KEY);
      expect(url.searchParams.get('limit')).toBe('100');
      expect(url.searchParams.get('order')).toBe('id asc');
    }
  });
});

describe('changedPosts', () => {
  it('maps Ghost’s posts and pages: primary tag → category, other tags, authors, feature image, excerpt, SEO, dates', async () => {
    const ghost = source();
    await ghost.terms(signal());
    const page = await ghost.changedPosts(null, signal());
    expect(page.posts.map((p) => [p.kind, p.slug])).toEqual([
      ['post', 'coming-soon'],
      ['post', 'recette-0-la-tomate-lete'],
      ['post', 'recette-1-la-tomate-lete'],
      ['post', 'recette-2-la-tomate-lete'],
      ['post', 'gaspacho'],
      ['page', 'about'],
      ['page', 'a-propos'],
    ]);
    const gaspacho = page.posts.find((p) => p.sourceId === GASPACHO);
    expect(gaspacho).toMatchObject({
      title: 'Gaspacho : la tomate en été',
      status: 'published',
      categorySourceIds: [CUISINE],
      tagSourceIds: [ETE],
      authorSourceIds: ['6b0bb84f2663df03c31e73e0'],
      featureImage: { url: `${base}/content/images/2026/11/tomate.jpg`, alt: 'Des tomates', caption: 'Photo maison' },
      oldUrls: [`${base}/gaspacho/`, '/gaspacho/'],
    });
    expect(gaspacho?.updatedAt?.toISOString()).toBe('2026-11-29T05:30:42.000Z');
    expect(gaspacho?.bodyHtml).toContain('piment');
    const recette = page.posts.find((p) => p.slug === 'recette-0-la-tomate-lete');
    expect(recette).toMatchObject({
      excerpt: 'Un extrait',
      seoTitle: 'Meta titre',
      seoDescription: 'Meta desc',
      tagSourceIds: [ETE, INTERNAL],
    });
    const request = seen.find((s) => s.url.pathname === '/ghost/api/content/posts/' && s.url.searchParams.get('formats'));
    expect(Object.fromEntries(request?.url.searchParams ?? [])).toMatchObject({
      include: 'tags,authors',
      formats: 'html',
      order: 'updated_at asc,id asc',
      limit: '100',
    });
    expect(request?.url.searchParams.has('filter')).toBe(false);
    expect((page as { caughtUp?: boolean }).caughtUp).toBe(true);
    expect(JSON.parse(page.next ?? '')).toEqual({
      posts: { after: '2026-11-29 05:30:42', id: GASPACHO },
      pages: { after: '2026-11-29 05:30:42', id: '6b0bb8822663df03c31e7741' },
    });
  });

  it('resumes after (updated_at, id), and says caught up with no cursor change when nothing changed', async () => {
    const ghost = source();
    const cursor = JSON.stringify({ posts: { after: '2026-11-29 05:30:08', id: '6b0bb8602663df03c31e770c' }, pages: null });
    const page = await ghost.changedPosts(cursor, signal());
    const filters = seen.map((s) => s.url.searchParams.get('filter'));
    expect(filters[0]).toBe("updated_at:>'2026-11-29 05:30:08',(updated_at:'2026-11-29 05:30:08'+id:>'6b0bb8602663df03c31e770c')");
    // Pages from the beginning (their cursor was empty).
    expect(page.posts.map((p) => p.kind)).toEqual(['page', 'page']);
    const again = await ghost.changedPosts(page.next, signal());
    expect(again.posts).toEqual([]);
    expect(again.next).toBeNull();
  });

  it('pages through more than a page (Ghost caps limit at 100), each post once, with the total for the progress', async () => {
    const all = Array.from({ length: 7 }, (_, i) => ({
      id: `6b0bb8602663df03c31e${(0x7800 + i).toString(16)}`,
      slug: `billet-${i}`,
      title: `Billet ${i}`,
      html: `<p>${i}</p>`,
      // Two posts share each second: the id breaks the tie.
      updated_at: new Date(Date.UTC(2026, 10, 1, 10, 0, Math.floor(i / 2))).toISOString(),
      published_at: '2026-11-01T09:00:00.000Z',
    }));
    routes.push((url) => {
      if (url.pathname !== '/ghost/api/content/posts/' || url.searchParams.get('fields')) return undefined;
      const filter = url.searchParams.get('filter');
      const limit = Number(url.searchParams.get('limit'));
      let rest = all;
      const match = filter && /^updated_at:>'([^']+)',\(updated_at:'[^']+'\+id:>'([0-9a-f]+)'\)$/.exec(filter);
      if (match) {
        const [, after, id] = match as unknown as [string, string, string];
        const key = (p: (typeof all)[number]) => p.updated_at.slice(0, 19).replace('T', ' ');
        rest = all.filter((p) => key(p) > after || (key(p) === after && p.id > id));
      }
      return json(JSON.stringify({ posts: rest.slice(0, limit), meta: { pagination: { total: rest.length } } }));
    });
    const ghost = source({ limit: 3 });
    const read: string[] = [];
    let cursor: string | null = null;
    const totals: unknown[] = [];
    for (let call = 0; call < 10; call++) {
      const page: Awaited<ReturnType<LiveSource['changedPosts']>> & { caughtUp?: boolean; total?: number | null } =
        await ghost.changedPosts(cursor, signal());
      read.push(...page.posts.filter((p) => p.kind === 'post').map((p) => p.slug));
      totals.push(page.total);
      if (page.caughtUp) break;
      cursor = page.next;
    }
    expect(read).toEqual(all.map((p) => p.slug));
    // The first page: the posts' total (pages are counted when they are read, after the posts).
    expect(totals[0]).toBe(7);
    for (const { url } of seen) expect(Number(url.searchParams.get('limit'))).toBeLessThanOrEqual(3);
  });

  it('starts the next read a second before a change of the last minute (Ghost keeps updated_at to the second)', async () => {
    const ghost = source({ now: () => new Date('2026-11-29T05:30:50Z') });
    const page = await ghost.changedPosts(null, signal());
    expect(JSON.parse(page.next ?? '').posts).toEqual({ after: '2026-11-29 05:30:41', id: null });
    await ghost.changedPosts(page.next, signal());
    expect(seen.at(-2)?.url.searchParams.get('filter')).toBe("updated_at:>'2026-11-29 05:30:41'");
  });

  it('holds a post whose primary tag just became a section until the next terms offer it as a category', async () => {
    const fresh = JSON.parse(recorded('post-gaspacho')) as { posts: Record<string, unknown>[] };
    const post = fresh.posts[0] as Record<string, unknown>;
    post.id = '6b0bb8822663df03c31e7799';
    post.tags = [{ id: '6b0bb8822663df03c31e7798', slug: 'apero', name: 'Apéro', visibility: 'public' }];
    let ghostHasApero = false;
    routes.push((url) => {
      if (url.pathname === '/ghost/api/content/tags/' && ghostHasApero && !url.searchParams.get('filter')?.includes('internal')) {
        if (url.searchParams.get('filter')?.includes('id:>')) return json('{"tags":[]}');
        return json(JSON.stringify({ tags: [...JSON.parse(recorded('tags-public')).tags, post.tags && (post.tags as unknown[])[0]] }));
      }
      if (url.pathname === '/ghost/api/content/posts/' && !url.searchParams.get('fields')) {
        return json(JSON.stringify({ posts: ghostHasApero ? [post] : [] }));
      }
      return undefined;
    });
    const ghost = source();
    const first = await ghost.terms(signal());
    expect(first.categories.map((c) => c.slug)).not.toContain('apero');
    ghostHasApero = true;
    const held = await ghost.changedPosts(null, signal());
    expect(held.posts.filter((p) => p.kind === 'post')).toEqual([]);
    expect((held as { caughtUp?: boolean }).caughtUp).toBe(true);
    const second = await ghost.terms(signal());
    expect(second.categories.map((c) => c.slug)).toContain('apero');
    const now = await ghost.changedPosts(null, signal());
    expect(now.posts.find((p) => p.sourceId === post.id)?.categorySourceIds).toEqual(['6b0bb8822663df03c31e7798']);
  });
});

describe('hostile answers: refused with one French sentence, never the key', () => {
  const cases: [string, Reply, RegExp][] = [
    ['HTML instead of JSON', { type: 'text/html', body: '<!doctype html><title>Maintenance</title>' }, /pas du JSON/],
    ['truncated JSON', json('{"posts":[{"id":"6b0bb8602663df03c31e76fe","slug":"x"'), /JSON tronqué ou invalide/],
    ['a 500', json('{"errors":[{"message":"boom"}]}', 500), /Ghost a répondu 500/],
    ['a 503 page', { status: 503, type: 'text/html', body: '<h1>Bad gateway</h1>' }, /Ghost a répondu 503/],
    ['a body over the bound (a 2 MB answer, 1 MB allowed)', json(`{"posts":[],"x":"${'a'.repeat(2 * 1024 * 1024)}"}`), /plus de 1 Mo/],
    ['JSON that is not a list of posts', json('{"posts":{"id":1}}'), /n’est pas une liste/],
    ['a refused key', json('{"errors":[{"message":"Unknown Content API Key"}]}', 401), /GHOST_CONTENT_API_KEY/],
    ['a redirect elsewhere', { status: 301, headers: { location: 'http://10.0.0.1/' }, body: '' }, /redirige ailleurs.*GHOST_URL/],
  ];
  for (const [name, reply, message] of cases) {
    it(name, async () => {
      routes.push((url) => (url.pathname === '/ghost/api/content/posts/' ? reply : undefined));
      const error = await failure(source().changedPosts(null, signal()));
      expect(error).toBeInstanceOf(GhostUnavailable);
      expect(error.message).toMatch(message);
      expect(error.message).not.toContain(CONTENT_KEY);
    });
  }

  it('a server that never answers: bounded by the timeout', async () => {
    routes.push((url) => (url.pathname === '/ghost/api/content/posts/' ? 'hang' : undefined));
    const started = Date.now();
    const error = await failure(source({ timeoutMs: 300 }).changedPosts(null, signal()));
    expect(error.message).toMatch(/pas de réponse en 0.3 s/);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('a server that is down', async () => {
    const error = await failure(source({ url: 'http://127.0.0.1:1' }).terms(signal()));
    expect(error.message).toMatch(/serveur injoignable/);
  });

  it('broken items are left out and named once; the others are kept', async () => {
    const good = JSON.parse(recorded('post-gaspacho')).posts[0];
    routes.push((url) =>
      url.pathname === '/ghost/api/content/posts/'
        ? json(JSON.stringify({ posts: [{ id: "x' or 1=1", slug: 'a' }, { slug: 'no-id' }, 'text', good] }))
        : undefined,
    );
    const page = await source().changedPosts(null, signal());
    expect(page.posts.filter((p) => p.kind === 'post').map((p) => p.slug)).toEqual(['gaspacho']);
    expect(logs.filter((l) => l.includes('illisible'))).toHaveLength(3);
  });

  it('a post with <script>, event attributes and an unknown iframe: the body is handed on as is, and the writer’s allow-list removes them', async () => {
    const post = JSON.parse(recorded('post-gaspacho')).posts[0];
    post.html =
      '<p onclick="steal()">Bon<script>alert(1)</script></p><iframe src="https://evil.example/x"></iframe><img src="x" onerror="steal()">';
    routes.push((url) => (url.pathname === '/ghost/api/content/posts/' ? json(JSON.stringify({ posts: [post] })) : undefined));
    const page = await source().changedPosts(null, signal());
    const body = page.posts[0]?.bodyHtml ?? '';
    const doc = JSON.stringify(htmlToDoc(body, { baseUrl: base }).doc);
    expect(doc).toContain('Bon');
    expect(doc).not.toMatch(/script|alert|onclick|onerror|evil\.example|steal/);
  });
});

describe('post', () => {
  it('a members-only or paid post (its free preview only) comes as `members`, with no old address to redirect', async () => {
    for (const visibility of ['members', 'paid', 'tiers']) {
      routes = [
        (url) => {
          if (url.pathname !== `/ghost/api/content/posts/${GASPACHO}/`) return undefined;
          const body = JSON.parse(recorded('post-gaspacho')) as { posts: Record<string, unknown>[] };
          (body.posts[0] as Record<string, unknown>).visibility = visibility;
          return json(JSON.stringify(body));
        },
      ];
      const post = await source().post(GASPACHO, { drafts: false }, signal());
      expect(post, visibility).toMatchObject({ status: 'members', oldUrls: [] });
    }
    routes = [];
    expect(await source().post(GASPACHO, { drafts: false }, signal())).toMatchObject({ status: 'published' });
  });

  it('reads a published post by id; a post Ghost no longer publishes (404 as post and as page) is null', async () => {
    const ghost = source();
    expect((await ghost.post(GASPACHO, { drafts: false }, signal()))?.slug).toBe('gaspacho');
    expect(await ghost.post('6b0bb8712663df03c31e772e', { drafts: false }, signal())).toBeNull();
    expect(seen.map((s) => s.url.pathname).slice(-2)).toEqual([
      '/ghost/api/content/posts/6b0bb8712663df03c31e772e/',
      '/ghost/api/content/pages/6b0bb8712663df03c31e772e/',
    ]);
  });

  it('never puts an id that is not Ghost’s into a request', async () => {
    expect(await source().post("../../admin/users/?x='", { drafts: false }, signal())).toBeNull();
    expect(seen).toHaveLength(0);
  });

  it('reads a draft through the Admin API with a five-minute HS256 token for /admin/', async () => {
    const draft = await source().post('6b0bb8612663df03c31e771c', { drafts: true }, signal());
    expect(draft).toMatchObject({ status: 'draft', title: 'Brouillon', oldUrls: [] });
    const auth = String(seen[0]?.headers.authorization);
    expect(seen[0]?.url.searchParams.has('key')).toBe(false);
    const [scheme, token] = auth.split(' ') as [string, string];
    expect(scheme).toBe('Ghost');
    const [header, payload, signature] = token.split('.') as [string, string, string];
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT', kid: ADMIN_KEY.id });
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    expect(claims.aud).toBe('/admin/');
    expect(claims.exp - claims.iat).toBe(300);
    const expected = createHmac('sha256', Buffer.from(ADMIN_KEY.secret, 'hex')).update(`${header}.${payload}`).digest('base64url');
    expect(signature).toBe(expected);
  });

  it('without an Admin API key, drafts are not asked for', async () => {
    expect(await source({ adminKey: null }).post('6b0bb8612663df03c31e771c', { drafts: true }, signal())).toBeNull();
    expect(seen.every((s) => s.url.pathname.startsWith('/ghost/api/content/'))).toBe(true);
  });

  it('the token is the same for the same second (nothing random in it)', () => {
    const at = new Date('2026-11-29T10:00:00Z');
    expect(ghostAdminToken(ADMIN_KEY, at)).toBe(ghostAdminToken(ADMIN_KEY, at));
  });
});

describe('publishedIds and editUrl', () => {
  it('lists every published post and page', async () => {
    const ids: string[] = [];
    for await (const batch of source().publishedIds(signal())) ids.push(...batch);
    expect(ids).toHaveLength(6);
    expect(ids).toContain(GASPACHO);
    expect(ids).toContain('6b0bb8502663df03c31e7482');
  });

  it('asks for public posts and pages only: a members-only post is not on the front', async () => {
    for await (const _ of source().publishedIds(signal())) void _;
    const scans = seen.filter((r) => r.url.searchParams.get('fields') === 'id,slug');
    expect(scans.length).toBeGreaterThan(0);
    for (const scan of scans) expect(scan.url.searchParams.get('filter')).toMatch(/^visibility:public(\+id:>'[0-9a-f]{24}')?$/);
  });

  it('links to Ghost’s editor', () => {
    expect(source().editUrl(GASPACHO)).toBe(`${base}/ghost/#/editor/post/${GASPACHO}`);
  });
});

describe('readImage', () => {
  it('reads an image of Ghost’s library', async () => {
    const bytes = await source().readImage(`${base}/content/images/2026/11/tomate.jpg`, signal());
    expect(bytes?.[0]).toBe(0xff);
  });

  it('an HTML page served as image/jpeg, or as text/html, is not an image', async () => {
    expect(await source().readImage(`${base}/content/images/fake.jpg`, signal())).toBeNull();
    expect(await source().readImage(`${base}/content/images/page.jpg`, signal())).toBeNull();
    expect(logs.some((l) => l.includes('n’est pas une image'))).toBe(true);
  });

  it('an image on an internal address that is not Ghost’s is never fetched', async () => {
    expect(await source().readImage('http://169.254.169.254/latest/meta-data/x.jpg', signal())).toBeNull();
    expect(await source().readImage('http://localhost:1/x.jpg', signal())).toBeNull();
  });

  it('an image over the media library’s limit is refused', async () => {
    expect(await source({ imageMaxBytes: 16 }).readImage(`${base}/content/images/2026/11/tomate.jpg`, signal())).toBeNull();
  });
});

describe('webhooks', () => {
  const deliveries = readFileSync(join(RECORDED, 'webhooks.ndjson'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { signature: string; body: string });
  const SECRET = '0123456789abcdef-secret';
  const at = (signature: string) => new Date(Number(/t=(\d+)/.exec(signature)?.[1]));
  const headers = (signature: string | null) => new Headers(signature ? { 'x-ghost-signature': signature } : {});

  it('verifies every delivery Ghost made (post published, edited, unpublished, deleted) and says what happened', () => {
    const events = deliveries.map((d) => {
      const ghost = source({ now: () => at(d.signature) });
      return ghost.parseWebhook?.(headers(d.signature), new TextEncoder().encode(d.body));
    });
    const id = '6b0bb8712663df03c31e772e';
    expect(events).toEqual([
      { type: 'post.changed', sourceId: id },
      { type: 'post.changed', sourceId: id },
      { type: 'post.changed', sourceId: id },
      { type: 'post.changed', sourceId: id },
      { type: 'post.changed', sourceId: id },
      { type: 'post.changed', sourceId: id },
      { type: 'post.changed', sourceId: id },
      // Deleted: `post.unpublished` then `post.deleted`, the post only in `previous`.
      { type: 'post.changed', sourceId: id },
      { type: 'post.deleted', sourceId: id },
      // A post with its image, then a page, published.
      { type: 'post.changed', sourceId: GASPACHO },
      { type: 'post.changed', sourceId: '6b0bb8822663df03c31e7741' },
    ]);
  });

  it('refuses a missing, malformed, forged, re-signed-with-another-secret, tampered or stale delivery', () => {
    const d = deliveries[0] as { signature: string; body: string };
    const body = new TextEncoder().encode(d.body);
    const now = at(d.signature);
    const refused = (header: string | null, bytes = body, when = now, secret = SECRET) => {
      try {
        verifyGhostSignature(header, bytes, secret, when, 5 * 60_000);
        return null;
      } catch (error) {
        expect(error).toBeInstanceOf(WebhookRefused);
        return (error as Error).message;
      }
    };
    expect(refused(d.signature)).toBeNull();
    expect(refused(null)).toMatch(/absente/);
    expect(refused('sha256=abc')).toMatch(/illisible/);
    expect(refused(d.signature.replace(/sha256=./, (m) => (m.endsWith('0') ? 'sha256=1' : 'sha256=0')))).toMatch(/invalide/);
    expect(refused(d.signature, body, now, 'another-secret-of-16')).toMatch(/invalide/);
    expect(refused(d.signature, new TextEncoder().encode(d.body.replace('Cycle', 'Cyclo')))).toMatch(/invalide/);
    // The same signature with another timestamp: the timestamp is signed too.
    const t = Number(/t=(\d+)/.exec(d.signature)?.[1]);
    expect(refused(d.signature.replace(/t=\d+/, `t=${t + 1}`), body, now)).toMatch(/invalide/);
    expect(refused(d.signature, body, new Date(now.getTime() + 6 * 60_000))).toMatch(/périmée/);
    expect(refused(d.signature, body, new Date(now.getTime() - 6 * 60_000))).toMatch(/périmée/);
  });

  it('without SOURCE_WEBHOOK_SECRET every delivery is refused', () => {
    const d = deliveries[0] as { signature: string; body: string };
    expect(() => source({ webhookSecret: null }).parseWebhook?.(headers(d.signature), new TextEncoder().encode(d.body))).toThrow(
      WebhookRefused,
    );
  });

  it('reads tags, pages, members and garbage', () => {
    const read = (body: unknown) => readGhostWebhook(new TextEncoder().encode(typeof body === 'string' ? body : JSON.stringify(body)));
    expect(read({ event: 'tag.edited', tag: { current: { id: CUISINE }, previous: {} } })).toEqual({ type: 'terms.changed' });
    expect(read({ event: 'page.published', page: { current: { id: GASPACHO }, previous: {} } })).toEqual({
      type: 'post.changed',
      sourceId: GASPACHO,
    });
    expect(read({ event: 'member.added', member: { current: { id: GASPACHO } } }).type).toBe('ignored');
    expect(read({ event: 'site.changed' }).type).toBe('ignored');
    expect(read({ event: 'post.published', post: { current: { id: "1' or '1" } } }).type).toBe('ignored');
    expect(read('{"post":').type).toBe('ignored');
    expect(read('[]').type).toBe('ignored');
    // An older Ghost without `event`: an empty `current` is a deletion.
    expect(read({ post: { current: {}, previous: { id: GASPACHO } } })).toEqual({ type: 'post.deleted', sourceId: GASPACHO });
  });
});
