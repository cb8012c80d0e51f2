/**
 * Tags and bylines on the readers' side (issue 20), on PGlite and on PostgreSQL when TEST_DATABASE_URL is
 * set: an article's public tags and every byline in order, internal tags nowhere (article, tag endpoint,
 * sitemap), the tag endpoint's pages, and hostile slugs. Answers are parsed with the zod schemas generated
 * from the contract (strict: a missing or extra field fails) and held against its declared headers.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as contract from '../../api/generated/zod.ts';
import type { Database } from '../../db/client.ts';
import { articleBylines, articles, articleTags, authors, tags } from '../../db/schema.ts';
import { useSeededApi } from '../../testing/seededApi.ts';
import { testDatabaseKinds } from '../../testing/testDatabase.ts';
import { backfillNewsroom } from '../newsroom/articles/articleReaderCopy.ts';
import { pagesSitemap } from '../seo/sitemap.server.ts';
import { withEntityTag } from './httpCache.ts';

const INTERNAL = { slug: 'hash-import-wp', name: '#import-wp' };

interface Fixture {
  tagged: { id: number; url: string };
  /** Also tagged 'jean', published after `tagged`. */
  other: { id: number; url: string };
  untouched: { url: string };
  /** The three bylines of `tagged`, in order (the first is its own author). */
  bylines: { slug: string; name: string; role: string }[];
}

/** Three articles of the seed, three authors, public and internal tags, rows inserted out of position order. */
async function insertFixture(db: Database): Promise<Fixture> {
  await backfillNewsroom(db);
  const rows = await db
    .select({ id: articles.id, url: articles.url, authorId: articles.authorId, publishedAt: articles.publishedAt })
    .from(articles)
    .orderBy(articles.publishedAt, articles.id)
    .limit(3);
  const [tagged, other, untouched] = rows;
  if (!tagged || !other || !untouched) throw new Error('the seed has fewer than 3 articles');
  const everyAuthor = await db.select().from(authors).orderBy(authors.id);
  const first = everyAuthor.find((a) => a.id === tagged.authorId);
  const others = everyAuthor.filter((a) => a.id !== tagged.authorId);
  const [second, third] = others.length >= 2 ? others : [];
  let extra = second && third ? [second, third] : [];
  if (extra.length < 2) {
    extra = await db
      .insert(authors)
      .values([
        { slug: 'alice-martin-test', name: 'Alice Martin', role: 'Pigiste' },
        { slug: 'leo-petit-test', name: 'Léo Petit', role: 'Photographe' },
      ])
      .returning();
  }
  if (!first || !extra[0] || !extra[1]) throw new Error('authors missing');
  const [jean, automne, secret, lonely] = await db
    .insert(tags)
    .values([
      { slug: 'jean', name: 'Jean' },
      { slug: 'automne', name: 'Automne' },
      { ...INTERNAL, internal: true },
      { slug: 'sans-article', name: 'Sans article' },
    ])
    .returning();
  if (!jean || !automne || !secret || !lonely) throw new Error('tags missing');
  // Inserted out of order: only `position` decides.
  await db.insert(articleTags).values([
    { articleId: tagged.id, tagId: jean.id, position: 2 },
    { articleId: tagged.id, tagId: secret.id, position: 0 },
    { articleId: tagged.id, tagId: automne.id, position: 1 },
    { articleId: other.id, tagId: jean.id, position: 0 },
    { articleId: other.id, tagId: secret.id, position: 1 },
  ]);
  await db.insert(articleBylines).values([
    { articleId: tagged.id, authorId: extra[1].id, position: 2 },
    { articleId: tagged.id, authorId: first.id, position: 0 },
    { articleId: tagged.id, authorId: extra[0].id, position: 1 },
  ]);
  const byline = (a: typeof first) => ({ slug: a.slug, name: a.name, role: a.role });
  return { tagged, other, untouched, bylines: [byline(first), byline(extra[0]), byline(extra[1])] };
}

