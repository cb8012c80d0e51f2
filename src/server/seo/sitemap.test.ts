/**
 * The sitemaps of a large archive (issue 38), on PGlite and on PostgreSQL when TEST_DATABASE_URL is set: the
 * index lists one articles sitemap per non-empty range of ids (a small page size injected), every published
 * article is in exactly one of them with its exact lastmod, nothing else is, a range emptied by unpublishing
 * leaves no empty file, the news sitemap holds the window, and a sitemap revalidates with 304.
 */
import { asc, desc, eq, gt, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { articles, categories } from '../../db/schema.ts';
import { useTestDatabase } from '../../testing/useTestDatabase.ts';
import { testDatabaseKinds } from '../../testing/testDatabase.ts';
import { withEntityTag } from '../http/httpCache.ts';
import { seedDemoContent } from '../seed/seedDemoContent.server.ts';
import { handleSeoRequest } from './seoRoutes.server.ts';
import { articlesSitemap, newsSitemap, sitemapIndex } from './sitemap.server.ts';

const SITE = 'https://magazine.test';
const SIZE = 10;

function locs(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1] as string);
}

async function everyArticle(db: Database) {
  return db
    .select({ id: articles.id, url: articles.url, slug: categories.slug, updatedAt: articles.updatedAt, publishedAt: articles.publishedAt })
    .from(articles)
    .innerJoin(categories, eq(categories.id, articles.categoryId))
    .orderBy(asc(articles.id));
}

describe.each(testDatabaseKinds)('sitemaps of an archive (%s)', (kind) => {
  const database = useTestDatabase(kind);
  /** The ids of the third range, all unpublished: its sitemap must vanish from the index. */
  let emptied: number[] = [];

  beforeAll(async () => {
    await seedDemoContent(database.db, { articles: 57, archive: true });
    const [first] = await database.db.select({ id: articles.id }).from(articles).orderBy(asc(articles.id)).limit(1);
    const base = Math.floor(((first?.id ?? 1) - 1) / SIZE) * SIZE;
    const third = await database.db
      .select({ id: articles.id })
      .from(articles)
      .where(gt(articles.id, base + 2 * SIZE))
      .orderBy(asc(articles.id))
      .limit(SIZE);
    emptied = third.map((row) => row.id).filter((id) => id <= base + 3 * SIZE);
    await database.db.delete(articles).where(inArray(articles.id, emptied));
  }, 180_000);

  it('the index lists the pages, one sitemap per non-empty range of ids, and the news', async () => {
    const rows = await everyArticle(database.db);
    const ranges = [...new Set(rows.map((row) => Math.floor((row.id - 1) / SIZE) + 1))].sort((a, b) => a - b);
    expect(emptied.length).toBe(SIZE);
    expect(ranges.length).toBeGreaterThanOrEqual(5);
    const index = await sitemapIndex(database.db, SITE, { chunkSize: SIZE });
    expect(index).toContain('<sitemapindex');
    expect(locs(index)).toEqual([
      `${SITE}/sitemap-pages.xml`,
      `${SITE}/sitemap-authors.xml`,
      ...ranges.map((n) => `${SITE}/sitemap-articles-${n}.xml`),
      `${SITE}/sitemap-news.xml`,
    ]);
  });

  it('every published article is in exactly one articles sitemap, with its last change as lastmod', async () => {
    const rows = await everyArticle(database.db);
    const index = await sitemapIndex(database.db, SITE, { chunkSize: SIZE });
    const listed: string[] = [];
    for (const loc of locs(index)) {
      const n = /sitemap-articles-(\d+)\.xml$/.exec(loc)?.[1];
      if (!n) continue;
      const xml = await articlesSitemap(database.db, SITE, Number(n), { chunkSize: SIZE });
      expect(xml).not.toBeNull();
      const urls = locs(xml ?? '');
      expect(urls.length).toBeGreaterThan(0);
      expect(urls.length).toBeLessThanOrEqual(SIZE);
      listed.push(...urls);
      for (const [, loc2, lastmod] of (xml ?? '').matchAll(/<url><loc>([^<]+)<\/loc><lastmod>([^<]+)<\/lastmod><\/url>/g)) {
        const row = rows.find((r) => `${SITE}/${r.slug}/${r.url}` === loc2);
        expect(lastmod).toBe(row?.updatedAt.toISOString());
      }
    }
    const expected = rows.map((row) => `${SITE}/${row.slug}/${row.url}`);
    expect(listed.length).toBe(expected.length);
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual([...expected].sort());
  });

  it('an emptied range and a range past the end have no sitemap; a nonsense number neither', async () => {
    const emptiedRange = Math.floor(((emptied[0] ?? 1) - 1) / SIZE) + 1;
    expect(await articlesSitemap(database.db, SITE, emptiedRange, { chunkSize: SIZE })).toBeNull();
    expect(await articlesSitemap(database.db, SITE, 10_000, { chunkSize: SIZE })).toBeNull();
    expect(await articlesSitemap(database.db, SITE, 0, { chunkSize: SIZE })).toBeNull();
    expect(await articlesSitemap(database.db, SITE, 99_999_999_999)).toBeNull();
  });

  it('the news sitemap holds exactly the articles of the last 48 hours, newest first', async () => {
    const rows = await database.db
      .select({ url: articles.url, slug: categories.slug, publishedAt: articles.publishedAt, updatedAt: articles.updatedAt })
      .from(articles)
      .innerJoin(categories, eq(categories.id, articles.categoryId))
      .orderBy(desc(articles.publishedAt), desc(articles.id));
    const newest = rows[0]?.publishedAt as Date;
    const now = new Date(newest.getTime() + 3_600_000);
    const inWindow = rows.filter((row) => row.publishedAt.getTime() >= now.getTime() - 48 * 3_600_000);
    expect(inWindow.length).toBeGreaterThan(0);
    expect(inWindow.length).toBeLessThan(rows.length);
    const xml = await newsSitemap(database.db, SITE, now);
    expect(locs(xml)).toEqual(inWindow.map((row) => `${SITE}/${row.slug}/${row.url}`));
    // Every lastmod is the article's exact last change, to the millisecond.
    const lastmods = [...xml.matchAll(/<lastmod>([^<]+)<\/lastmod>/g)].map((match) => match[1]);
    expect(lastmods).toEqual(inWindow.map((row) => row.updatedAt.toISOString()));
    // An article dated in the future (scheduled by an import) is not news yet.
    expect(await newsSitemap(database.db, SITE, new Date(newest.getTime() - 1))).not.toContain(`/${rows[0]?.url}<`);
  });

  it('a sitemap is cacheable and answers 304 to its ETag', async () => {
    const open = async () => ({ db: database.db, siteUrl: SITE, indexNowKey: 'cle-de-test-0001' });
    for (const path of ['/sitemap.xml', '/sitemap-articles-1.xml']) {
      const request = new Request(`${SITE}${path}`);
      const first = await withEntityTag(request, (await handleSeoRequest(new URL(request.url), open)) as Response);
      expect(first.status).toBe(200);
      expect(first.headers.get('cache-control')).toMatch(/public/);
      const etag = first.headers.get('etag') as string;
      expect(etag).toBeTruthy();
      const again = new Request(`${SITE}${path}`, { headers: { 'if-none-match': etag } });
      const second = await withEntityTag(again, (await handleSeoRequest(new URL(again.url), open)) as Response);
      expect(second.status).toBe(304);
    }
    expect(await handleSeoRequest(new URL(`${SITE}/sitemap-articles-99999.xml`), open)).toBeNull();
  });
});
