/**
 * Ghost through the whole chain on both databases: the real sync (syncEngine.ts) and writer, the Ghost adapter,
 * and POST /api/sources/webhook with signed deliveries, against a Ghost played on loopback (its Content API's
 * filters, order and keyset as a real Ghost 6 answers them). The primary tag becomes the category, the other public
 * tags tags, `#internal` tags hidden; a replayed or late delivery never brings an older version back; an
 * unpublished or deleted post leaves the front.
 */
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articles, articleTags, categories, newsroomArticles, tags } from '../../../db/schema.ts';
import { jsonPost } from '../../../testing/apiRequests.ts';
import { createTestApiHandler } from '../../../testing/testApiHandler.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../../../testing/testDatabase.ts';
import { directoryStorage } from '../../newsroom/mediaStorage.ts';
import { searchArticles } from '../../search/searchArticles.server.ts';
import { sourceWebhookHandlers } from '../sourceWebhookRoutes.ts';
import { createSourceSync, type SourceSync } from '../syncEngine.ts';
import { createGhostSource } from './ghostSource.ts';
import * as contract from '../../../api/generated/zod.ts';
import { contentHandlers } from '../../http/contentApi.ts';
import { withEntityTag } from '../../http/httpCache.ts';
import { findStoredRedirect } from '../../redirects/redirectStore.server.ts';
import { pagesSitemap } from '../../seo/sitemap.server.ts';

const SECRET = 'ghost-sync-test-secret';
const id = (n: number) => `6b0bb8602663df03c31e${(0x7000 + n).toString(16)}`;
const TAGS = {
  cuisine: { id: id(900), slug: 'cuisine', name: 'Cuisine', visibility: 'public' },
  ete: { id: id(901), slug: 'ete', name: 'Été', visibility: 'public' },
  une: { id: id(902), slug: 'hash-une', name: '#une', visibility: 'internal' },
};
const AUTHOR = { id: id(950), slug: 'camille', name: 'Camille Martin' };

interface FakePost {
  id: string;
  slug: string;
  title: string;
  html: string;
  updated_at: string;
  published: boolean;
  /** Ghost's `visibility`: public, members, paid, tiers. */
  visibility?: string;
  tags: (typeof TAGS)[keyof typeof TAGS][];
  feature_image?: string;
  meta_title?: string;
  meta_description?: string;
}

/** A Ghost's Content API, as far as the adapter asks it: filters, order, keyset, limit ≤ 100, 404s. */
class FakeGhost {
  posts = new Map<string, FakePost>();
  /** Ghost's pages: the same shape, their own endpoints. */
  pages = new Map<string, FakePost>();
  /** A post answered as it was (a late answer): its older copy. */
  stale = new Map<string, FakePost>();
  server: Server;
  url = '';
  image: Buffer = Buffer.alloc(0);

  constructor() {
    this.server = createServer((request, response) => {
      const url = new URL(request.url ?? '/', this.url);
      const send = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
      };
      if (url.pathname === '/content/images/tomates.png') return response.writeHead(200, { 'content-type': 'image/png' }).end(this.image);
      const filter = url.searchParams.get('filter') ?? '';
      const limit = Math.min(100, Number(url.searchParams.get('limit') ?? 15));
      const afterId = /id:>'([0-9a-f]{24})'$/.exec(filter)?.[1] ?? '';
      if (url.pathname === '/ghost/api/content/tags/') {
        const visibility = /visibility:(\w+)/.exec(filter)?.[1] ?? 'public';
        return send(200, { tags: Object.values(TAGS).filter((t) => t.visibility === visibility && t.id > afterId) });
      }
      if (url.pathname === '/ghost/api/content/authors/') return send(200, { authors: afterId ? [] : [AUTHOR] });
      const single = /^\/ghost\/api\/content\/(posts|pages)\/([0-9a-f]{24})\/$/.exec(url.pathname);
      if (single) {
        const resource = single[1] as 'posts' | 'pages';
        const known = this[resource].get(single[2] as string);
        const post = known ? (this.stale.get(known.id) ?? known) : undefined;
        return post?.published
          ? send(200, { [resource]: [this.render(post)] })
          : send(404, { errors: [{ message: 'Resource not found' }] });
      }
      const listed = /^\/ghost\/api\/content\/(posts|pages)\/$/.exec(url.pathname)?.[1] as 'posts' | 'pages' | undefined;
      if (!listed) return send(404, { errors: [] });
      const published = [...this[listed].values()].filter((p) => p.published);
      if (url.searchParams.get('fields') === 'id,slug') {
        const visible = filter.startsWith('visibility:public')
          ? published.filter((p) => (p.visibility ?? 'public') === 'public')
          : published;
        const rest = visible.filter((p) => p.id > afterId).sort((a, b) => a.id.localeCompare(b.id));
        return send(200, { [listed]: rest.slice(0, limit).map((p) => ({ id: p.id, slug: p.slug, tags: p.tags })) });
      }
      const second = (p: FakePost) => p.updated_at.slice(0, 19).replace('T', ' ');
      const keyset = /^updated_at:>'([^']+)'(?:,\(updated_at:'[^']+'\+id:>'([0-9a-f]+)'\))?$/.exec(filter);
      const rest = published
        .filter(
          (p) => !keyset || second(p) > (keyset[1] as string) || (keyset[2] !== undefined && second(p) === keyset[1] && p.id > keyset[2]),
        )
        .sort((a, b) => a.updated_at.localeCompare(b.updated_at) || a.id.localeCompare(b.id));
      return send(200, { [listed]: rest.slice(0, limit).map((p) => this.render(p)), meta: { pagination: { total: rest.length } } });
    });
  }

  render(post: FakePost) {
    return {
      id: post.id,
      slug: post.slug,
      title: post.title,
      html: post.html,
      updated_at: post.updated_at,
      published_at: '2026-05-01T09:00:00.000Z',
      custom_excerpt: 'Un extrait',
      tags: post.tags,
      authors: [AUTHOR],
      visibility: post.visibility ?? 'public',
      feature_image: post.feature_image ?? null,
      feature_image_alt: post.feature_image ? 'Des tomates' : null,
      url: `${this.url}/${post.slug}/`,
      meta_title: post.meta_title ?? null,
      meta_description: post.meta_description ?? null,
    };
  }

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
}

