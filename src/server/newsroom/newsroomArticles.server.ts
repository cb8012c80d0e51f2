/**
 * The editorial side of articles (decision 011). newsroom_articles holds every article in every state;
 * `articles` (what readers, search, the sitemap and RSS read) holds the published ones, under the same id:
 * publishing writes that row, unpublishing deletes it. Every save is a new version and a revision; a save
 * of an outdated version changes nothing and says who saved since.
 */
import { and, asc, count, desc, eq, ilike, lte, type SQL, sql } from 'drizzle-orm';
import { appConfig } from '../../../app.config.ts';
import type { ArticleDetail, ContentBlock, Image, Stamp } from '../../api/types.ts';
import type { Database } from '../../db/client.ts';
import {
  articleRevisions,
  articleSlugRedirects,
  articles,
  authors,
  categories,
  type NewsroomStatus,
  newsroomArticles,
  type RichTextNode,
  staff,
} from '../../db/schema.ts';
import { articleSeo, toArticleCard } from '../articles/articles.server.ts';
import { toCategory } from '../content/categories.server.ts';
import { audit } from './audit.server.ts';
import { checkDocWithLibrary } from './bodyImages.server.ts';
import { docFromBlocks, plainParagraphs, readingMinutes } from './richText.ts';
import { type NewsroomResult, refused } from './newsroomResult.ts';
import { previewToken } from './previewTokens.ts';
import { slugify, uniqueSlug } from './slugs.ts';
import type { StaffMember } from './staff.server.ts';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Db = Database | Tx;
type Row = typeof newsroomArticles.$inferSelect;

export interface ArticleInput {
  title: string;
  subtitle: string;
  slug?: string;
  categorySlug: string;
  authorSlug?: string;
  stamp?: Stamp | null;
  mainImage: Image;
  doc: unknown;
  seoTitle?: string;
  seoDescription?: string;
  ogImage?: string | null;
}

export type WriteResult<T> = NewsroomResult<T>;
const bad = refused.bad;

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
  const affected = (inserted as unknown as { rowCount?: number; affectedRows?: number });
  return affected.rowCount ?? affected.affectedRows ?? 0;
}

async function staffName(db: Db, id: number | null): Promise<string | null> {
  if (id === null) return null;
  const [row] = await db.select({ name: staff.name }).from(staff).where(eq(staff.id, id));
  return row?.name ?? null;
}

async function publishedBlocks(db: Db, id: number): Promise<ContentBlock[]> {
  const [row] = await db.select({ body: articles.body }).from(articles).where(eq(articles.id, id));
  return row?.body ?? [];
}

async function docOf(db: Db, row: Row): Promise<RichTextNode> {
  return row.doc ?? docFromBlocks(await publishedBlocks(db, row.id));
}

export async function findRow(db: Db, id: number): Promise<Row | null> {
  const [row] = await db.select().from(newsroomArticles).where(eq(newsroomArticles.id, id));
  return row ?? null;
}

export async function toAdminArticle(db: Db, row: Row) {
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
  };
}

export type AdminArticle = Awaited<ReturnType<typeof toAdminArticle>>;

export async function listAdminArticles(
  db: Database,
  filter: { q?: string; status?: NewsroomStatus; categorySlug?: string; authorSlug?: string; limit: number; offset: number },
) {
  const where: SQL[] = [];
  if (filter.q?.trim()) where.push(ilike(newsroomArticles.title, `%${filter.q.trim().replace(/[\\%_]/g, '\\$&')}%`));
  if (filter.status) where.push(eq(newsroomArticles.status, filter.status));
  if (filter.categorySlug) where.push(eq(categories.slug, filter.categorySlug));
  if (filter.authorSlug) where.push(eq(authors.slug, filter.authorSlug));
  const condition = where.length > 0 ? and(...where) : undefined;
  const base = () =>
    db
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
      })
      .from(newsroomArticles)
      .innerJoin(categories, eq(categories.id, newsroomArticles.categoryId))
      .innerJoin(authors, eq(authors.id, newsroomArticles.authorId));
  const rows = await base()
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
    results: rows.map((r) => ({
      ...r,
      scheduledAt: r.scheduledAt?.toISOString() ?? null,
      publishedAt: r.publishedAt?.toISOString() ?? null,
      updatedAt: r.updatedAt.toISOString(),
    })),
  };
}

