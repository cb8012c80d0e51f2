/**
 * The archive seed (`npm run seed -- --articles N`, issue 38), on PGlite and on PostgreSQL when
 * TEST_DATABASE_URL is set: N articles over 10 years, each with one to three public tags that readers can
 * reach (editorial rows given), a few tags far more used than most, and a second seed refused.
 */
import { asc, count, eq, max, min, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { articles, articleTags, newsroomArticles, tags } from '../../db/schema.ts';
import { useTestDatabase } from '../../testing/useTestDatabase.ts';
import { testDatabaseKinds } from '../../testing/testDatabase.ts';
import { listTagArticles } from '../articles/articles.server.ts';
import { archiveTagNames } from './archiveTags.server.ts';
import { DatabaseNotEmptyError, seedDemoContent } from './seedDemoContent.server.ts';

const N = 90;

describe.each(testDatabaseKinds)('the archive seed (%s)', (kind) => {
  const database = useTestDatabase(kind);

  beforeAll(async () => {
    expect(await seedDemoContent(database.db, { articles: N, archive: true })).toEqual({ articles: N });
  }, 180_000);

  it('writes N articles spread over ten years, each with its editorial row', async () => {
    const [row] = await database.db
      .select({ n: count(), oldest: min(articles.publishedAt), newest: max(articles.publishedAt) })
      .from(articles);
    if (!row?.newest || !row.oldest) throw new Error('no article');
    expect(row.n).toBe(N);
    const years = (row.newest.getTime() - row.oldest.getTime()) / (365.25 * 86_400_000);
    expect(years).toBeGreaterThan(7);
    expect(years).toBeLessThanOrEqual(10.1);
    const [editorial] = await database.db.select({ n: count() }).from(newsroomArticles);
    expect(editorial?.n).toBe(N);
  });

  it('tags every article once to three times, popular tags first, and the tag pages list them', async () => {
    const perArticle = await database.db
      .select({ id: articles.id, n: count(articleTags.tagId) })
      .from(articles)
      .leftJoin(articleTags, eq(articleTags.articleId, articles.id))
      .groupBy(articles.id);
    expect(perArticle).toHaveLength(N);
    for (const { n } of perArticle) {
      expect(n).toBeGreaterThanOrEqual(1);
      expect(n).toBeLessThanOrEqual(3);
    }
    const everyTag = await database.db.select({ id: tags.id, name: tags.name, internal: tags.internal }).from(tags).orderBy(asc(tags.id));
    expect(everyTag.map((t) => t.name)).toEqual(archiveTagNames());
    expect(everyTag.every((t) => !t.internal)).toBe(true);
    const uses = await database.db
      .select({ tagId: articleTags.tagId, n: sql<number>`count(*)::int` })
      .from(articleTags)
      .groupBy(articleTags.tagId);
    const first = uses.find((u) => u.tagId === everyTag[0]?.id)?.n ?? 0;
    const median = [...uses].sort((a, b) => a.n - b.n)[Math.floor(uses.length / 2)]?.n ?? 0;
    expect(first).toBeGreaterThan(3 * median);
    const { results: page } = await listTagArticles(database.db, everyTag[0]?.id as number, { limit: 12, offset: 0 });
    expect(page.length).toBe(Math.min(12, first));
  });

  it('refuses a second seed on a database that is not empty', async () => {
    await expect(seedDemoContent(database.db, { articles: 5, archive: true })).rejects.toBeInstanceOf(DatabaseNotEmptyError);
  });
});