describe.each(testDatabaseKinds)('tags and bylines on %s', (kind) => {
  const { get, database } = useSeededApi(kind);
  let fixture: Fixture;

  beforeAll(async () => {
    fixture = await insertFixture(database().db);
  });

  async function getValid<T>(path: string, schema: z.ZodType<T>): Promise<{ body: T; text: string; response: Response }> {
    const response = await get(path);
    expect(response.status, path).toBe(200);
    // Cacheable like a category's list: public, so the API answer cache and shared caches keep it.
    expect(response.headers.get('cache-control')).toMatch(/public.*max-age=\d+/);
    const text = await response.text();
    return { body: schema.parse(JSON.parse(text)), text, response };
  }

  async function expectError(path: string, status: number) {
    const response = await get(path);
    expect(response.status, path).toBe(status);
    const body = contract.ErrorResponse.parse(await response.json());
    expect(body.message).toMatch(/[a-zé]{3,}/);
    return body;
  }

  it('an article answers its public tags in position order and every byline in order', async () => {
    const { body, text } = await getValid(`/api/article/${fixture.tagged.url}`, contract.GetArticleResponse);
    expect(body.result.tags).toEqual([
      { slug: 'automne', name: 'Automne' },
      { slug: 'jean', name: 'Jean' },
    ]);
    expect(body.result.authors).toEqual(fixture.bylines);
    expect(body.result.author).toEqual(fixture.bylines[0]);
    expect(text).not.toContain(INTERNAL.slug);
    expect(text).not.toContain(INTERNAL.name);
  });

  it('an article whose only other tag is internal shows the public one alone', async () => {
    const { body, text } = await getValid(`/api/article/${fixture.other.url}`, contract.GetArticleResponse);
    expect(body.result.tags).toEqual([{ slug: 'jean', name: 'Jean' }]);
    expect(text).not.toContain(INTERNAL.slug);
  });

  it('an article without tags nor bylines answers as before: no tags, its author alone', async () => {
    const { body } = await getValid(`/api/article/${fixture.untouched.url}`, contract.GetArticleResponse);
    expect(body.result.tags).toEqual([]);
    expect(body.result.authors).toEqual([body.result.author]);
  });

  it('GET /api/tags/{slug} answers the tag and its articles, newest first, paged like a category', async () => {
    const { body } = await getValid('/api/tags/jean', contract.GetTagResponse);
    expect(body.tag).toEqual({ slug: 'jean', name: 'Jean' });
    expect(body.results.map((card) => card.id)).toEqual([fixture.other.id, fixture.tagged.id]);
    for (const card of body.results) expect(card.fullUrl).toBe(`/${card.categorySlug}/${card.url}`);
    const second = await getValid('/api/tags/jean?limit=1&offset=1', contract.GetTagResponse);
    expect(second.body.results.map((card) => card.id)).toEqual([fixture.tagged.id]);
    const past = await getValid('/api/tags/jean?offset=2', contract.GetTagResponse);
    expect(past.body.results).toEqual([]);
    const lonely = await getValid('/api/tags/sans-article', contract.GetTagResponse);
    expect(lonely.body.results).toEqual([]);
  });

  it('a tag answer gets an ETag and a 304 on revalidation, like other public GETs', async () => {
    const request = () => new Request('http://magazine.test/api/tags/jean');
    const full = await withEntityTag(request(), await get('/api/tags/jean'));
    const etag = full.headers.get('etag');
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    const again = await withEntityTag(
      new Request('http://magazine.test/api/tags/jean', { headers: { 'if-none-match': etag ?? '' } }),
      await get('/api/tags/jean'),
    );
    expect(again.status).toBe(304);
  });

  it('an unknown tag and an internal one are both a 404 with the same French message', async () => {
    const unknown = await expectError('/api/tags/tag-inconnu', 404);
    const internal = await expectError(`/api/tags/${INTERNAL.slug}`, 404);
    expect(internal).toEqual(unknown);
    expect(unknown.message).toBe('Ce tag est introuvable.');
  });

  it.each([
    `/api/tags/${encodeURIComponent('../x')}`,
    '/api/tags/%00',
    `/api/tags/${'a'.repeat(300)}`,
    `/api/tags/${encodeURIComponent("jean' OR 1=1 --")}`,
    `/api/tags/${encodeURIComponent('jean;DROP TABLE tags')}`,
    `/api/tags/${encodeURIComponent(INTERNAL.name)}`,
    '/api/tags/Jean',
    '/api/tags/jean?limit=0',
    '/api/tags/jean?limit=101',
    '/api/tags/jean?offset=-1',
    '/api/tags/jean?offset=abc',
  ])('%s → 400', async (path) => {
    await expectError(path, 400);
  });

  it('the tags table survives the hostile requests', async () => {
    const rows = await database().db.select().from(tags).where(eq(tags.slug, 'jean'));
    expect(rows).toHaveLength(1);
  });

  it('the sitemap lists public tags with a published article, never internal nor empty ones', async () => {
    const xml = await pagesSitemap(database().db, 'https://www.piquante.test');
    expect(xml).toContain('<loc>https://www.piquante.test/tag/jean</loc>');
    expect(xml).toContain('<loc>https://www.piquante.test/tag/automne</loc>');
    expect(xml).not.toContain(INTERNAL.slug);
    expect(xml).not.toContain('/tag/sans-article');
  });
});
