/**
 * Flat tag pages and keyset "more" batches (issue 38), on PGlite and on PostgreSQL when TEST_DATABASE_URL is
 * set. `article_tags.published_at` is written by the database's triggers only (migration 0037): after every
 * write path (publish, unpublish, reschedule, scheduled, retag, delete, a hand-written value) each tag's
 * pages hold exactly what the listing before the migration held (a join of `articles` and `article_tags`),
 * read by offset and by cursor alike. Cursors: the walk by `after` equals the walk by `offset`, two articles
 * in the same millisecond are neither skipped nor repeated, and hostile cursors are a French 400.
 */
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as contract from '../../api/generated/zod.ts';
import type { Database } from '../../db/client.ts';
import { rowsOf } from '../../db/queryResults.ts';
import { articles, articleTags, categories, newsroomArticles, tags } from '../../db/schema.ts';
import { useSeededApi } from '../../testing/seededApi.ts';
import { testDatabaseKinds } from '../../testing/testDatabase.ts';
import { findRow } from '../newsroom/articles/articleQueries.ts';
import { backfillNewsroom, publishArticleCopy, withdrawArticleCopy } from '../newsroom/articles/articleReaderCopy.ts';
import { listTagArticles } from './articles.server.ts';
import { listCursorMessage, parseListCursor } from './listCursor.ts';

/** The tag's published articles as the listing read them before migration 0037: a join, newest first. */
async function referenceIds(db: Database, tagId: number): Promise<number[]> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`SELECT a.id FROM articles a INNER JOIN article_tags t ON t.article_id = a.id
      WHERE t.tag_id = ${tagId} ORDER BY a.published_at DESC, a.id DESC`),
  );
  return rows.map((row) => Number(row.id));
}

/** Every page of the tag, by offset and by cursor (12 at a time), as ids. */
async function pagedIds(db: Database, tagId: number): Promise<{ byOffset: number[]; byCursor: number[] }> {
  const byOffset: number[] = [];
  for (let offset = 0; ; offset += 12) {
    const { results } = await listTagArticles(db, tagId, { limit: 12, offset });
    byOffset.push(...results.map((card) => card.id));
    if (results.length < 12) break;
  }
  const byCursor: number[] = [];
  let page = await listTagArticles(db, tagId, { limit: 12, offset: 0 });
  for (;;) {
    byCursor.push(...page.results.map((card) => card.id));
    if (!page.next) break;
    const after = parseListCursor(page.next);
    if (!after) throw new Error(`the server wrote a cursor it cannot read: ${page.next}`);
    page = await listTagArticles(db, tagId, { limit: 12, offset: 0, after });
  }
  return { byOffset, byCursor };
}

