/** Reading articles in the newsroom: one row, its admin shape, the filtered list. */
import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { ContentBlock, Stamp } from '../../../api/types.ts';
import type { Database } from '../../../db/client.ts';
import { articles, authors, categories, type NewsroomStatus, newsroomArticles, type RichTextNode, staff } from '../../../db/schema.ts';
import { checkDocWithLibrary } from '../bodyImages.server.ts';
import { libraryImageWidth } from '../libraryImage.ts';
import { docFromBlocks } from '../richText.ts';
import { publishWarningsOf } from './publishWarnings.ts';

export type ArticleRow = typeof newsroomArticles.$inferSelect;

export async function staffName(db: Database, id: number | null): Promise<string | null> {
  if (id === null) return null;
  const [row] = await db.select({ name: staff.name }).from(staff).where(eq(staff.id, id));
  return row?.name ?? null;
}

export async function findRow(db: Database, id: number): Promise<ArticleRow | null> {
  const [row] = await db.select().from(newsroomArticles).where(eq(newsroomArticles.id, id));
  return row ?? null;
}

/** The body readers have now (an article from before the newsroom has no editorial document yet). */
export async function publishedBlocks(db: Database, id: number): Promise<ContentBlock[]> {
  const [row] = await db.select({ body: articles.body }).from(articles).where(eq(articles.id, id));
  return row?.body ?? [];
}

export async function docOf(db: Database, row: ArticleRow): Promise<RichTextNode> {
  return row.doc ?? docFromBlocks(await publishedBlocks(db, row.id));
}

/** The blocks readers would read: the working document through the allow-list, or the published body. */
export async function blocksOfRow(db: Database, row: ArticleRow): Promise<ContentBlock[]> {
  if (row.doc === null) return publishedBlocks(db, row.id);
  const checked = await checkDocWithLibrary(db, row.doc);
  return checked.ok ? checked.blocks : [];
}

export async function toAdminArticle(db: Database, row: ArticleRow) {
  const [category] = await db.select().from(categories).where(eq(categories.id, row.categoryId));
  const [author] = await db.select().from(authors).where(eq(authors.id, row.authorId));
  return {
    id: row.id,
    slug: row.slug,
    status: row.status,
    version: row.version,
    title: row.title,
    subtitle: row.subtitle,
    categorySlug: category?.slug ?? 'inconnue',
    authorSlug: author?.slug ?? 'inconnu',
    authorName: author?.name ?? '',
    stamp: row.stamp as Stamp | null,
    mainImage: row.mainImage,
    doc: (await docOf(db, row)) as { type: 'doc'; content?: Record<string, unknown>[] },
    seoTitle: row.seoTitle,
    seoDescription: row.seoDescription,
    ogImage: row.ogImage,
    scheduledAt: row.scheduledAt?.toISOString() ?? null,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    fullUrl: `/${category?.slug ?? 'inconnue'}/${row.slug}`,
    createdById: row.createdBy,
    updatedByName: await staffName(db, row.updatedBy),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    publishWarnings: publishWarningsOf({
      imageWidth: await libraryImageWidth(db, row.mainImage.url),
      imageAlt: row.mainImage.alt ?? '',
      authorName: author?.name ?? null,
    }),
  };
}

export type AdminArticle = Awaited<ReturnType<typeof toAdminArticle>>;

/** The live source an article is a copy of (issue 35), or null for the newsroom's own. */
export async function sourceOfArticle(db: Database, id: number) {
  const [row] = await db
    .select({ kind: newsroomArticles.sourceKind, version: newsroomArticles.version, updatedAt: newsroomArticles.updatedAt })
    .from(newsroomArticles)
    .where(eq(newsroomArticles.id, id));
  return row?.kind ? { kind: row.kind, version: row.version, updatedAt: row.updatedAt } : null;
}

export async function listAdminArticles(
  db: Database,
  filter: {
    q?: string;
    status?: NewsroomStatus;
    categorySlug?: string;
    authorSlug?: string;
    /** Only what this member may read (their own items and published ones); null for editors and admins. */
    readableBy?: number | null;
    limit: number;
    offset: number;
    /** Where a source article is edited (CONTENT_SOURCE); absent: no link. */
    sourceEditUrl?: ((sourceId: string) => string | null) | undefined;
  },
) {
  const where: SQL[] = [];
  if (filter.readableBy != null) {
    const readable = or(eq(newsroomArticles.createdBy, filter.readableBy), eq(newsroomArticles.status, 'published'));
    if (readable) where.push(readable);
  }
  if (filter.q?.trim()) where.push(ilike(newsroomArticles.title, `%${filter.q.trim().replace(/[\\%_]/g, '\\$&')}%`));
  if (filter.status) where.push(eq(newsroomArticles.status, filter.status));
  if (filter.categorySlug) where.push(eq(categories.slug, filter.categorySlug));
  if (filter.authorSlug) where.push(eq(authors.slug, filter.authorSlug));
  const condition = where.length > 0 ? and(...where) : undefined;
  const rows = await db
    .select({
      id: newsroomArticles.id,
      slug: newsroomArticles.slug,
      status: newsroomArticles.status,
      version: newsroomArticles.version,
      title: newsroomArticles.title,
      categorySlug: categories.slug,
      categoryName: categories.name,
      authorName: authors.name,
      scheduledAt: newsroomArticles.scheduledAt,
      publishedAt: newsroomArticles.publishedAt,
      updatedAt: newsroomArticles.updatedAt,
      sourceKind: newsroomArticles.sourceKind,
      sourceId: newsroomArticles.sourceId,
    })
    .from(newsroomArticles)
    .innerJoin(categories, eq(categories.id, newsroomArticles.categoryId))
    .innerJoin(authors, eq(authors.id, newsroomArticles.authorId))
    .where(condition)
    .orderBy(desc(newsroomArticles.updatedAt), desc(newsroomArticles.id))
    .limit(filter.limit)
    .offset(filter.offset);
  const [total] = await db
    .select({ n: count() })
    .from(newsroomArticles)
    .innerJoin(categories, eq(categories.id, newsroomArticles.categoryId))
    .innerJoin(authors, eq(authors.id, newsroomArticles.authorId))
    .where(condition);
  return {
    total: total?.n ?? 0,
    results: rows.map(({ sourceKind, sourceId, ...r }) => {
      const editUrl = sourceKind && sourceId ? (filter.sourceEditUrl?.(sourceId) ?? null) : null;
      return {
        ...r,
        scheduledAt: r.scheduledAt?.toISOString() ?? null,
        publishedAt: r.publishedAt?.toISOString() ?? null,
        updatedAt: r.updatedAt.toISOString(),
        ...(sourceKind
          ? { source: editUrl ? { label: sourceKind === 'ghost' ? ('Ghost' as const) : ('WordPress' as const), editUrl } : null }
          : {}),
      };
    }),
  };
}
