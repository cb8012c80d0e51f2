/**
 * Real export files through the whole import (issue 20), on both databases: WordPress's own theme unit
 * test data and a Ghost 5 export with lexical bodies (zipped with its images). What the issue asks of
 * them: every published post with its title and date, the markup post without script or style, categories
 * and tags as in the file, old links answering with the new address, several authors, internal tags
 * hidden, feature images in the library, and a second run that changes nothing.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { and, asc, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleBylines, articles, authors, categories, media, newsroomArticles, tags } from '../../db/schema.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../../testing/testDatabase.ts';
import { getArticle } from '../articles/articles.server.ts';
import { directoryStorage } from '../newsroom/mediaStorage.ts';
import { normaliseRedirectPath } from '../redirects/redirectPaths.ts';
import { findStoredRedirect } from '../redirects/redirectStore.server.ts';
import { openGhostExport } from './ghost/openGhostExport.ts';
import { makeZip } from './ghost/testing/zipWriter.ts';
import type { ImportPost, ImportSource } from './importModel.ts';
import { runImport } from './importWriter.ts';
import { openWordPressExport } from './wordpress/wxrReader.ts';

const fixtures = resolve(import.meta.dirname, '../../../tests/fixtures/import');
const work = mkdtempSync(join(tmpdir(), 'piquante-import-fixtures-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function postsOf(source: ImportSource): Promise<{ posts: ImportPost[]; categories: number; tags: number }> {
  const posts: ImportPost[] = [];
  let categoryCount = 0;
  let tagCount = 0;
  for await (const event of source.events()) {
    if (event.type === 'post') posts.push(event.post);
    if (event.type === 'category') categoryCount++;
    if (event.type === 'tag') tagCount++;
  }
  return { posts, categories: categoryCount, tags: tagCount };
}

const options = (kind: string) => ({ dryRun: false, download: false, storage: directoryStorage(join(work, `media-${kind}`)) });

/**
 * What the issue asks of any WordPress export: its published posts, categories and tags, old links and a
 * second run. `more` adds a file's own checks, on the same imported database.
 */