describe.each(testDatabaseKinds)('tag pages from article_tags.published_at on %s', (kind) => {
  const { get, database } = useSeededApi(kind);
  const db = () => database().db;
  let often: number;
  let seldom: number;
  let ids: number[];

  beforeAll(async () => {
    await backfillNewsroom(db());
    const [a, b] = await db()
      .insert(tags)
      .values([
        { slug: 'souvent', name: 'Souvent' },
        { slug: 'rarement', name: 'Rarement' },
      ])
      .returning();
    if (!a || !b) throw new Error('tags missing');
    often = a.id;
    seldom = b.id;
    ids = (await db().select({ id: articles.id }).from(articles).orderBy(articles.id)).map((row) => row.id);
    await db()
      .insert(articleTags)
      .values([
        ...ids.filter((id) => id % 2 === 0).map((articleId) => ({ articleId, tagId: often, position: 0 })),
        ...ids.filter((id) => id % 25 === 0).map((articleId) => ({ articleId, tagId: seldom, position: 1 })),
      ]);
  });

  /** The triggers' promise: every tag row carries its article's published_at, null when not published. */
  async function expectExact() {
    const [drift] = rowsOf<{ n: number }>(
      await db().execute(sql`SELECT count(*)::int AS n FROM article_tags t LEFT JOIN articles a ON a.id = t.article_id
        WHERE t.published_at IS DISTINCT FROM a.published_at`),
    );
    expect(drift?.n).toBe(0);
    for (const tagId of [often, seldom]) {
      const expected = await referenceIds(db(), tagId);
      const { byOffset, byCursor } = await pagedIds(db(), tagId);
      expect(byOffset).toEqual(expected);
      expect(byCursor).toEqual(expected);
    }
  }

  const oftenIds = () => referenceIds(db(), often);

  it('holds the same pages as the join of before, by offset and by cursor', async () => {
    expect((await oftenIds()).length).toBeGreaterThan(100);
    await expectExact();
  });

  it('unpublishing takes the article off its tags’ pages, publishing again brings it back', async () => {
    const id = (await oftenIds())[3] as number;
    const row = await findRow(db(), id);
    if (!row) throw new Error('no row');
    await withdrawArticleCopy(db(), row);
    expect(await oftenIds()).not.toContain(id);
    await expectExact();
    await publishArticleCopy(db(), row, new Date());
    expect(await oftenIds()).toContain(id);
    await expectExact();
  });

  it('a rescheduled publication date moves the article on its tags’ pages', async () => {
    const id = (await oftenIds()).at(-1) as number;
    const row = await findRow(db(), id);
    if (!row) throw new Error('no row');
    await publishArticleCopy(db(), { ...row, publishedAt: new Date(Date.now() + 3_600_000) }, new Date());
    expect((await oftenIds())[0]).toBe(id);
    await expectExact();
  });

  it('a scheduled article (no reader’s copy yet) is on no tag page until it is published', async () => {
    const id = (await oftenIds())[5] as number;
    const row = await findRow(db(), id);
    if (!row) throw new Error('no row');
    await withdrawArticleCopy(db(), row);
    await db()
      .update(newsroomArticles)
      .set({ status: 'scheduled', scheduledAt: new Date(Date.now() + 86_400_000) })
      .where(eq(newsroomArticles.id, id));
    const [tagRow] = await db().select().from(articleTags).where(eq(articleTags.articleId, id));
    expect(tagRow?.publishedAt).toBeNull();
    await expectExact();
    await publishArticleCopy(db(), { ...row, publishedAt: new Date(Date.now() - 1000) }, new Date());
    expect(await oftenIds()).toContain(id);
    await expectExact();
  });

  it('retagging (the import’s delete and insert) moves the article between tags', async () => {
    const id = (await oftenIds())[7] as number;
    await db().delete(articleTags).where(eq(articleTags.articleId, id));
    await db().insert(articleTags).values({ articleId: id, tagId: seldom, position: 0 });
    expect(await oftenIds()).not.toContain(id);
    expect(await referenceIds(db(), seldom)).toContain(id);
    await expectExact();
  });

  it('a deleted article leaves its tags’ pages', async () => {
    const id = (await oftenIds())[9] as number;
    await db().delete(articles).where(eq(articles.id, id));
    await db().delete(newsroomArticles).where(eq(newsroomArticles.id, id));
    expect(await oftenIds()).not.toContain(id);
    await expectExact();
  });

  it('a published_at written by hand is overwritten by the reader’s copy’s', async () => {
    await db()
      .update(articleTags)
      .set({ publishedAt: new Date('2000-01-01T00:00:00Z') })
      .where(eq(articleTags.tagId, often));
    await db()
      .insert(articleTags)
      .values({ articleId: ids[1] as number, tagId: seldom, position: 3, publishedAt: new Date(0) });
    await expectExact();
  });

  it('two articles published in the same millisecond are neither skipped nor repeated by the cursor', async () => {
    const [first, second, third] = await oftenIds();
    // Microseconds apart: the card's publishedAt (milliseconds) cannot tell them apart, the cursor can.
    await db().execute(sql`UPDATE articles SET published_at = '2031-01-01T00:00:00.123789Z' WHERE id = ${first}`);
    await db().execute(sql`UPDATE articles SET published_at = '2031-01-01T00:00:00.123456Z' WHERE id IN (${second}, ${third})`);
    await expectExact();
    const page = await listTagArticles(db(), often, { limit: 1, offset: 0 });
    expect(page.next).toBe(`2031-01-01T00:00:00.123789Z,${first}`);
    const seen: number[] = [];
    let after = page.next;
    while (after && seen.length < 3) {
      const response = await get(`/api/tags/souvent?limit=1&after=${encodeURIComponent(after)}`);
      expect(response.status).toBe(200);
      const body = contract.GetTagResponse.parse(await response.json());
      seen.push(...body.results.map((card) => card.id));
      after = body.next;
    }
    expect(seen).toEqual([Math.max(second as number, third as number), Math.min(second as number, third as number), (await oftenIds())[3]]);
  });

  it('the category, tag and author answers walk the same by cursor as by offset', async () => {
    const [category] = await db().select({ slug: categories.slug }).from(categories).orderBy(categories.id).limit(1);
    const [author] = rowsOf<{ slug: string }>(
      await db().execute(
        sql`SELECT au.slug FROM authors au JOIN articles a ON a.author_id = au.id GROUP BY au.slug ORDER BY count(*) DESC LIMIT 1`,
      ),
    );
    for (const base of [
      `/api/articles?category=${category?.slug}&limit=12`,
      '/api/tags/souvent?limit=12',
      `/api/authors/${author?.slug}?limit=12`,
    ]) {
      const byOffset: number[] = [];
      for (let offset = 0; ; offset += 12) {
        const body = (await (await get(`${base}&offset=${offset}`)).json()) as { results: { id: number }[] };
        byOffset.push(...body.results.map((card) => card.id));
        if (body.results.length < 12) break;
      }
      const byCursor: number[] = [];
      let next: string | undefined;
      do {
        const response = await get(next ? `${base}&after=${encodeURIComponent(next)}` : base);
        expect(response.status, base).toBe(200);
        const body = (await response.json()) as { results: { id: number }[]; next?: string };
        byCursor.push(...body.results.map((card) => card.id));
        next = body.next;
      } while (next);
      expect(byOffset.length, base).toBeGreaterThan(12);
      expect(byCursor, base).toEqual(byOffset);
    }
    // The category's first page (server rendered) hands the cursor of the second.
    const first = contract.ListArticlesByCategoryResponse.parse(await (await get(`/api/articleByCategory/${category?.slug}`)).json());
    expect(first.next).toMatch(/Z,\d+$/);
  });

  it.each([
    'abc',
    '2026-11-18T08:30:00.000Z,12',
    '2026-11-18T08:30:00.000000Z',
    '2026-11-18T08:30:00.000000Z,0',
    '2026-11-18T08:30:00.000000Z,-1',
    '2026-11-18T08:30:00.000000Z,99999999999',
    '2026-11-18T08:30:00.000000Z,2147483648',
    '2026-02-30T08:30:00.000000Z,12',
    '2026-13-01T08:30:00.000000Z,12',
    '2026-11-18T24:00:00.000000Z,12',
    '0000-01-01T00:00:00.000000Z,12',
    '2026-11-18T08:30:00.000000+01:00,12',
    "2026-11-18T08:30:00.000000Z,12' OR 1=1 --",
    '2026-11-18T08:30:00.000000Z,12;DROP TABLE articles',
    `${'9'.repeat(5000)}`,
    '',
  ])('after=%s → 400 with a French message, on every list', async (cursor) => {
    for (const base of ['/api/tags/souvent?', '/api/articles?', '/api/authors/inconnu-du-bataillon?']) {
      const response = await get(`${base}after=${encodeURIComponent(cursor)}`);
      expect(response.status, base + cursor).toBe(400);
      const body = contract.ErrorResponse.parse(await response.json());
      expect(body.message).toBe(listCursorMessage);
    }
  });

  it('a cursor twice, or with an offset, is a 400 too', async () => {
    const cursor = encodeURIComponent('2026-11-18T08:30:00.000000Z,12');
    for (const path of [`/api/tags/souvent?after=${cursor}&after=${cursor}`, `/api/articles?after=${cursor}&offset=12`]) {
      const response = await get(path);
      expect(response.status, path).toBe(400);
      expect(contract.ErrorResponse.parse(await response.json()).message).toMatch(/« after »/);
    }
  });

  it('a well-formed cursor past the archive answers an empty page, not an error', async () => {
    const response = await get(`/api/tags/souvent?after=${encodeURIComponent('1970-01-01T00:00:00.000000Z,1')}`);
    expect(response.status).toBe(200);
    const body = contract.GetTagResponse.parse(await response.json());
    expect(body.results).toEqual([]);
    expect(body.next).toBeUndefined();
  });
});
