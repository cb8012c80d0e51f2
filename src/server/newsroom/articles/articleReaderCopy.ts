/**
 * The copy readers read (decision 011): `articles` holds the published articles under the same id as their
 * editorial row; publishing writes it, unpublishing deletes it. Also the preview (the real page's shape from
 * the working copy) and the old addresses of moved articles.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { ArticleDetail, ContentBlock } from '../../../api/types.ts';
import type { Database } from '../../../db/client.ts';
import { articleSlugRedirects, articles, authors, categories, newsroomArticles } from '../../../db/schema.ts';
import { articleSeo, bylinesJson, bylinesOf, publicTagsJson, toArticleCard } from '../../articles/articles.server.ts';
import { toCategory } from '../../content/categories.server.ts';
import { dropRedirectsFrom } from '../../redirects/redirectStore.server.ts';
import { docFromBlocks, readingMinutes } from '../richText.ts';
import { type ArticleRow, blocksOfRow, findRow } from './articleQueries.ts';
import { affectedRowsOf } from '../../../db/queryResults.ts';
import { noteChangedPaths } from '../../seo/indexNow/indexNowOutbox.ts';

/** The reader's copy's columns that a reader sees: a change of one of them is an edit (dateModified, lastmod). */
const seenColumns = [
  'url',
  'category_id',
  'author_id',
  'title',
  'subtitle',
  'body',
  'main_image',
  'stamp',
  'published_at',
  'seo_title',
  'seo_description',
  'og_image',
] as const;
const seenBefore = sql.raw(`(${seenColumns.map((c) => `articles.${c}`).join(', ')})`);
const seenAfter = sql.raw(`(${seenColumns.map((c) => `excluded.${c}`).join(', ')})`);

/**
 * Writes (or refreshes) the reader's copy of a published article. Its `updated_at` (the page's
 * `dateModified`, the sitemaps' `lastmod`) moves only when something readers see changed: saving again with
 * nothing changed, or changing what only the newsroom sees, leaves it, so engines are not told of edits that
 * are not. A change is noted for IndexNow in the same transaction, with the address it left if it moved.
 */
export async function publishArticleCopy(
  db: Database,
  row: ArticleRow,
  now: Date,
  /** What the caller already has (an import checked the document and knows the category): fewer queries. */
  known: { blocks?: ContentBlock[]; categorySlug?: string } = {},
): Promise<void> {
  const blocks = known.blocks ?? (await blocksOfRow(db, row));
  const values = {
    url: row.slug,
    categoryId: row.categoryId,
    authorId: row.authorId,
    title: row.title,
    subtitle: row.subtitle,
    body: blocks,
    mainImage: row.mainImage,
    stamp: row.stamp,
    readingMinutes: readingMinutes(blocks),
    publishedAt: row.publishedAt ?? now,
    updatedAt: now,
    seoTitle: row.seoTitle,
    seoDescription: row.seoDescription,
    ogImage: row.ogImage,
  };
  const before = await readerPathOf(db, row.id);
  // jsonb compares by value (key order aside): the same document saved again is not a change.
  const [written] = await db
    .insert(articles)
    .values({ id: row.id, ...values })
    .onConflictDoUpdate({
      target: articles.id,
      set: {
        ...values,
        updatedAt: sql`CASE WHEN ${seenBefore} IS DISTINCT FROM ${seenAfter} THEN excluded.updated_at ELSE articles.updated_at END`,
      },
    })
    .returning({ updatedAt: articles.updatedAt });
  // A new article taking an old address: the article wins over the redirect.
  await db.delete(articleSlugRedirects).where(eq(articleSlugRedirects.oldSlug, row.slug));
  const categorySlug =
    known.categorySlug ?? (await db.select({ slug: categories.slug }).from(categories).where(eq(categories.id, row.categoryId)))[0]?.slug;
  if (categorySlug) await dropRedirectsFrom(db, `/${categorySlug}/${row.slug}`);
  if (categorySlug && written?.updatedAt.getTime() === now.getTime()) {
    await noteChangedPaths(db, [`/${categorySlug}/${row.slug}`, ...(before ? [before] : [])], now);
  }
}

/** Where readers find the article now (`/rubrique/slug`), or null when it is not published. */
async function readerPathOf(db: Database, id: number): Promise<string | null> {
  const [row] = await db
    .select({ url: articles.url, categorySlug: categories.slug })
    .from(articles)
    .innerJoin(categories, eq(categories.id, articles.categoryId))
    .where(eq(articles.id, id));
  return row ? `/${row.categorySlug}/${row.url}` : null;
}

