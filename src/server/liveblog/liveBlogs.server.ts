/**
 * The live blog itself (issue 33): created as a draft, opened (`live`, coverage start) and closed (`ended`,
 * coverage end), and its views for the newsroom and for readers. Its entries are liveBlogEntries.server.ts's.
 * What another format's declaration would give (revisions, edits of the title) is left to it.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { AdminLiveBlog, AdminLiveBlogEntry, LiveBlog, LiveBlogEntry, LiveBlogInput } from '../../api/types.ts';
import type { Database } from '../../db/client.ts';
import { categories, type LiveBlogState, liveBlogs } from '../../db/schema.ts';
import { audit } from '../newsroom/audit.server.ts';
import { type NewsroomResult, refused } from '../newsroom/newsroomResult.ts';
import { withLibraryImages } from '../newsroom/libraryImage.ts';
import { cleanImage, libraryImageProblem, plainFieldProblem } from '../newsroom/plainFields.ts';
import { slugify, uniqueSlug } from '../newsroom/slugs.ts';
import type { StaffMember } from '../newsroom/staff.server.ts';
import { canPublish } from '../newsroom/workflow/editorialWorkflow.ts';
import { adminEntries, type EntryView } from './liveBlogEntries.server.ts';

type BlogRow = typeof liveBlogs.$inferSelect;
const iso = (d: Date | null) => d?.toISOString() ?? null;

export function toReaderEntry(e: EntryView): LiveBlogEntry {
  return {
    id: e.id,
    publishedAt: (e.publishedAt ?? new Date(0)).toISOString(),
    correctedAt: iso(e.correctedAt),
    pinned: e.pinned,
    body: e.body,
    image: e.image,
    quotation: e.quotation,
    article: e.article,
  };
}

export const toAdminEntry = (e: EntryView): AdminLiveBlogEntry => ({
  ...toReaderEntry(e),
  publishedAt: iso(e.publishedAt),
  status: e.status,
  createdById: e.createdById,
});

/** The blog's fields both faces share. */
export function blogFields(row: BlogRow, category: { slug: string; name: string }) {
  return {
    id: row.id,
    url: row.url,
    title: row.title,
    intro: row.intro,
    mainImage: row.mainImage,
    category,
    state: row.state,
    coverageStartAt: iso(row.coverageStartAt),
    coverageEndAt: iso(row.coverageEndAt),
  };
}

async function withCategory(db: Database, id: number) {
  const [found] = await db
    .select({ blog: liveBlogs, slug: categories.slug, name: categories.name })
    .from(liveBlogs)
    .innerJoin(categories, eq(categories.id, liveBlogs.categoryId))
    .where(eq(liveBlogs.id, id));
  return found ?? null;
}

/** The newsroom's view of one live blog with all its entries, drafts included. */
export async function adminLiveBlog(db: Database, id: number): Promise<AdminLiveBlog | null> {
  const found = await withCategory(db, id);
  if (!found) return null;
  const entries = await adminEntries(db, id);
  return {
    ...blogFields(found.blog, { slug: found.slug, name: found.name }),
    createdById: found.blog.createdBy,
    entries: entries.map(toAdminEntry),
  };
}

export async function listAdminLiveBlogs(db: Database): Promise<AdminLiveBlog[]> {
  const rows = await db
    .select({ blog: liveBlogs, slug: categories.slug, name: categories.name })
    .from(liveBlogs)
    .innerJoin(categories, eq(categories.id, liveBlogs.categoryId))
    .orderBy(desc(liveBlogs.createdAt), desc(liveBlogs.id))
    .limit(200);
  return rows.map((r) => ({ ...blogFields(r.blog, { slug: r.slug, name: r.name }), createdById: r.blog.createdBy, entries: [] }));
}

/** The live blogs being covered now (home and category lists), the most recently opened first; null for an unknown category. */
export async function liveNow(db: Database, categorySlug?: string): Promise<LiveBlog[] | null> {
  const rows = await db
    .select({ blog: liveBlogs, slug: categories.slug, name: categories.name })
    .from(liveBlogs)
    .innerJoin(categories, eq(categories.id, liveBlogs.categoryId))
    .where(and(eq(liveBlogs.state, 'live'), categorySlug ? eq(categories.slug, categorySlug) : undefined))
    .orderBy(desc(liveBlogs.coverageStartAt), desc(liveBlogs.id))
    .limit(10);
  if (categorySlug && rows.length === 0) {
    const [known] = await db.select({ id: categories.id }).from(categories).where(eq(categories.slug, categorySlug));
    if (!known) return null;
  }
  return rows.map((r) => blogFields(r.blog, { slug: r.slug, name: r.name }));
}

