/** Article queries: cards for lists (no body) and the full article. */
import { asc, count, desc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { ArticleCard, ArticleDetail, Stamp } from '../../api/types.ts';
import type { Database } from '../../db/client.ts';
import { articles, authors, categories } from '../../db/schema.ts';
import { toCategory } from '../content/categories.server.ts';

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

/**
 * A page of cards, newest first. Deferred join: the page's ids come from the recency index alone
 * (an index-only scan, even deep into the list), then only those 12 wide rows are read.
 */
export async function listArticles(db: Database, options: { limit: number; offset: number; categoryId?: number }): Promise<ArticleCard[]> {
  const byCategory = options.categoryId === undefined ? undefined : eq(articles.categoryId, options.categoryId);
  const pageIds = db
    .select({ id: articles.id })
    .from(articles)
    .where(byCategory)
    .orderBy(desc(articles.publishedAt), desc(articles.id))
    .limit(options.limit)
    .offset(options.offset);
  const rows = await selectCards(db, inArray(articles.id, pageIds)).orderBy(desc(articles.publishedAt), desc(articles.id));
  return rows.map(toArticleCard);
}

export async function listBestof(db: Database): Promise<ArticleCard[]> {
  const rows = await selectCards(db, isNotNull(articles.bestofRank)).orderBy(asc(articles.bestofRank), desc(articles.id));
  return rows.map(toArticleCard);
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
  return {
    ...toArticleCard(row),
    category: toCategory(row.category),
    author: { slug: row.authorSlug, name: row.authorName, role: row.authorRole },
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

export async function countArticles(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(articles);
  return row?.n ?? 0;
}