function describeWordPressFixture(name: string, fileName: string, more?: (database: () => TestDatabase) => void): void {
  describe.each(testDatabaseKinds)(`${name} on %s`, (kind) => {
    let database: TestDatabase;
    let expected: Awaited<ReturnType<typeof postsOf>>;
    const file = join(fixtures, fileName);

    beforeAll(async () => {
      database = await createTestDatabase(kind);
      const source = await openWordPressExport(file);
      expected = await postsOf(source);
      await source.close();
    }, 60_000);
    afterAll(() => database?.dispose());

    it('brings every published post with its title and date, the categories and tags of the file', async () => {
      const source = await openWordPressExport(file);
      const { report } = await runImport(database.db, source, options(kind));
      await source.close();
      const published = expected.posts.filter((p) => p.kind === 'post' && p.status === 'published');
      expect(published.length).toBeGreaterThan(30);
      const rows = await database.db.select().from(newsroomArticles).where(eq(newsroomArticles.status, 'published'));
      for (const post of published) {
        const row = rows.find((r) => r.publishedAt?.getTime() === post.publishedAt?.getTime() && r.title.length > 0);
        expect(row, post.title).toBeDefined();
      }
      expect(report.counts.post?.failed).toBe(0);
      // Every category of the file, plus « Archives » for the posts the file files nowhere.
      const made = await database.db.select({ slug: categories.slug }).from(categories);
      expect(made.filter((c) => c.slug !== 'archives').length).toBe(expected.categories);
      expect((await database.db.select().from(tags)).length).toBeLessThanOrEqual(expected.tags);
      expect((await database.db.select().from(tags)).length).toBeGreaterThan(expected.tags * 0.9);
    }, 180_000);

    it('answers every old link of a published post with its new address', async () => {
      const published = expected.posts.filter((p) => p.kind === 'post' && p.status === 'published');
      let checked = 0;
      for (const post of published) {
        const [row] = await database.db
          .select({ url: articles.url, category: categories.slug })
          .from(articles)
          .innerJoin(categories, eq(categories.id, articles.categoryId))
          .where(
            and(eq(articles.title, post.title.replace(/<[^>]+>/g, '').trim()), eq(articles.publishedAt, post.publishedAt ?? new Date(0))),
          );
        if (!row) continue;
        const address = `/${row.category}/${row.url}`;
        for (const old of post.oldUrls) {
          const path = normaliseRedirectPath(old);
          if (!path || path === address) continue;
          expect(await findStoredRedirect(database.db, path), old).toBe(address);
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(published.length);
    });

    it('a second run changes nothing', async () => {
      const count = async () =>
        (
          (await database.db.execute(
            sql`SELECT (SELECT count(*) FROM newsroom_articles)::int + (SELECT count(*) FROM categories)::int * 1000 + (SELECT count(*) FROM redirects)::int * 1000000 AS n`,
          )) as unknown as { rows: { n: number }[] }
        ).rows[0]?.n;
      const before = await count();
      const source = await openWordPressExport(file);
      const { report } = await runImport(database.db, source, options(kind));
      await source.close();
      expect(await count()).toBe(before);
      expect(report.counts.post?.imported).toBe(0);
      expect(report.counts.post?.updated).toBe(0);
    }, 180_000);
    more?.(() => database);
  });
}

describeWordPressFixture('WordPress theme unit test data', 'themeunittestdata.wordpress.xml', (database) => {
  it('renders "Markup: HTML Tags and Formatting" without script or style', async () => {
    const [row] = await database().db.select().from(articles).where(eq(articles.title, 'Markup: HTML Tags and Formatting'));
    expect(row).toBeDefined();
    const text = JSON.stringify(row?.body);
    expect(text.length).toBeGreaterThan(1000);
    // The post shows tags as text (« <strong> »…): what must not be there is a script or a style's content.
    expect(text).not.toMatch(/alert\(|javascript:|\{\s*color:/i);
    for (const node of JSON.stringify(row?.body).match(/"type":"[a-z]+"/g) ?? []) {
      expect([
        '"type":"paragraph"',
        '"type":"heading"',
        '"type":"quote"',
        '"type":"bullet"',
        '"type":"numbered"',
        '"type":"image"',
      ]).toContain(node);
    }
  });
});

// WordPress's block test data: every core block of WordPress 6.4, as a block theme's posts use them.
describeWordPressFixture('WordPress block test data', '64-block-test-data.xml', (database) => {
  it('keeps the text of every block post and nothing of its markup', async () => {
    const rows = await database().db.select({ title: articles.title, body: articles.body }).from(articles);
    expect(rows.length).toBeGreaterThan(50);
    for (const row of rows) {
      const text = JSON.stringify(row.body);
      expect(text, row.title).not.toMatch(/<!-- wp:|<script|<iframe|<form|javascript:/i);
    }
    const [columns] = rows.filter((row) => row.title === 'Columns');
    expect(JSON.stringify(columns?.body)).toMatch(/"type":"paragraph"/);
  });
});

describe.each(testDatabaseKinds)('a Ghost 5 export (zip with images) on %s', (kind) => {
  let database: TestDatabase;
  let zip: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const jpeg = await sharp({ create: { width: 64, height: 40, channels: 3, background: '#8e44ad' } })
      .jpeg()
      .toBuffer();
    zip = join(work, `ghost-${kind}.zip`);
    writeFileSync(
      zip,
      makeZip([
        { name: 'export/data/carnet.ghost.2024-05-27.json', data: readFileSync(join(fixtures, 'ghost-5-lexical.json')) },
        { name: 'export/content/images/2024/05/tarte.jpg', data: jpeg, method: 'store' },
      ]),
    );
  });
  afterAll(() => database?.dispose());

  it('brings authors (several per post), hides internal tags, stores feature images, answers /slug/', async () => {
    const source = await openGhostExport(zip, { siteUrl: 'https://carnet.exemple.fr' });
    const { report } = await runImport(database.db, source, { ...options(kind), pagesCategorySlug: null });
    await source.close();
    expect(report.counts.post?.failed).toBe(0);
    const [tarte] = await database.db.select().from(newsroomArticles).where(eq(newsroomArticles.slug, 'tarte-aux-prunes'));
    expect(tarte?.status).toBe('published');
    // Several bylines, in Ghost's order.
    const bylines = await database.db
      .select({ slug: authors.slug })
      .from(articleBylines)
      .innerJoin(authors, eq(authors.id, articleBylines.authorId))
      .where(eq(articleBylines.articleId, tarte?.id ?? 0))
      .orderBy(asc(articleBylines.position));
    expect(bylines.length).toBeGreaterThan(1);
    // The feature image is a library image.
    expect(tarte?.mainImage.url).toMatch(/^\/media\/library\//);
    expect((await database.db.select().from(media)).length).toBeGreaterThan(0);
    // Readers see public tags only.
    const [category] = await database.db
      .select({ slug: categories.slug })
      .from(categories)
      .where(eq(categories.id, tarte?.categoryId ?? 0));
    const detail = await getArticle(database.db, 'tarte-aux-prunes');
    expect(detail).not.toBeNull();
    const shown = (detail as unknown as { tags: { slug: string }[] }).tags.map((t) => t.slug);
    const internal = await database.db.select({ slug: tags.slug }).from(tags).where(eq(tags.internal, true));
    expect(internal.length).toBeGreaterThan(0);
    for (const hidden of internal) expect(shown).not.toContain(hidden.slug);
    expect(shown.length).toBeGreaterThan(0);
    // Ghost's /slug/ answers with the new address.
    expect(await findStoredRedirect(database.db, '/tarte-aux-prunes')).toBe(`/${category?.slug}/tarte-aux-prunes`);
  }, 120_000);
});
