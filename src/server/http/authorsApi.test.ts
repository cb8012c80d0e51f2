/**
 * Author pages and bylines in the newsroom (issue 36), on PGlite and on PostgreSQL when TEST_DATABASE_URL is
 * set: GET /api/authors/{slug} (the author, their articles — first author or another byline — paged, newest
 * first, cacheable), hostile slugs, the authors sitemap, and the newsroom's list, create and edit (roles,
 * refusals in French, purge announced, a slug change leaving one 301 behind). Answers are parsed with the
 * zod schemas generated from the contract.
 */
import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as contract from '../../api/generated/zod.ts';
import { articleBylines, articles, authors, media, redirects } from '../../db/schema.ts';
import { useNewsroomApi } from '../../testing/newsroomApi.ts';
import { testDatabaseKinds } from '../../testing/testDatabase.ts';
import { mediaUsages } from '../newsroom/mediaUsage.ts';
import { findStoredRedirect } from '../redirects/redirectStore.server.ts';
import { authorsSitemap, sitemapIndex } from '../seo/sitemap.server.ts';
import { withEntityTag } from './httpCache.ts';

const SITE = 'https://www.piquante.test';

describe.each(testDatabaseKinds)('author pages and bylines in the newsroom on %s', (kind) => {
  const api = useNewsroomApi(kind);
  const db = () => api.database().db;
  /** A seeded author with articles, and the newest article of another author that gets them as a second byline. */
  let main: { id: number; slug: string; name: string };
  let shared: { id: number };
  let signedFirst: number[];

  beforeAll(async () => {
    const [first] = await db().select().from(authors).where(eq(authors.slug, 'camille-roussel'));
    if (!first) throw new Error('the seed has no camille-roussel');
    main = first;
    const own = await db()
      .select({ id: articles.id })
      .from(articles)
      .where(eq(articles.authorId, first.id))
      .orderBy(desc(articles.publishedAt), desc(articles.id));
    signedFirst = own.map((row) => row.id);
    const [other] = await db()
      .select({ id: articles.id, authorId: articles.authorId })
      .from(articles)
      .orderBy(desc(articles.publishedAt), desc(articles.id))
      .limit(40);
    const [newestOfOthers] = (
      await db()
        .select({ id: articles.id, authorId: articles.authorId })
        .from(articles)
        .orderBy(desc(articles.publishedAt), desc(articles.id))
    ).filter((row) => row.authorId !== first.id);
    if (!other || !newestOfOthers) throw new Error('the seed has no articles');
    shared = newestOfOthers;
    await db()
      .insert(articleBylines)
      .values([
        { articleId: shared.id, authorId: newestOfOthers.authorId, position: 0 },
        { articleId: shared.id, authorId: first.id, position: 1 },
      ]);
  });

  async function getValid<T>(path: string, schema: z.ZodType<T>): Promise<T> {
    const response = await api.request('GET', path);
    expect(response.status, path).toBe(200);
    expect(response.headers.get('cache-control')).toMatch(/public.*max-age=\d+/);
    return schema.parse(await response.json());
  }

  async function expectError(response: Response, status: number): Promise<string> {
    expect(response.status, await response.clone().text()).toBe(status);
    const body = contract.ErrorResponse.parse(await response.json());
    expect(body.message).toMatch(/[a-zé]{3,}/);
    return body.message;
  }

  it('GET /api/authors/{slug}: the author and their articles, newest first, second bylines included', async () => {
    const body = await getValid(`/api/authors/${main.slug}`, contract.GetAuthorResponse);
    expect(body.author).toMatchObject({ slug: main.slug, name: main.name, role: 'Rédactrice en chef' });
    expect(body.author.bio).toContain('Camille Roussel');
    expect(body.author.photo?.url).toBe(`/media/svg/answer/auteur-${main.slug}.svg`);
    const everyId = [...signedFirst, shared.id];
    const expected = (await db().select({ id: articles.id, publishedAt: articles.publishedAt }).from(articles))
      .filter((row) => everyId.includes(row.id))
      .sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime() || b.id - a.id)
      .map((row) => row.id);
    expect(body.results.map((card) => card.id)).toEqual(expected.slice(0, 12));
    expect(body.results.map((card) => card.id)).toContain(shared.id);
  });

  it('pages like a category: limit and offset, an empty page past the end', async () => {
    const first = await getValid(`/api/authors/${main.slug}?limit=2`, contract.GetAuthorResponse);
    const second = await getValid(`/api/authors/${main.slug}?limit=2&offset=2`, contract.GetAuthorResponse);
    expect(first.results).toHaveLength(2);
    expect(second.results.map((c) => c.id)).not.toContain(first.results[0]?.id);
    const whole = await getValid(`/api/authors/${main.slug}?limit=4`, contract.GetAuthorResponse);
    expect([...first.results, ...second.results].map((c) => c.id)).toEqual(whole.results.map((c) => c.id));
    const past = await getValid(`/api/authors/${main.slug}?offset=100000`, contract.GetAuthorResponse);
    expect(past.results).toEqual([]);
  });

  it('an author answer gets an ETag and a 304 on revalidation', async () => {
    const path = `/api/authors/${main.slug}`;
    const full = await withEntityTag(new Request(`${SITE}${path}`), await api.request('GET', path));
    const etag = full.headers.get('etag');
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    const again = await withEntityTag(
      new Request(`${SITE}${path}`, { headers: { 'if-none-match': etag ?? '' } }),
      await api.request('GET', path),
    );
    expect(again.status).toBe(304);
  });

  it('an unknown author is a 404 in French', async () => {
    expect(await expectError(await api.request('GET', '/api/authors/personne-inconnue'), 404)).toBe('Cette signature est introuvable.');
  });

  it.each([
    `/api/authors/${encodeURIComponent('../x')}`,
    '/api/authors/%00',
    `/api/authors/${'a'.repeat(300)}`,
    `/api/authors/${encodeURIComponent("camille' OR 1=1 --")}`,
    `/api/authors/${encodeURIComponent('<script>')}`,
    '/api/authors/Camille-Roussel',
    '/api/authors/camille-roussel?limit=0',
    '/api/authors/camille-roussel?limit=101',
    '/api/authors/camille-roussel?offset=-1',
    '/api/authors/camille-roussel?offset=abc',
  ])('%s → 400', async (path) => {
    await expectError(await api.request('GET', path), 400);
  });

  it('the authors sitemap lists those who sign a published article, and the index names it', async () => {
    const [lonely] = await db().insert(authors).values({ slug: 'sans-article-test', name: 'Sans Article', role: '' }).returning();
    const xml = await authorsSitemap(db(), SITE);
    expect(xml).toContain(`<loc>${SITE}/auteur/${main.slug}</loc>`);
    expect(xml).not.toContain('/auteur/sans-article-test');
    expect(await sitemapIndex(db(), SITE)).toContain(`<loc>${SITE}/sitemap-authors.xml</loc>`);
    // Every byline has a page even before its first article: the page answers, the sitemap leaves it out.
    const body = await getValid('/api/authors/sans-article-test', contract.GetAuthorResponse);
    expect(body.results).toEqual([]);
    expect(lonely).toBeDefined();
  });

  describe('in the newsroom', () => {
    const photo = { url: '/media/svg/answer/portrait-test.svg', alt: 'Un portrait', width: 600, height: 600 };
    const body = (extra: Record<string, unknown> = {}) => ({
      name: 'Zoé Lefèvre',
      role: 'Pigiste',
      bio: 'Une bio.',
      photo: null,
      ...extra,
    });

    it('lists every author with their bio, photo and number of published articles', async () => {
      const response = await api.request('GET', '/api/admin/authors', { as: api.signed('contributor') });
      expect(response.status).toBe(200);
      const list = contract.ListAdminAuthorsResponse.parse(await response.json());
      const camille = list.results.find((a) => a.slug === main.slug);
      expect(camille?.articleCount).toBe(signedFirst.length + 1);
      expect(camille?.photo?.url).toContain('/media/svg/answer/');
    });

    it('creates an author: the slug from the name, accents folded, -2 on a collision; the change is announced', async () => {
      const before = api.changes();
      const first = await api.request('POST', '/api/admin/authors', { as: api.signed('editor'), body: body() });
      expect(first.status, await first.clone().text()).toBe(201);
      expect(contract.CreateAdminAuthorResponse.parse(await first.json())).toMatchObject({ slug: 'zoe-lefevre', articleCount: 0 });
      const second = await api.request('POST', '/api/admin/authors', { as: api.signed('admin'), body: body({ photo }) });
      expect(second.status).toBe(201);
      expect(contract.CreateAdminAuthorResponse.parse(await second.json())).toMatchObject({ slug: 'zoe-lefevre-2', photo });
      expect(api.changes()).toBe(before + 2);
    });

    it('contributors and authors may not write bylines (403 in French)', async () => {
      for (const role of ['contributor', 'author'] as const) {
        const message = await expectError(await api.request('POST', '/api/admin/authors', { as: api.signed(role), body: body() }), 403);
        expect(message).toContain('gérer les signatures');
      }
    });

    it.each([
      ['an empty name', body({ name: '   ' }), /nom/i],
      ['HTML in the bio', body({ bio: 'Voici <script>alert(1)</script>' }), /HTML/],
      ['a bio over 2 000 characters', body({ bio: 'a'.repeat(2001) }), /./],
      ['a name over 80 characters', body({ name: 'a'.repeat(81) }), /./],
      ['a photo off the library', body({ photo: { ...photo, url: '/api/admin/audit' } }), /médiathèque/],
      ['a photo on another host', body({ photo: { ...photo, url: '//evil.example/x.png' } }), /./],
      ['a photo without alt text', body({ photo: { ...photo, alt: ' ' } }), /alternatif/],
      ['a slug that is no slug', body({ slug: 'Zoé Lefèvre' }), /./],
      ['a control character', body({ role: 'Pigiste\u0007' }), /contrôle/],
      ['an unexpected field', body({ admin: true }), /attendu/],
    ])('%s → 400 in French', async (_what, input, message) => {
      expect(await expectError(await api.request('POST', '/api/admin/authors', { as: api.signed('editor'), body: input }), 400)).toMatch(
        message,
      );
    });

    it('a slug already taken → 409 in French', async () => {
      const message = await expectError(
        await api.request('POST', '/api/admin/authors', { as: api.signed('editor'), body: body({ slug: main.slug }) }),
        409,
      );
      expect(message).toContain(`/auteur/${main.slug}`);
    });

    it('editing the bio and photo shows on the author page, and the change is announced (pages purged)', async () => {
      const before = api.changes();
      const response = await api.request('PUT', `/api/admin/authors/${main.id}`, {
        as: api.signed('editor'),
        body: { name: main.name, role: 'Rédactrice en chef', bio: 'Nouvelle bio.\n\nDeuxième paragraphe.', photo },
      });
      expect(response.status, await response.clone().text()).toBe(200);
      contract.UpdateAdminAuthorResponse.parse(await response.json());
      expect(api.changes()).toBe(before + 1);
      const page = await getValid(`/api/authors/${main.slug}`, contract.GetAuthorResponse);
      expect(page.author.bio).toBe('Nouvelle bio.\n\nDeuxième paragraphe.');
      expect(page.author.photo).toEqual(photo);
    });

    it('a slug change leaves the old address answering one 301 to the new one, and changing back frees it', async () => {
      const [created] = await db().insert(authors).values({ slug: 'ancien-nom', name: 'Ancien Nom', role: '' }).returning();
      if (!created) throw new Error('insert failed');
      const edit = (slug: string) =>
        api.request('PUT', `/api/admin/authors/${created.id}`, { as: api.signed('editor'), body: body({ name: 'Nouveau Nom', slug }) });
      expect((await edit('nouveau-nom')).status).toBe(200);
      expect(await findStoredRedirect(db(), '/auteur/ancien-nom')).toBe('/auteur/nouveau-nom');
      await expectError(await api.request('GET', '/api/authors/ancien-nom'), 404);
      expect((await edit('troisieme-nom')).status).toBe(200);
      // No chain: the first address goes straight to the last one.
      expect(await findStoredRedirect(db(), '/auteur/ancien-nom')).toBe('/auteur/troisieme-nom');
      expect(await findStoredRedirect(db(), '/auteur/nouveau-nom')).toBe('/auteur/troisieme-nom');
      expect((await edit('ancien-nom')).status).toBe(200);
      expect(await findStoredRedirect(db(), '/auteur/ancien-nom')).toBeNull();
      expect(await findStoredRedirect(db(), '/auteur/troisieme-nom')).toBe('/auteur/ancien-nom');
      const rows = await db().select().from(redirects).where(eq(redirects.toPath, '/auteur/ancien-nom'));
      expect(rows.map((r) => r.fromPath).sort()).toEqual(['/auteur/nouveau-nom', '/auteur/troisieme-nom']);
    });

    it('a library photo is the author’s usage: deleting it is refused, naming the author with a link to their form', async () => {
      const hash = 'a'.repeat(64);
      const url = `/media/library/${hash}-480.webp`;
      const [item] = await db()
        .insert(media)
        .values({
          hash,
          alt: 'Un portrait',
          width: 480,
          height: 480,
          sourceFormat: 'png',
          variants: [{ format: 'webp', width: 480, height: 480, url, bytes: 100 }],
        })
        .returning();
      if (!item) throw new Error('insert failed');
      const saved = await api.request('POST', '/api/admin/authors', {
        as: api.signed('editor'),
        body: body({ name: 'Portrait Test', photo: { url, alt: 'Un portrait', width: 480, height: 480 } }),
      });
      expect(saved.status, await saved.clone().text()).toBe(201);
      const author = contract.CreateAdminAuthorResponse.parse(await saved.json());
      expect((await mediaUsages(db(), item.id))?.usages).toEqual([
        { format: 'author', id: author.id, title: 'Portrait Test', editorPath: `/admin/auteurs?auteur=${author.id}` },
      ]);
      const refusal = await api.request('DELETE', `/api/admin/media/${item.id}`, { as: api.signed('editor') });
      expect(refusal.status).toBe(409);
      expect(await refusal.text()).toContain('la signature « Portrait Test »');
    });

    it('an unknown author → 404, a bad id → 400', async () => {
      await expectError(await api.request('PUT', '/api/admin/authors/999999', { as: api.signed('editor'), body: body() }), 404);
      await expectError(await api.request('PUT', '/api/admin/authors/abc', { as: api.signed('editor'), body: body() }), 400);
    });
  });
});