/** Who may write what (issue 15): contributors their own unpublished drafts, authors their own, editors all. */
export function canEdit(member: StaffMember, row: Pick<Row, 'createdBy' | 'status'>): boolean {
  if (member.role === 'editor' || member.role === 'admin') return true;
  if (row.createdBy !== member.id) return false;
  if (member.role === 'author') return true;
  return row.status === 'draft' || row.status === 'unpublished';
}

export function canPublish(member: StaffMember, row: Pick<Row, 'createdBy'>): boolean {
  if (member.role === 'editor' || member.role === 'admin') return true;
  return member.role === 'author' && row.createdBy === member.id;
}

interface Resolved {
  categoryId: number;
  authorId: number;
  doc: RichTextNode;
  blocks: ContentBlock[];
}

/** The columns a save writes from the editor's input, the same for a new article and an update. */
function editedFields(input: ArticleInput, resolved: Resolved) {
  return {
    categoryId: resolved.categoryId,
    authorId: resolved.authorId,
    title: input.title.trim(),
    subtitle: input.subtitle.trim(),
    stamp: input.stamp ?? null,
    mainImage: input.mainImage,
    doc: resolved.doc,
  };
}

async function resolveInput(db: Db, member: StaffMember, input: ArticleInput, currentAuthorId?: number): Promise<WriteResult<Resolved>> {
  const checked = await checkDocWithLibrary(db, input.doc);
  if (!checked.ok) return bad(checked.message, 'doc');
  if (input.title.trim() === '') return bad('Le titre est obligatoire.', 'title');
  if (input.mainImage.alt.trim() === '') return bad("Le texte alternatif de l'image principale est obligatoire.", 'mainImage.alt');
  // A focal point is a position: half of one means nothing to a crop.
  if ((input.mainImage.focalX === undefined) !== (input.mainImage.focalY === undefined)) {
    return bad("Le point focal de l'image principale a besoin de ses deux coordonnées.", 'mainImage.focalX');
  }
  const [category] = await db.select({ id: categories.id }).from(categories).where(eq(categories.slug, input.categorySlug));
  if (!category) return bad("Cette rubrique n'existe pas.", 'categorySlug');
  let authorId = currentAuthorId ?? member.authorId ?? null;
  if (input.authorSlug) {
    const [author] = await db.select({ id: authors.id }).from(authors).where(eq(authors.slug, input.authorSlug));
    if (!author) return bad("Cette signature n'existe pas.", 'authorSlug');
    authorId = author.id;
  }
  if (authorId === null) {
    const [first] = await db.select({ id: authors.id }).from(authors).orderBy(asc(authors.id)).limit(1);
    if (!first) return bad('Aucune signature disponible : créez un compte de la rédaction avec un nom.', 'authorSlug');
    authorId = first.id;
  }
  return { ok: true, value: { categoryId: category.id, authorId, doc: checked.doc, blocks: checked.blocks } };
}

const slugTaken = (db: Db, exceptId: number | null) => async (slug: string) => {
  const rows = await db.select({ id: newsroomArticles.id }).from(newsroomArticles).where(eq(newsroomArticles.slug, slug));
  return rows.some((r) => r.id !== exceptId);
};

function snapshotOf(row: Row, doc: RichTextNode, blocks: ContentBlock[]): Record<string, unknown> {
  return {
    title: row.title,
    subtitle: row.subtitle,
    slug: row.slug,
    categoryId: row.categoryId,
    authorId: row.authorId,
    stamp: row.stamp,
    mainImage: row.mainImage,
    doc,
    text: plainParagraphs(blocks),
    seoTitle: row.seoTitle,
    seoDescription: row.seoDescription,
    ogImage: row.ogImage,
  };
}

async function saveRevision(db: Db, row: Row, doc: RichTextNode, blocks: ContentBlock[], who: StaffMember, at: Date): Promise<number> {
  const [revision] = await db
    .insert(articleRevisions)
    .values({ articleId: row.id, version: row.version, snapshot: snapshotOf(row, doc, blocks), staffId: who.id, createdAt: at })
    .onConflictDoNothing()
    .returning({ id: articleRevisions.id });
  return revision?.id ?? 0;
}