/** Leaving the reader's side: the editorial row keeps the text even when it was a legacy article. */
export async function withdrawArticleCopy(db: Database, row: ArticleRow): Promise<void> {
  if (row.doc === null) {
    const blocks = await blocksOfRow(db, row);
    await db
      .update(newsroomArticles)
      .set({ doc: docFromBlocks(blocks) })
      .where(eq(newsroomArticles.id, row.id));
  }
  const path = await readerPathOf(db, row.id);
  await db.delete(articles).where(eq(articles.id, row.id));
  // The engines learn that the page is gone (it answers 404 or 410 now) with the next ping.
  if (path) await noteChangedPaths(db, [path], new Date());
}

/** A published article's old address keeps answering (301 to the new one). */
export async function keepOldAddress(db: Database, articleId: number, oldSlug: string, now: Date): Promise<void> {
  await db
    .insert(articleSlugRedirects)
    .values({ oldSlug, articleId, createdAt: now })
    .onConflictDoUpdate({ target: articleSlugRedirects.oldSlug, set: { articleId } });
}

/** Articles from before the newsroom (the demo seed, an import) get their editorial row; ids are shared. */
export async function backfillNewsroom(db: Database): Promise<number> {
  const inserted = await db.execute(sql`
    INSERT INTO newsroom_articles (id, slug, status, version, category_id, author_id, title, subtitle, stamp,
      main_image, doc, scheduled_at, published_at, created_at, updated_at)
    SELECT a.id, a.url, 'published', 1, a.category_id, a.author_id, a.title, a.subtitle, a.stamp,
      a.main_image, NULL, NULL, a.published_at, a.published_at, a.updated_at
    FROM articles a
    WHERE NOT EXISTS (SELECT 1 FROM newsroom_articles n WHERE n.id = a.id)
    ON CONFLICT DO NOTHING`);
  await db.execute(sql`
    SELECT setval(pg_get_serial_sequence('newsroom_articles', 'id'),
      GREATEST((SELECT coalesce(max(id), 0) FROM newsroom_articles), (SELECT coalesce(max(id), 0) FROM articles), 1))`);
  return affectedRowsOf(inserted);
}

/** The article as it would be published (preview): the real page's shape, from the working copy. */
export async function previewArticle(db: Database, id: number): Promise<ArticleDetail | null> {
  const row = await findRow(db, id);
  if (!row) return null;
  const [category] = await db.select().from(categories).where(eq(categories.id, row.categoryId));
  const [author] = await db.select().from(authors).where(eq(authors.id, row.authorId));
  if (!category || !author) return null;
  const blocks = await blocksOfRow(db, row);
  // Tags and bylines hang on the editorial row: the preview shows them as the published page will.
  const [extra] = await db
    .select({ tags: publicTagsJson(newsroomArticles.id), bylines: bylinesJson(newsroomArticles.id) })
    .from(newsroomArticles)
    .where(eq(newsroomArticles.id, row.id));
  const byline = { slug: author.slug, name: author.name, role: author.role };
  return {
    ...toArticleCard({
      id: row.id,
      url: row.slug,
      title: row.title,
      subtitle: row.subtitle,
      mainImage: row.mainImage,
      stamp: row.stamp,
      publishedAt: row.publishedAt ?? row.scheduledAt ?? row.updatedAt,
      readingMinutes: readingMinutes(blocks),
      categorySlug: category.slug,
      categoryName: category.name,
    }),
    category: toCategory(category),
    author: byline,
    authors: bylinesOf(byline, extra?.bylines ?? null),
    tags: extra?.tags ?? [],
    body: blocks,
    updatedAt: row.updatedAt.toISOString(),
    ...articleSeo(row),
  };
}

/** The current slug of a published article that used to answer at `oldSlug`, or null. */
export async function findMovedSlug(db: Database, oldSlug: string): Promise<string | null> {
  const [row] = await db
    .select({ slug: newsroomArticles.slug })
    .from(articleSlugRedirects)
    .innerJoin(newsroomArticles, eq(newsroomArticles.id, articleSlugRedirects.articleId))
    .where(and(eq(articleSlugRedirects.oldSlug, oldSlug), eq(newsroomArticles.status, 'published')));
  return row?.slug ?? null;
}
