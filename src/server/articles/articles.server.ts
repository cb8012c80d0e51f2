/** Article queries: cards for lists (no body) and the full article. */
import { and, type AnyColumn, asc, count, desc, eq, inArray, isNotNull, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { ArticleCard, ArticleDetail, ArticlePage, Author, Stamp, Tag } from '../../api/types.ts';
import type { Database } from '../../db/client.ts';
import { articleBylines, articleTags, articles, authors, categories, tags } from '../../db/schema.ts';
import { signedBy } from '../content/authors.server.ts';
import { toCategory } from '../content/categories.server.ts';
import { afterCursor, cursorTextOf, formatListCursor, type ListCursor } from './listCursor.ts';

/** The columns of an article card (never the body), for every list and search. */
export const articleCardColumns = {
  id: articles.id,
  url: articles.url,
  title: articles.title,
  subtitle: articles.subtitle,
  mainImage: articles.mainImage,
  stamp: articles.stamp,
  publishedAt: articles.publishedAt,
  readingMinutes: articles.readingMinutes,
  categorySlug: categories.slug,
  categoryName: categories.name,
};

type CardRow = Pick<
  typeof articles.$inferSelect,
  'id' | 'url' | 'title' | 'subtitle' | 'mainImage' | 'stamp' | 'publishedAt' | 'readingMinutes'
> & { categorySlug: string; categoryName: string };

export function toArticleCard(row: CardRow): ArticleCard {
  return {
    id: row.id,
    url: row.url,
    title: row.title,
    subtitle: row.subtitle,
    mainImage: row.mainImage,
    stamp: row.stamp as Stamp | null,
    fullUrl: `/${row.categorySlug}/${row.url}`,
    categorySlug: row.categorySlug,
    categoryName: row.categoryName,
    publishedAt: row.publishedAt.toISOString(),
    readingMinutes: row.readingMinutes,
  };
}

function selectCards(db: Database, where?: SQL) {
  return db.select(articleCardColumns).from(articles).innerJoin(categories, eq(articles.categoryId, categories.id)).where(where);
}

/** Where a list's page starts: `offset` entries in, or just after a cursor (the "more" batches, issue 38). */
export interface PageRequest {
  limit: number;
  offset: number;
  after?: ListCursor;
}

/**
 * The page's cards from its ids (a subquery of at most `limit` ids): the deferred join's second half, only
 * those rows read wide, with the cursor of the next page when this one is full.
 */
async function cardPage(db: Database, pageIds: SQLWrapper, limit: number): Promise<ArticlePage> {
  const rows = await db
    .select({ ...articleCardColumns, cursorAt: cursorTextOf(articles.publishedAt) })
    .from(articles)
    .innerJoin(categories, eq(articles.categoryId, categories.id))
    .where(inArray(articles.id, pageIds))
    .orderBy(desc(articles.publishedAt), desc(articles.id));
  const last = rows.at(-1);
  return {
    results: rows.map(toArticleCard),
    ...(last && rows.length === limit ? { next: formatListCursor(last.cursorAt, last.id) } : {}),
  };
}

/**
 * A page of cards, newest first. Deferred join: the page's ids come from the recency index alone
 * (an index-only scan; after a cursor, 12 entries of it however deep), then only those 12 wide rows are read.
 */
export async function listArticlePage(db: Database, options: PageRequest & { categoryId?: number }): Promise<ArticlePage> {
  const byCategory = options.categoryId === undefined ? undefined : eq(articles.categoryId, options.categoryId);
  const pageIds = db
    .select({ id: articles.id })
    .from(articles)
    .where(and(byCategory, options.after ? afterCursor(articles.publishedAt, articles.id, options.after) : undefined))
    .orderBy(desc(articles.publishedAt), desc(articles.id))
    .limit(options.limit)
    .offset(options.after ? 0 : options.offset);
  return cardPage(db, pageIds, options.limit);
}

/** The cards of a page alone (the feeds, the first pages). */
export async function listArticles(db: Database, options: PageRequest & { categoryId?: number }): Promise<ArticleCard[]> {
  return (await listArticlePage(db, options)).results;
}

export async function listBestof(db: Database): Promise<ArticleCard[]> {
  const rows = await selectCards(db, isNotNull(articles.bestofRank)).orderBy(asc(articles.bestofRank), desc(articles.id));
  return rows.map(toArticleCard);
}

/**
 * An article's public tags in order, as one JSON array read with the article (no second round trip).
 * Internal tags never leave the database. Tags hang on the editorial row, whose id the published copy shares.
 */
export function publicTagsJson(articleId: AnyColumn | SQL) {
  return sql<
    Tag[] | null
  >`coalesce((select json_agg(json_build_object('slug', ${tags.slug}, 'name', ${tags.name}) order by ${articleTags.position}, ${tags.id})
    from ${articleTags} inner join ${tags} on ${tags.id} = ${articleTags.tagId}
    where ${articleTags.articleId} = ${articleId} and not ${tags.internal}), '[]'::json)`;
}

/** An article's bylines in order, as one JSON array (empty for articles made before imports). */
export function bylinesJson(articleId: AnyColumn | SQL) {
  return sql<
    Author[] | null
  >`coalesce((select json_agg(json_build_object('slug', ${authors.slug}, 'name', ${authors.name}, 'role', ${authors.role}) order by ${articleBylines.position}, ${articleBylines.authorId})
    from ${articleBylines} inner join ${authors} on ${authors.id} = ${articleBylines.authorId}
    where ${articleBylines.articleId} = ${articleId}), '[]'::json)`;
}

/**
 * Every author of an article: its bylines, with the article's own author (articles.author_id, the one
 * every older consumer reads) always first, so that `author` is `authors[0]` even if the two disagree.
 * No bylines (every article made before imports): that author alone.
 */
export function bylinesOf(author: Author, bylines: readonly Author[] | null): Author[] {
  return [author, ...(bylines ?? []).filter((byline) => byline.slug !== author.slug)];
}

function articleQuery(db: Database) {
  return db
    .select({
      ...articleCardColumns,
      body: articles.body,
      updatedAt: articles.updatedAt,
      category: categories,
      authorSlug: authors.slug,
      authorName: authors.name,
      authorRole: authors.role,
      seoTitle: articles.seoTitle,
      seoDescription: articles.seoDescription,
      ogImage: articles.ogImage,
      tags: publicTagsJson(articles.id),
      bylines: bylinesJson(articles.id),
    })
    .from(articles)
    .innerJoin(categories, eq(articles.categoryId, categories.id))
    .innerJoin(authors, eq(articles.authorId, authors.id))
    .where(eq(articles.url, sql.placeholder('url')))
    .limit(1)
    .prepare('piquante_article_by_url');
}

/**
 * Every uncached article page reads one: built once per database, and a named statement on PostgreSQL
 * (parsed and planned once per connection, issue 22).
 */
const articleQueries = new WeakMap<Database, ReturnType<typeof articleQuery>>();

export async function getArticle(db: Database, url: string): Promise<ArticleDetail | null> {
  let query = articleQueries.get(db);
  if (!query) {
    query = articleQuery(db);
    articleQueries.set(db, query);
  }
  const [row] = await query.execute({ url });
  if (!row) return null;
  const author = { slug: row.authorSlug, name: row.authorName, role: row.authorRole };
  return {
    ...toArticleCard(row),
    category: toCategory(row.category),
    author,
    authors: bylinesOf(author, row.bylines),
    tags: row.tags ?? [],
    body: row.body,
    updatedAt: row.updatedAt.toISOString(),
    ...articleSeo(row),
  };
}

/** The newsroom's SEO overrides, only when one is set (the contract's optional `seo`). */
export function articleSeo(row: { seoTitle: string; seoDescription: string; ogImage: string | null }): Pick<ArticleDetail, 'seo'> {
  if (!row.seoTitle && !row.seoDescription && !row.ogImage) return {};
  return { seo: { title: row.seoTitle, description: row.seoDescription, image: row.ogImage } };
}

/**
 * A page of a tag's published articles, newest first (the tag page and its 'more' batches). The ids come
 * from the tag's own recency index (`article_tags.published_at`, kept by the database's triggers, migration
 * 0037): 12 entries whatever the tag, common or rare, and however large the archive; then the deferred join.
 */
export async function listTagArticles(db: Database, tagId: number, page: PageRequest): Promise<ArticlePage> {
  const pageIds = db
    .select({ id: articleTags.articleId })
    .from(articleTags)
    .where(
      and(
        eq(articleTags.tagId, tagId),
        isNotNull(articleTags.publishedAt),
        page.after ? afterCursor(articleTags.publishedAt, articleTags.articleId, page.after) : undefined,
      ),
    )
    .orderBy(desc(articleTags.publishedAt), desc(articleTags.articleId))
    .limit(page.limit)
    .offset(page.after ? 0 : page.offset);
  return cardPage(db, pageIds, page.limit);
}

/**
 * A page of an author's published articles, newest first (their page and its 'more' batches): those they
 * sign first and those with their byline among others. Same deferred join as listArticlePage.
 */
export async function listAuthorArticles(db: Database, authorId: number, page: PageRequest): Promise<ArticlePage> {
  const pageIds = db
    .select({ id: articles.id })
    .from(articles)
    .where(and(signedBy(articles.id, authorId), page.after ? afterCursor(articles.publishedAt, articles.id, page.after) : undefined))
    .orderBy(desc(articles.publishedAt), desc(articles.id))
    .limit(page.limit)
    .offset(page.after ? 0 : page.offset);
  return cardPage(db, pageIds, page.limit);
}

export async function countArticles(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(articles);
  return row?.n ?? 0;
}