/** Writes (or refreshes) the reader's copy of a published article. */
async function project(db: Db, row: Row, blocks: ContentBlock[], now: Date): Promise<void> {
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
  await db
    .insert(articles)
    .values({ id: row.id, ...values })
    .onConflictDoUpdate({ target: articles.id, set: values });
  // A new article taking an old address: the article wins over the redirect.
  await db.delete(articleSlugRedirects).where(eq(articleSlugRedirects.oldSlug, row.slug));
}

async function blocksOfRow(db: Db, row: Row): Promise<ContentBlock[]> {
  if (row.doc === null) return publishedBlocks(db, row.id);
  const checked = await checkDocWithLibrary(db, row.doc);
  return checked.ok ? checked.blocks : [];
}

export async function createArticle(db: Database, who: StaffMember, input: ArticleInput, now: Date): Promise<WriteResult<AdminArticle>> {
  return db.transaction(async (tx) => {
    const resolved = await resolveInput(tx, who, input);
    if (!resolved.ok) return resolved;
    let slug: string;
    if (input.slug) {
      if (await slugTaken(tx, null)(input.slug)) return { ok: false, kind: 'taken', message: `L'adresse « ${input.slug} » est déjà prise par un autre article.` };
      slug = input.slug;
    } else {
      slug = await uniqueSlug(slugify(input.title), slugTaken(tx, null));
    }
    const [row] = await tx
      .insert(newsroomArticles)
      .values({
        slug,
        status: 'draft',
        version: 1,
        ...editedFields(input, resolved.value),
        seoTitle: input.seoTitle ?? '',
        seoDescription: input.seoDescription ?? '',
        ogImage: input.ogImage ?? null,
        createdBy: who.id,
        updatedBy: who.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error('insert returned nothing');
    const revisionId = await saveRevision(tx, row, resolved.value.doc, resolved.value.blocks, who, now);
    await audit(tx, who, { action: 'article.create', entity: 'article', entityId: row.id, detail: { slug, afterRevision: revisionId } }, now);
    return { ok: true, value: await toAdminArticle(tx, row) };
  });
}

async function conflictOf(db: Db, id: number): Promise<WriteResult<never>> {
  const current = await findRow(db, id);
  if (!current) return { ok: false, kind: 'notFound' };
  return { ok: false, kind: 'conflict', currentVersion: current.version, changedBy: await staffName(db, current.updatedBy), changedAt: current.updatedAt };
}

export interface UpdateOutcome {
  article: AdminArticle;
  /** What readers see changed (published article saved, slug moved): pages must be purged. */
  publicChange: boolean;
}

export async function updateArticle(
  db: Database,
  who: StaffMember,
  id: number,
  input: ArticleInput & { version: number },
  now: Date,
): Promise<WriteResult<UpdateOutcome>> {
  return db.transaction(async (tx) => {
    const row = await findRow(tx, id);
    if (!row) return { ok: false, kind: 'notFound' } as const;
    if (!canEdit(who, row)) return { ok: false, kind: 'forbidden' } as const;
    if (row.version !== input.version) return conflictOf(tx, id);
    const resolved = await resolveInput(tx, who, input, row.authorId);
    if (!resolved.ok) return resolved;
    const slug = input.slug ?? row.slug;
    if (slug !== row.slug && (await slugTaken(tx, id)(slug))) {
      return { ok: false, kind: 'taken', message: `L'adresse « ${slug} » est déjà prise par un autre article.` } as const;
    }
    const [updated] = await tx
      .update(newsroomArticles)
      .set({
        slug,
        version: row.version + 1,
        ...editedFields(input, resolved.value),
        seoTitle: input.seoTitle ?? row.seoTitle,
        seoDescription: input.seoDescription ?? row.seoDescription,
        ogImage: input.ogImage === undefined ? row.ogImage : input.ogImage,
        updatedBy: who.id,
        updatedAt: now,
      })
      // The version in the WHERE clause: two saves racing on the same version, one wins.
      .where(and(eq(newsroomArticles.id, id), eq(newsroomArticles.version, input.version)))
      .returning();
    if (!updated) return conflictOf(tx, id);
    const revisionId = await saveRevision(tx, updated, resolved.value.doc, resolved.value.blocks, who, now);
    const published = updated.status === 'published';
    if (published) {
      if (slug !== row.slug) {
        await tx.insert(articleSlugRedirects).values({ oldSlug: row.slug, articleId: id, createdAt: now }).onConflictDoUpdate({ target: articleSlugRedirects.oldSlug, set: { articleId: id } });
      }
      await project(tx, updated, resolved.value.blocks, now);
    }
    await audit(
      tx,
      who,
      {
        action: slug !== row.slug ? 'article.update.slug' : 'article.update',
        entity: 'article',
        entityId: id,
        detail: { version: updated.version, afterRevision: revisionId, ...(slug !== row.slug ? { fromSlug: row.slug, toSlug: slug } : {}) },
      },
      now,
    );
    return { ok: true, value: { article: await toAdminArticle(tx, updated), publicChange: published } } as const;
  });
}

export type StatusAction = 'schedule' | 'publish' | 'unpublish' | 'draft';

const allowed: Record<StatusAction, readonly NewsroomStatus[]> = {
  schedule: ['draft', 'unpublished', 'scheduled'],
  publish: ['draft', 'scheduled', 'unpublished'],
  unpublish: ['published'],
  draft: ['scheduled', 'unpublished'],
};

const statusNames: Record<NewsroomStatus, string> = {
  draft: 'un brouillon',
  scheduled: 'programmé',
  published: 'publié',
  unpublished: 'dépublié',
};

export async function changeStatus(
  db: Database,
  who: StaffMember,
  id: number,
  change: { action: StatusAction; version: number; scheduledAt?: string },
  now: Date,
): Promise<WriteResult<UpdateOutcome>> {
  return db.transaction(async (tx) => {
    const row = await findRow(tx, id);
    if (!row) return { ok: false, kind: 'notFound' } as const;
    const mayChange = change.action === 'draft' ? canEdit(who, row) : canPublish(who, row);
    if (!mayChange) return { ok: false, kind: 'forbidden' } as const;
    if (row.version !== change.version) return conflictOf(tx, id);
    if (!allowed[change.action].includes(row.status)) {
      return bad(`Cet article est ${statusNames[row.status]} : cette action ne s'applique pas.`, 'action');
    }
    let scheduledAt: Date | null = null;
    if (change.action === 'schedule') {
      if (!change.scheduledAt) return bad('Indiquez la date et l’heure de publication.', 'scheduledAt');
      scheduledAt = new Date(change.scheduledAt);
      if (Number.isNaN(scheduledAt.getTime()) || scheduledAt.getTime() <= now.getTime()) {
        return bad('La date de publication programmée doit être dans le futur.', 'scheduledAt');
      }
    }
    const status: NewsroomStatus =
      change.action === 'schedule' ? 'scheduled' : change.action === 'publish' ? 'published' : change.action === 'unpublish' ? 'unpublished' : 'draft';
    const [updated] = await tx
      .update(newsroomArticles)
      .set({
        status,
        version: row.version + 1,
        scheduledAt,
        publishedAt: status === 'published' ? (row.publishedAt ?? now) : row.publishedAt,
        updatedBy: who.id,
        updatedAt: now,
      })
      .where(and(eq(newsroomArticles.id, id), eq(newsroomArticles.version, change.version)))
      .returning();
    if (!updated) return conflictOf(tx, id);
    const blocks = await blocksOfRow(tx, row);
    if (status === 'published') {
      // Publishing for the first time dates the article now; a re-publication keeps its first date.
      await project(tx, updated, blocks, now);
    } else if (row.status === 'published') {
      // Leaving the reader's side: the editorial row keeps the text even when it was a legacy article.
      if (row.doc === null) await tx.update(newsroomArticles).set({ doc: docFromBlocks(blocks) }).where(eq(newsroomArticles.id, id));
      await tx.delete(articles).where(eq(articles.id, id));
    }
    await audit(
      tx,
      who,
      { action: `article.${change.action}`, entity: 'article', entityId: id, detail: { from: row.status, to: status, version: updated.version, ...(scheduledAt ? { scheduledAt: scheduledAt.toISOString() } : {}) } },
      now,
    );
    const fresh = (await findRow(tx, id)) ?? updated;
    return { ok: true, value: { article: await toAdminArticle(tx, fresh), publicChange: status === 'published' || row.status === 'published' } } as const;
  });
}

/** The scheduler's pass: publishes every scheduled article whose time has come. Answers their ids. */
export async function publishDue(db: Database, now: Date): Promise<number[]> {
  const due = await db
    .select()
    .from(newsroomArticles)
    .where(and(eq(newsroomArticles.status, 'scheduled'), lte(newsroomArticles.scheduledAt, now)))
    .orderBy(asc(newsroomArticles.scheduledAt));
  const published: number[] = [];
  for (const row of due) {
    const done = await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(newsroomArticles)
        .set({ status: 'published', version: row.version + 1, publishedAt: row.scheduledAt ?? now, scheduledAt: null, updatedAt: now })
        .where(and(eq(newsroomArticles.id, row.id), eq(newsroomArticles.version, row.version), eq(newsroomArticles.status, 'scheduled')))
        .returning();
      if (!updated) return false; // Someone changed it meanwhile: their state stands.
      await project(tx, updated, await blocksOfRow(tx, row), now);
      await audit(tx, null, { action: 'article.publish.scheduled', entity: 'article', entityId: row.id, detail: { version: updated.version } }, now);
      return true;
    });
    if (done) published.push(row.id);
  }
  return published;
}