export async function createLiveBlog(
  db: Database,
  who: StaffMember,
  input: LiveBlogInput,
  now: Date,
): Promise<NewsroomResult<AdminLiveBlog>> {
  const title = input.title.trim();
  const intro = input.intro.trim();
  const problem =
    (title === '' ? 'Le titre est obligatoire.' : null) ??
    plainFieldProblem(title, 'Titre') ??
    plainFieldProblem(intro, 'Chapô', true) ??
    libraryImageProblem(input.mainImage, 'L’image principale');
  if (problem) return refused.bad(problem);
  // The same rule as every format's images (issue 34): the media library's, or the site's generated media.
  const image = await withLibraryImages(db, { ok: true, value: null }, [
    { url: input.mainImage.url, label: 'L’image principale', field: 'mainImage' },
  ]);
  if (!image.ok) return image;
  const [category] = await db.select().from(categories).where(eq(categories.slug, input.categorySlug));
  if (!category) return refused.bad(`La rubrique « ${input.categorySlug} » n’existe pas.`, 'categorySlug');
  const taken = async (slug: string) => (await db.select({ id: liveBlogs.id }).from(liveBlogs).where(eq(liveBlogs.url, slug))).length > 0;
  if (input.slug && (await taken(input.slug))) return refused.taken(`L’adresse « ${input.slug} » est déjà prise par un autre direct.`);
  const url = input.slug ?? (await uniqueSlug(slugify(title) || 'direct', taken));
  // The blog and its audit line in one transaction: a failed audit leaves no blog.
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(liveBlogs)
      .values({
        url,
        title,
        intro,
        mainImage: cleanImage(input.mainImage),
        categoryId: category.id,
        createdBy: who.id,
        updatedBy: who.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!inserted) throw new Error('insert returned nothing');
    await audit(tx, who, { action: 'liveBlog.create', entity: 'liveBlog', entityId: inserted.id, detail: { slug: url } }, now);
    return inserted;
  });
  return { ok: true, value: (await adminLiveBlog(db, row.id)) as AdminLiveBlog };
}

/** Opens or closes the coverage; readers' pages change either way. */
export async function changeLiveBlogState(
  db: Database,
  who: StaffMember,
  id: number,
  state: Exclude<LiveBlogState, 'draft'>,
  now: Date,
): Promise<NewsroomResult<AdminLiveBlog>> {
  const [row] = await db.select().from(liveBlogs).where(eq(liveBlogs.id, id));
  if (!row) return refused.notFound;
  if (!canPublish(who, row)) return refused.forbidden;
  if (row.state === state) return refused.bad(state === 'live' ? 'Ce direct est déjà en cours.' : 'Ce direct est déjà terminé.');
  if (row.state === 'ended') return refused.bad('Un direct terminé ne peut pas reprendre : créez-en un autre.');
  const changed = await db.transaction(async (tx) => {
    // Version-checked: two editors opening or ending the same blog at once, one wins.
    const rows = await tx
      .update(liveBlogs)
      .set({
        state,
        version: row.version + 1,
        // The entries' cursor moves too: pollers learn of the new state (and an ended blog stops them).
        entriesVersion: row.entriesVersion + 1,
        ...(state === 'live' ? { coverageStartAt: now } : { coverageEndAt: now }),
        updatedBy: who.id,
        updatedAt: now,
      })
      .where(and(eq(liveBlogs.id, id), eq(liveBlogs.version, row.version)))
      .returning({ id: liveBlogs.id });
    if (rows.length === 0) return false;
    await audit(tx, who, { action: `liveBlog.${state}`, entity: 'liveBlog', entityId: id }, now);
    return true;
  });
  if (!changed) return refused.bad('Ce direct vient d’être modifié par quelqu’un d’autre : rechargez la page.');
  return { ok: true, value: (await adminLiveBlog(db, id)) as AdminLiveBlog };
}
