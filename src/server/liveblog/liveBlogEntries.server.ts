/**
 * « Direct » entries (issue 33): their rules and their reads. An entry is rich text through the newsroom's
 * allow-list, with an optional library image, quotation and article card; it is published, corrected (kept,
 * marked with the time), deleted (kept as a tombstone) or pinned (one at most, the database's partial unique
 * index). Every change bumps the live blog's entriesVersion in the same transaction: readers poll with it.
 */
import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { components } from '../../api/generated/schema';
import type { AdminLiveBlogEntry, Image, LiveBlogEntry } from '../../api/types.ts';
import type { Database } from '../../db/client.ts';
import { articles, categories, type LiveBlogQuotation, liveBlogEntries, liveBlogs } from '../../db/schema.ts';
import { audit } from '../newsroom/audit.server.ts';
import { checkDocWithLibrary } from '../newsroom/bodyImages.server.ts';
import { type NewsroomResult, refused } from '../newsroom/newsroomResult.ts';
import { withLibraryImages } from '../newsroom/libraryImage.ts';
import { cleanImage, hasControl, libraryImageProblem, plainFieldProblem } from '../newsroom/plainFields.ts';
import type { StaffMember } from '../newsroom/staff.server.ts';
import { canEdit, canPublish, canRead } from '../newsroom/workflow/editorialWorkflow.ts';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type EntryRow = typeof liveBlogEntries.$inferSelect;

export const MAX_ENTRY_TEXT = 5000;
const ENDED = 'Ce direct est terminé : on n’y publie plus d’entrée.';
const MAX_QUOTATION = 600;
const MAX_SOURCE = 120;

export interface EntryInput {
  doc: unknown;
  /** An image of the media library, with its alt text. */
  image?: Image | null;
  quotation?: LiveBlogQuotation | null;
  articleSlug?: string | null;
  /** Published at once (whoever may); a contributor's entry always waits as a draft. */
  publish?: boolean;
}

/** Readers' copy of an entry: the newsroom's without its state and author. */
export const toReaderEntry = ({ status: _status, createdById: _by, ...e }: AdminLiveBlogEntry): LiveBlogEntry => ({
  ...e,
  publishedAt: e.publishedAt ?? new Date(0).toISOString(),
});

export interface EntryChange {
  entry: AdminLiveBlogEntry;
  /** Readers' pages changed (a published entry on a live or ended blog): purge /direct/{slug}. */
  publicChange: boolean;
  slug: string;
}

async function checkEntry(tx: Tx, input: EntryInput) {
  const doc = await checkDocWithLibrary(tx, input.doc);
  if (!doc.ok) return refused.bad(doc.message, 'doc');
  const text = doc.blocks.map((b) => b.text).join('\n');
  if (hasControl(text, true)) return refused.bad('Le texte de l’entrée contient des caractères de contrôle.', 'doc');
  if (text.length > MAX_ENTRY_TEXT) return refused.bad(`Le texte de l’entrée est trop long (${MAX_ENTRY_TEXT} caractères au plus).`, 'doc');

  const image = input.image ? cleanImage(input.image) : null;
  const imageProblem = input.image ? libraryImageProblem(input.image, 'L’image') : null;
  if (imageProblem) return refused.bad(imageProblem, 'image');

  let quotation: LiveBlogQuotation | null = null;
  if (input.quotation) {
    const q = { text: input.quotation.text.trim(), source: input.quotation.source.trim() };
    if (q.text === '') return refused.bad('La citation est vide.', 'quotation.text');
    if (q.text.length > MAX_QUOTATION)
      return refused.bad(`La citation est trop longue (${MAX_QUOTATION} caractères au plus).`, 'quotation.text');
    if (q.source.length > MAX_SOURCE)
      return refused.bad(`L’auteur de la citation est trop long (${MAX_SOURCE} caractères au plus).`, 'quotation.source');
    const problem = plainFieldProblem(q.text, 'Citation', true) ?? plainFieldProblem(q.source, 'Auteur de la citation');
    if (problem) return refused.bad(problem, 'quotation');
    quotation = q;
  }

  let articleId: number | null = null;
  if (input.articleSlug) {
    const [found] = await tx.select({ id: articles.id }).from(articles).where(eq(articles.url, input.articleSlug));
    if (!found) return refused.bad(`Aucun article publié à l’adresse « ${input.articleSlug.slice(0, 80)} ».`, 'articleSlug');
    articleId = found.id;
  }
  if (text.trim() === '' && !image && !quotation && articleId === null) return refused.bad('L’entrée est vide : écrivez un texte.', 'doc');
  const checked = { ok: true as const, value: { doc: doc.doc, body: doc.blocks, image, quotation, articleId } };
  // The same rule as every format's images (issue 34): the media library's, or the site's generated media.
  return withLibraryImages(tx, checked, image ? [{ url: image.url, label: 'L’image', field: 'image' }] : []);
}