const fieldNames: Record<string, string> = {
  title: 'Titre',
  subtitle: 'Chapô',
  slug: 'Adresse',
  stamp: 'Tampon',
  seoTitle: 'Titre SEO',
  seoDescription: 'Description SEO',
  ogImage: 'Image de partage',
  categoryId: 'Rubrique',
  authorId: 'Signature',
};

function show(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** "30 % × 60 %" (from the left, from the top), or '' without a focal point. */
function focalLabel(image: Image | undefined): string {
  if (image?.focalX === undefined || image.focalY === undefined) return '';
  return `${Math.round(image.focalX * 100)} % × ${Math.round(image.focalY * 100)} %`;
}

/** Readable differences between two snapshots: fields, then the text paragraph by paragraph. */
export function diffSnapshots(before: Record<string, unknown> | null, after: Record<string, unknown>) {
  const changes: { field: string; before: string; after: string }[] = [];
  for (const [key, name] of Object.entries(fieldNames)) {
    const a = show(before?.[key]);
    const b = show(after[key]);
    if (a !== b) changes.push({ field: name, before: a, after: b });
  }
  const altBefore = show((before?.mainImage as Image | undefined)?.alt);
  const altAfter = show((after.mainImage as Image | undefined)?.alt);
  if (altBefore !== altAfter) changes.push({ field: "Texte alternatif de l'image", before: altBefore, after: altAfter });
  const focalBefore = focalLabel(before?.mainImage as Image | undefined);
  const focalAfter = focalLabel(after.mainImage as Image | undefined);
  if (focalBefore !== focalAfter) changes.push({ field: "Point focal de l'image", before: focalBefore, after: focalAfter });
  const textBefore = (before?.text as string[] | undefined) ?? [];
  const textAfter = (after.text as string[] | undefined) ?? [];
  const longest = Math.max(textBefore.length, textAfter.length);
  for (let i = 0; i < longest; i++) {
    const a = textBefore[i] ?? '';
    const b = textAfter[i] ?? '';
    if (a !== b) changes.push({ field: `Texte, paragraphe ${i + 1}`, before: a, after: b });
  }
  return changes;
}

export async function listRevisions(db: Database, id: number) {
  const rows = await db
    .select({ revision: articleRevisions, staffName: staff.name })
    .from(articleRevisions)
    .leftJoin(staff, eq(staff.id, articleRevisions.staffId))
    .where(eq(articleRevisions.articleId, id))
    .orderBy(asc(articleRevisions.version));
  const out = rows.map((r, i) => ({
    id: r.revision.id,
    version: r.revision.version,
    createdAt: r.revision.createdAt.toISOString(),
    staffName: r.staffName,
    title: String(r.revision.snapshot.title ?? ''),
    changes: diffSnapshots(i > 0 ? (rows[i - 1]?.revision.snapshot ?? null) : null, r.revision.snapshot),
  }));
  return out.reverse();
}

export async function restoreRevision(
  db: Database,
  who: StaffMember,
  id: number,
  revisionId: number,
  version: number,
  now: Date,
): Promise<WriteResult<UpdateOutcome>> {
  const [revision] = await db
    .select()
    .from(articleRevisions)
    .where(and(eq(articleRevisions.id, revisionId), eq(articleRevisions.articleId, id)));
  if (!revision) return { ok: false, kind: 'notFound' };
  const s = revision.snapshot;
  const [category] = await db.select({ slug: categories.slug }).from(categories).where(eq(categories.id, Number(s.categoryId)));
  const [author] = await db.select({ slug: authors.slug }).from(authors).where(eq(authors.id, Number(s.authorId)));
  if (!category || !author) return bad("La rubrique ou la signature de cette révision n'existe plus.", 'revisionId');
  const result = await updateArticle(
    db,
    who,
    id,
    {
      version,
      title: String(s.title),
      subtitle: String(s.subtitle),
      slug: String(s.slug),
      categorySlug: category.slug,
      authorSlug: author.slug,
      stamp: (s.stamp as Stamp | null) ?? null,
      mainImage: s.mainImage as Image,
      doc: s.doc,
      seoTitle: String(s.seoTitle ?? ''),
      seoDescription: String(s.seoDescription ?? ''),
      ogImage: (s.ogImage as string | null) ?? null,
    },
    now,
  );
  if (result.ok) {
    await audit(db, who, { action: 'article.restore', entity: 'article', entityId: id, detail: { fromRevision: revisionId, version: result.value.article.version } }, now);
  }
  return result;
}

/** The article as it would be published (preview): the real page's shape, from the working copy. */
export async function previewArticle(db: Database, id: number): Promise<ArticleDetail | null> {
  const row = await findRow(db, id);
  if (!row) return null;
  const [category] = await db.select().from(categories).where(eq(categories.id, row.categoryId));
  const [author] = await db.select().from(authors).where(eq(authors.id, row.authorId));
  if (!category || !author) return null;
  const blocks = await blocksOfRow(db, row);
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
    author: { slug: author.slug, name: author.name, role: author.role },
    body: blocks,
    updatedAt: row.updatedAt.toISOString(),
    ...articleSeo(row),
  };
}