const post = (n: number, over: Partial<FakePost> = {}): FakePost => ({
  id: id(n),
  slug: `recette-${n}`,
  title: `Recette ${n}`,
  html: `<p>Texte de la recette ${n}.</p>`,
  updated_at: `2026-05-01T10:00:0${n}.000Z`,
  published: true,
  tags: [TAGS.cuisine, TAGS.ete, TAGS.une],
  ...over,
});

function signed(body: unknown, at = Date.now()) {
  const text = JSON.stringify(body);
  const hmac = createHmac('sha256', SECRET).update(`${text}${at}`).digest('hex');
  return jsonPost('http://magazine.test/api/sources/webhook', text, { 'x-ghost-signature': `sha256=${hmac}, t=${at}` });
}

describe.each(testDatabaseKinds)('Ghost through the sync and the webhook on %s', (kind) => {
  let database: TestDatabase;
  let ghost: FakeGhost;
  let dir: string;
  let sync: SourceSync;
  let webhook: (request: Request) => Promise<Response>;
  let api: (request: Request) => Promise<Response>;
  const purged: string[] = [];
  const copyOf = async (sourceId: string) =>
    (await database.db.select().from(newsroomArticles).where(eq(newsroomArticles.sourceId, sourceId)))[0] ?? null;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    ghost = new FakeGhost();
    await ghost.start();
    ghost.image = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    dir = mkdtempSync(join(tmpdir(), 'piquante-ghost-sync-'));
    for (let n = 1; n <= 3; n++) ghost.posts.set(id(n), post(n));
    ghost.posts.set(
      id(1),
      post(1, {
        title: 'Le gaspacho',
        feature_image: `${ghost.url}/content/images/tomates.png`,
        html: '<p>Au piment, mot : pimprenelle.</p><script>alert(1)</script>',
      }),
    );
    const source = createGhostSource({
      url: ghost.url,
      contentKey: '3b313124a5d447395b108e46ff',
      adminKey: null,
      webhookSecret: SECRET,
      policy: { allowHosts: [] },
      timeoutMs: 2000,
      maxBytes: 1024 * 1024,
      imageMaxBytes: 5 * 1024 * 1024,
      limit: 2,
      log: () => {},
    });
    sync = createSourceSync({
      db: database.db,
      source,
      storage: directoryStorage(dir),
      limits: { imageBytes: 5 * 1024 * 1024, audioBytes: 5 * 1024 * 1024 },
      now: () => new Date('2026-05-02T08:00:00Z'),
      contentChanged: (changed) => {
        purged.push(...(changed ?? ['*']));
      },
      reconcileSeconds: 3600,
      log: () => {},
    });
    webhook = createTestApiHandler(database.db, sourceWebhookHandlers({ source, sync, waitMs: 10_000 }));
    api = createTestApiHandler(database.db, contentHandlers);
  }, 240_000);

  afterAll(async () => {
    ghost.server.closeAllConnections();
    await new Promise((resolve) => ghost.server.close(resolve));
    await database.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  it('the first synchronisation (two posts a request): primary tag → category, other tags, internal tag hidden, image in the library', async () => {
    expect(await sync.poll()).toMatchObject({ ok: true, written: 3 });
    const categorySlugs = (await database.db.select().from(categories)).map((c) => c.slug);
    expect(categorySlugs).toContain('cuisine');
    expect(categorySlugs).not.toContain('ete');
    const copy = await copyOf(id(1));
    expect(copy).toMatchObject({ sourceKind: 'ghost', status: 'published', title: 'Le gaspacho' });
    const reader = (
      await database.db
        .select()
        .from(articles)
        .where(eq(articles.id, copy?.id as number))
    )[0];
    const [cuisine] = await database.db.select().from(categories).where(eq(categories.slug, 'cuisine'));
    expect(reader?.categoryId).toBe(cuisine?.id);
    expect(reader?.mainImage.url).toMatch(/^\/media\/library\//);
    expect(JSON.stringify(reader?.body)).not.toMatch(/script|alert/);
    const tagRows = await database.db
      .select({ slug: tags.slug, internal: tags.internal })
      .from(articleTags)
      .innerJoin(tags, eq(tags.id, articleTags.tagId))
      .where(eq(articleTags.articleId, copy?.id as number));
    expect(tagRows.sort((a, b) => a.slug.localeCompare(b.slug))).toEqual([
      { slug: 'ete', internal: false },
      { slug: 'hash-une', internal: true },
    ]);
    expect((await searchArticles(database.db, 'pimprenelle', 10)).map((a) => a.url)).toEqual([expect.stringContaining('recette-1')]);
  });

  it('a webhook for an edit writes the post read from Ghost; replayed, or answered late with an older copy, it changes nothing', async () => {
    ghost.posts.set(id(2), post(2, { title: 'Recette 2, revue', updated_at: '2026-05-02T07:00:00.000Z' }));
    const delivery = { event: 'post.published.edited', post: { current: { id: id(2), title: 'ce titre-ci est ignoré' }, previous: {} } };
    const first = await webhook(signed(delivery));
    expect(await first.json()).toEqual({ event: 'post.changed', outcome: 'written' });
    expect((await copyOf(id(2)))?.title).toBe('Recette 2, revue');
    // The same delivery again: the post is read again, unchanged.
    expect(await (await webhook(signed(delivery))).json()).toEqual({ event: 'post.changed', outcome: 'unchanged' });
    // Ghost answering an older copy (a late answer behind a cache): never written over the newer one.
    ghost.stale.set(id(2), post(2, { title: 'Recette 2', updated_at: '2026-05-01T10:00:02.000Z' }));
    expect(await (await webhook(signed(delivery))).json()).toEqual({ event: 'post.changed', outcome: 'older' });
    expect((await copyOf(id(2)))?.title).toBe('Recette 2, revue');
    ghost.stale.clear();
  });

  it('unpublished, then deleted (the post only in `previous`): it leaves the front and search', async () => {
    const copy = await copyOf(id(1));
    (ghost.posts.get(id(1)) as FakePost).published = false;
    const unpublished = await webhook(
      signed({ event: 'post.unpublished', post: { current: { id: id(1), status: 'draft' }, previous: { status: 'published' } } }),
    );
    expect(await unpublished.json()).toEqual({ event: 'post.changed', outcome: 'unpublished' });
    expect(
      await database.db
        .select()
        .from(articles)
        .where(eq(articles.id, copy?.id as number)),
    ).toEqual([]);
    expect(await searchArticles(database.db, 'pimprenelle', 10)).toEqual([]);
    ghost.posts.delete(id(1));
    const deleted = await webhook(signed({ event: 'post.deleted', post: { current: {}, previous: { id: id(1), title: 'Le gaspacho' } } }));
    expect(await deleted.json()).toEqual({ event: 'post.deleted', outcome: 'absent' });
    expect((await copyOf(id(1)))?.status).toBe('unpublished');
  });

  it('a forged delivery asks nothing: the copy stays', async () => {
    const forged = jsonPost(
      'http://magazine.test/api/sources/webhook',
      JSON.stringify({ event: 'post.deleted', post: { current: {}, previous: { id: id(3) } } }),
      {
        'x-ghost-signature': `sha256=${'0'.repeat(64)}, t=${Date.now()}`,
      },
    );
    expect((await webhook(forged)).status).toBe(401);
    expect((await copyOf(id(3)))?.status).toBe('published');
  });

  it('a post turned members-only (paid) in Ghost leaves the front: its free preview is never shown as the article', async () => {
    const copy = await copyOf(id(3));
    ghost.posts.set(id(3), post(3, { visibility: 'paid', html: '<p>Le début gratuit…</p>', updated_at: '2026-05-02T07:10:00.000Z' }));
    const edited = await webhook(signed({ event: 'post.published.edited', post: { current: { id: id(3) }, previous: {} } }));
    expect(await edited.json()).toEqual({ event: 'post.changed', outcome: 'written' });
    expect(await copyOf(id(3))).toMatchObject({ status: 'draft' });
    expect(
      await database.db
        .select()
        .from(articles)
        .where(eq(articles.id, copy?.id as number)),
    ).toEqual([]);
    // The reconciliation does not read it back (Ghost's public list leaves it out), nor unpublish anything else.
    expect(await sync.poll({ reconcile: true })).toMatchObject({ ok: true, written: 0, unpublished: 0 });
    expect(await copyOf(id(3))).toMatchObject({ status: 'draft' });
    // Public again: back on the front.
    ghost.posts.set(id(3), post(3, { updated_at: '2026-05-02T07:20:00.000Z' }));
    await webhook(signed({ event: 'post.published.edited', post: { current: { id: id(3) }, previous: {} } }));
    expect(await copyOf(id(3))).toMatchObject({ status: 'published' });
  });
  describe('pages of Ghost (decision 036)', () => {
    const page = (n: number, over: Partial<FakePost> = {}): FakePost =>
      post(n, { slug: `page-${n}`, title: `Page ${n}`, tags: [], updated_at: '2026-05-02T07:30:00.000Z', ...over });
    const getPage = (slug: string) => api(new Request(`http://magazine.test/api/pages/${slug}`));
    const sitemap = () => pagesSitemap(database.db, 'https://piquante.test');

    it('a published page is read at its own address, through the allow-list, with its meta fields; a category or a page of the front keeps its address', async () => {
      ghost.pages.set(
        id(500),
        page(500, {
          slug: 'a-propos',
          title: 'À propos',
          html: '<p>Nous écrivons <strong>Piquante</strong> depuis Lyon.</p><script>alert(1)</script><p onclick="x()">Écrivez-nous.</p>',
          meta_title: 'Qui fait Piquante',
          meta_description: 'La rédaction, ses adresses.',
        }),
      );
      // A category (a primary tag of Ghost) and a page of the front of the same slugs win.
      ghost.pages.set(id(501), page(501, { slug: 'cuisine', title: 'Notre cuisine' }));
      ghost.pages.set(id(502), page(502, { slug: 'mission', title: 'Notre mission' }));
      // A post linking to the page by Ghost's address: the link leads to the front's page.
      ghost.posts.set(
        id(600),
        post(600, { html: `<p>Voir <a href="${ghost.url}/a-propos/">qui nous sommes</a>.</p>`, updated_at: '2026-05-02T07:30:00.000Z' }),
      );
      purged.length = 0;
      expect(await sync.poll()).toMatchObject({ ok: true, written: 4 });
      const linking = await copyOf(id(600));
      expect(JSON.stringify(linking?.doc)).toContain('"href":"/a-propos"');
      expect(purged).toEqual(expect.arrayContaining(['pg:a-propos', 'list:pages']));
      const request = new Request('http://magazine.test/api/pages/a-propos');
      // The site's resource layer gives every public GET its ETag (httpCache.ts): this answer qualifies.
      const answer = await withEntityTag(request, await api(request));
      expect(answer.status).toBe(200);
      expect(answer.headers.get('cache-control')).toMatch(/public.*max-age=\d+/);
      expect(answer.headers.get('etag')).toBeTruthy();
      expect(answer.headers.get('cache-tag')).toContain('pg:a-propos');
      const body = contract.GetSourcePageResponse.parse(await answer.json());
      expect(body).toMatchObject({ slug: 'a-propos', path: '/a-propos', title: 'À propos', seo: { title: 'Qui fait Piquante' } });
      const text = JSON.stringify(body.body);
      expect(text).toContain('Piquante');
      expect(text).not.toMatch(/script|alert|onclick/);
      // Not an article: in no list and no search.
      expect(await searchArticles(database.db, 'Lyon', 10)).toEqual([]);
      for (const shadowed of ['cuisine', 'mission']) {
        const refused = await getPage(shadowed);
        expect(refused.status).toBe(404);
        expect(contract.ErrorResponse.parse(await refused.json()).message).toBe('Cette page est introuvable.');
      }
      const xml = await sitemap();
      expect(xml).toContain('<loc>https://piquante.test/a-propos</loc>');
      expect(xml.match(/<loc>https:\/\/piquante\.test\/mission<\/loc>/g)).toHaveLength(1);
      expect(xml.match(/<loc>https:\/\/piquante\.test\/cuisine<\/loc>/g)).toHaveLength(1);
    });

    it('edited and reslugged through a page webhook: the new address answers, the old one redirects once', async () => {
      ghost.pages.set(id(500), page(500, { slug: 'qui-sommes-nous', title: 'Qui sommes-nous', updated_at: '2026-05-02T07:40:00.000Z' }));
      purged.length = 0;
      const delivery = { event: 'page.published.edited', page: { current: { id: id(500) }, previous: { slug: 'a-propos' } } };
      expect(await (await webhook(signed(delivery))).json()).toEqual({ event: 'post.changed', outcome: 'written' });
      expect(purged).toEqual(expect.arrayContaining(['pg:a-propos', 'pg:qui-sommes-nous', 'list:pages']));
      expect((await getPage('a-propos')).status).toBe(404);
      expect(contract.GetSourcePageResponse.parse(await (await getPage('qui-sommes-nous')).json()).title).toBe('Qui sommes-nous');
      expect(await findStoredRedirect(database.db, '/a-propos')).toBe('/qui-sommes-nous');
      // Replayed: read again, unchanged; Ghost answering an older copy: never written over the newer one.
      expect(await (await webhook(signed(delivery))).json()).toEqual({ event: 'post.changed', outcome: 'unchanged' });
      ghost.stale.set(id(500), page(500, { slug: 'a-propos', updated_at: '2026-05-02T07:30:00.000Z' }));
      expect(await (await webhook(signed(delivery))).json()).toEqual({ event: 'post.changed', outcome: 'older' });
      ghost.stale.clear();
      expect((await getPage('qui-sommes-nous')).status).toBe(200);
    });

    it('unpublished (webhook) or gone (reconciliation): 404 and out of the sitemap; published again, back', async () => {
      (ghost.pages.get(id(500)) as FakePost).published = false;
      const unpublished = { event: 'page.unpublished', page: { current: { id: id(500), status: 'draft' }, previous: {} } };
      expect(await (await webhook(signed(unpublished))).json()).toEqual({ event: 'post.changed', outcome: 'unpublished' });
      expect((await getPage('qui-sommes-nous')).status).toBe(404);
      expect(await sitemap()).not.toContain('/qui-sommes-nous<');
      ghost.pages.set(id(500), page(500, { slug: 'qui-sommes-nous', title: 'De retour', updated_at: '2026-05-02T07:50:00.000Z' }));
      expect(await sync.poll()).toMatchObject({ ok: true, written: 1 });
      expect((await getPage('qui-sommes-nous')).status).toBe(200);
      // Deleted in Ghost while no webhook came: the reconciliation notices.
      ghost.pages.delete(id(500));
      expect(await sync.poll({ reconcile: true })).toMatchObject({ ok: true, unpublished: 1 });
      expect((await getPage('qui-sommes-nous')).status).toBe(404);
      expect(await sitemap()).not.toContain('/qui-sommes-nous<');
      // Back in Ghost, then deleted: `page.deleted` with the page only in `previous`.
      ghost.pages.set(id(500), page(500, { slug: 'qui-sommes-nous', updated_at: '2026-05-02T07:55:00.000Z' }));
      expect(await sync.poll()).toMatchObject({ ok: true, written: 1 });
      ghost.pages.delete(id(500));
      const deleted = { event: 'page.deleted', page: { current: {}, previous: { id: id(500) } } };
      expect(await (await webhook(signed(deleted))).json()).toEqual({ event: 'post.deleted', outcome: 'unpublished' });
      expect((await getPage('qui-sommes-nous')).status).toBe(404);
    });

    it('hostile slugs get a 400 in French, never a 5xx', async () => {
      for (const slug of [
        'A-Propos',
        'a_propos',
        '..%2F..%2Fetc',
        '%00',
        'a--b',
        '-a',
        `${'a'.repeat(201)}`,
        "a'%20OR%201=1",
        '%F0%9F%8C%B6',
      ]) {
        const answer = await getPage(slug);
        expect(answer.status, slug).toBe(400);
        expect(contract.ErrorResponse.parse(await answer.json()).message.length).toBeGreaterThan(5);
      }
      expect((await getPage('jamais-vue')).status).toBe(404);
    });
  });
});