async function cardsOf(db: Database | Tx, ids: number[]): Promise<Map<number, components['schemas']['LiveBlogArticleCard']>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: articles.id, title: articles.title, url: articles.url, image: articles.mainImage, category: categories.slug })
    .from(articles)
    .innerJoin(categories, eq(categories.id, articles.categoryId))
    .where(inArray(articles.id, ids));
  return new Map(rows.map((r) => [r.id, { id: r.id, title: r.title, path: `/${r.category}/${r.url}`, image: r.image }]));
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

async function viewsOf(db: Database | Tx, rows: EntryRow[]): Promise<AdminLiveBlogEntry[]> {
  const cards = await cardsOf(db, [...new Set(rows.flatMap((r) => (r.articleId === null ? [] : [r.articleId])))]);
  return rows.map((r) => ({
    id: r.id,
    status: r.status,
    publishedAt: iso(r.publishedAt),
    correctedAt: iso(r.correctedAt),
    pinned: r.pinned,
    body: r.body,
    image: r.image,
    quotation: r.quotation,
    article: r.articleId === null ? null : (cards.get(r.articleId) ?? null),
    createdById: r.createdBy,
  }));
}

/** The live blog, locked until this write commits: its entries' changes are numbered one after the other. */
async function lockBlog(tx: Tx, liveBlogId: number) {
  const [blog] = await tx.select().from(liveBlogs).where(eq(liveBlogs.id, liveBlogId)).for('update');
  return blog ?? null;
}

/** The next entriesVersion, taken only once the write is sure (a refusal leaves readers' ETag alone). */
async function bump(tx: Tx, liveBlogId: number, now: Date): Promise<number> {
  const [blog] = await tx
    .update(liveBlogs)
    .set({ entriesVersion: sql`${liveBlogs.entriesVersion} + 1`, updatedAt: now })
    .where(eq(liveBlogs.id, liveBlogId))
    .returning({ version: liveBlogs.entriesVersion });
  if (!blog) throw new Error('live blog vanished while locked');
  return blog.version;
}