/**
 * A signed, expiring link to the article as it would be published. Whoever may edit the article may show
 * it; a contributor cannot share a colleague's draft.
 */
export async function issuePreviewLink(
  db: Database,
  who: StaffMember,
  id: number,
  secret: string,
  now: Date,
): Promise<WriteResult<{ url: string; expiresAt: string }>> {
  const row = await findRow(db, id);
  if (!row) return refused.notFound;
  if (!canEdit(who, row) && row.status !== 'published') return refused.forbidden;
  const expiresAt = new Date(now.getTime() + appConfig.newsroom.previewLinkMinutes * 60_000);
  const token = previewToken(secret, row.id, expiresAt);
  await audit(db, who, { action: 'article.preview-link', entity: 'article', entityId: row.id, detail: { expiresAt: expiresAt.toISOString() } }, now);
  return { ok: true, value: { url: `/apercu/${token}`, expiresAt: expiresAt.toISOString() } };
}

/** A scheduler pass asked for by a member (the newsroom's button, or a test moving the clock): audited. */
export async function runScheduler(db: Database, who: StaffMember, now: Date, advanceSeconds: number): Promise<number[]> {
  const published = await publishDue(db, now);
  await audit(db, who, { action: 'scheduler.run', entity: 'scheduler', detail: { published, advanceSeconds } }, now);
  return published;
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

export async function articleIdsOfCategory(db: Database, categoryId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(newsroomArticles).where(eq(newsroomArticles.categoryId, categoryId));
  return row?.n ?? 0;
}