export async function postEntry(
  db: Database,
  who: StaffMember,
  liveBlogId: number,
  input: EntryInput,
  now: Date,
): Promise<NewsroomResult<EntryChange>> {
  return db.transaction(async (tx) => {
    const blog = await lockBlog(tx, liveBlogId);
    if (!blog) return refused.notFound;
    if (blog.coverageEndAt) return refused.bad(ENDED);
    const checked = await checkEntry(tx, input);
    if (!checked.ok) return checked;
    const publish = input.publish !== false && canPublish(who, { createdBy: who.id });
    const [row] = await tx
      .insert(liveBlogEntries)
      .values({
        liveBlogId,
        status: publish ? 'published' : 'draft',
        ...checked.value,
        publishedAt: publish ? now : null,
        changedIn: await bump(tx, liveBlogId, now),
        createdBy: who.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error('insert returned nothing');
    await audit(tx, who, { action: 'liveBlogEntry.post', entity: 'liveBlogEntry', entityId: row.id, detail: { liveBlogId, publish } }, now);
    const [entry] = await viewsOf(tx, [row]);
    return {
      ok: true,
      value: { entry: entry as AdminLiveBlogEntry, publicChange: publish && blog.status === 'published', slug: blog.url },
    };
  });
}

type EntryAction = { kind: 'correct'; input: EntryInput } | { kind: 'delete' } | { kind: 'pin'; pinned: boolean } | { kind: 'publish' };

/** Correct, delete, pin or publish one entry of one live blog. */
export async function changeEntry(
  db: Database,
  who: StaffMember,
  liveBlogId: number,
  entryId: number,
  action: EntryAction,
  now: Date,
): Promise<NewsroomResult<EntryChange>> {
  return db.transaction(async (tx) => {
    const blog = await lockBlog(tx, liveBlogId);
    if (!blog) return refused.notFound;
    const [row] = await tx
      .select()
      .from(liveBlogEntries)
      .where(and(eq(liveBlogEntries.id, entryId), eq(liveBlogEntries.liveBlogId, liveBlogId)));
    if (!row || row.deletedAt) return refused.notFound;
    const wasPublic = row.status === 'published';
    let set: Partial<typeof liveBlogEntries.$inferInsert>;
    if (action.kind === 'correct') {
      if (!canEdit(who, row)) return refused.forbidden;
      const checked = await checkEntry(tx, action.input);
      if (!checked.ok) return checked;
      // Correcting what readers already saw is shown as such; a draft is simply rewritten.
      set = { ...checked.value, correctedAt: wasPublic ? now : null };
    } else if (action.kind === 'delete') {
      if (!canEdit(who, row)) return refused.forbidden;
      set = { deletedAt: now, pinned: false };
    } else if (action.kind === 'publish') {
      if (!canPublish(who, row)) return refused.forbidden;
      if (blog.coverageEndAt) return refused.bad(ENDED);
      set = { status: 'published', publishedAt: row.publishedAt ?? now };
    } else {
      if (!canPublish(who, { createdBy: blog.createdBy })) return refused.forbidden;
      if (action.pinned && !wasPublic) return refused.bad('Seule une entrée publiée peut être épinglée.');
      set = { pinned: action.pinned };
    }
    const version = await bump(tx, liveBlogId, now);
    if (action.kind === 'pin' && action.pinned) {
      // The previous pinned entry is unpinned first, in this transaction (the unique index keeps it one).
      await tx
        .update(liveBlogEntries)
        .set({ pinned: false, changedIn: version, updatedAt: now })
        .where(and(eq(liveBlogEntries.liveBlogId, liveBlogId), eq(liveBlogEntries.pinned, true)));
    }
    const [updated] = await tx
      .update(liveBlogEntries)
      .set({ ...set, changedIn: version, updatedAt: now })
      .where(eq(liveBlogEntries.id, row.id))
      .returning();
    if (!updated) throw new Error('update returned nothing');
    await audit(
      tx,
      who,
      { action: `liveBlogEntry.${action.kind}`, entity: 'liveBlogEntry', entityId: row.id, detail: { liveBlogId } },
      now,
    );
    const [entry] = await viewsOf(tx, [updated]);
    const isPublic = updated.status === 'published' && !updated.deletedAt;
    return {
      ok: true,
      value: { entry: entry as AdminLiveBlogEntry, publicChange: (wasPublic || isPublic) && blog.status === 'published', slug: blog.url },
    };
  });
}

/** The newsroom's view: every entry not deleted that `who` may read (a colleague's draft is theirs and the editors'), newest first. */
export async function adminEntries(db: Database, liveBlogId: number, who: StaffMember): Promise<AdminLiveBlogEntry[]> {
  const rows = await db
    .select()
    .from(liveBlogEntries)
    .where(and(eq(liveBlogEntries.liveBlogId, liveBlogId), isNull(liveBlogEntries.deletedAt)))
    .orderBy(sql`coalesce(${liveBlogEntries.publishedAt}, ${liveBlogEntries.createdAt}) desc`, desc(liveBlogEntries.id));
  return viewsOf(
    db,
    rows.filter((r) => canRead(who, r)),
  );
}

export interface ReaderLiveBlog {
  blog: typeof liveBlogs.$inferSelect & { categorySlug: string; categoryName: string };
  /** Published entries changed since the cursor (all of them without one), newest first. */
  entries: AdminLiveBlogEntry[];
  /** Entries readers may hold that are gone (deleted or back to draft) since the cursor. */
  removed: number[];
  /** The cursor to poll with next, and the ETag. */
  version: number;
}

/** A live or ended blog for readers, whole or since a cursor; null for an unknown slug or a draft. */
export async function readerLiveBlog(db: Database, slug: string, since: number | null = null): Promise<ReaderLiveBlog | null> {
  const [found] = await db
    .select({ blog: liveBlogs, categorySlug: categories.slug, categoryName: categories.name })
    .from(liveBlogs)
    .innerJoin(categories, eq(categories.id, liveBlogs.categoryId))
    .where(eq(liveBlogs.url, slug));
  if (found?.blog.status !== 'published') return null;
  const blog = { ...found.blog, categorySlug: found.categorySlug, categoryName: found.categoryName };
  if (since !== null && since >= blog.entriesVersion) return { blog, entries: [], removed: [], version: blog.entriesVersion };
  const rows = await db
    .select()
    .from(liveBlogEntries)
    .where(and(eq(liveBlogEntries.liveBlogId, blog.id), since === null ? undefined : gt(liveBlogEntries.changedIn, since)))
    .orderBy(sql`${liveBlogEntries.publishedAt} desc nulls last`, sql`${liveBlogEntries.id} desc`);
  const visible = rows.filter((r) => r.status === 'published' && !r.deletedAt);
  const removed = since === null ? [] : rows.filter((r) => r.status !== 'published' || r.deletedAt).map((r) => r.id);
  return { blog, entries: await viewsOf(db, visible), removed, version: blog.entriesVersion };
}
