/**
 * « Direct » on the editorial workflow (decision 027): its own fields (title, intro, main image, category,
 * address), their checks, snapshot and restore; the rest follows from its declaration and its table. Live is
 * published without an end; `end` closes the coverage (a version-checked write of coverageEndAt, audited).
 * Its entries are liveBlogEntries.server.ts's.
 */
import { and, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { components } from '../../api/generated/schema';
import type { Image, LiveBlog, LiveBlogInput } from '../../api/types.ts';
import type { Database } from '../../db/client.ts';
import { categories, type NewsroomStatus, liveBlogRevisions, liveBlogs } from '../../db/schema.ts';
import { liveBlogDeclaration } from '../../formats/liveBlogFormat.ts';
import { staffName } from '../newsroom/articles/articleQueries.ts';
import { audit } from '../newsroom/audit.server.ts';
import { withLibraryImages } from '../newsroom/libraryImage.ts';
import { type NewsroomResult, refused } from '../newsroom/newsroomResult.ts';
import { cleanImage, libraryImageProblem, plainFieldProblem } from '../newsroom/plainFields.ts';
import type { StaffMember } from '../newsroom/staff.server.ts';
import { editorialAdminFields, editorialTable, type ListFilter, type RowOf, tableFormat } from '../newsroom/workflow/editorialTable.ts';
import { canPublish } from '../newsroom/workflow/editorialWorkflow.ts';
import { formatWorkflow } from '../newsroom/workflow/formatWorkflow.ts';
import { adminEntries } from './liveBlogEntries.server.ts';

type Row = RowOf<typeof liveBlogs>;
type AdminLiveBlog = components['schemas']['AdminLiveBlog'];
interface Checked {
  title: string;
  intro: string;
  mainImage: Image;
  categoryId: number;
}
const iso = (d: Date | null) => d?.toISOString() ?? null;

export const liveBlogRows = editorialTable(liveBlogs, { order: [desc(liveBlogs.createdAt), desc(liveBlogs.id)] });

async function categoryOf(db: Database, id: number) {
  const [found] = await db.select({ slug: categories.slug, name: categories.name }).from(categories).where(eq(categories.id, id));
  return found ?? { slug: 'mode', name: '' };
}

/** What readers get of a published live blog: live until it is ended. */
export const readerBlog = (row: Row, category: { slug: string; name: string }): LiveBlog => ({
  id: row.id,
  url: row.url,
  title: row.title,
  intro: row.intro,
  mainImage: row.mainImage,
  category,
  state: row.status !== 'published' ? 'draft' : row.coverageEndAt ? 'ended' : 'live',
  coverageStartAt: iso(row.publishedAt),
  coverageEndAt: iso(row.coverageEndAt),
});

export async function toAdminLiveBlog(db: Database, row: Row): Promise<AdminLiveBlog> {
  return {
    ...editorialAdminFields(row),
    url: row.url,
    title: row.title,
    intro: row.intro,
    mainImage: row.mainImage,
    category: await categoryOf(db, row.categoryId),
    coverageEndAt: iso(row.coverageEndAt),
    updatedByName: await staffName(db, row.updatedBy),
    entries: await adminEntries(db, row.id),
  };
}

export async function listAdminLiveBlogs(db: Database, filter: ListFilter & { status?: NewsroomStatus }) {
  const { total, rows } = await liveBlogRows.page(db, filter);
  const names = new Map((await db.select().from(categories)).map((c) => [c.id, c.name]));
  const results = rows.map((r) => ({
    ...editorialAdminFields(r),
    url: r.url,
    title: r.title,
    category: names.get(r.categoryId) ?? '',
    coverageEndAt: iso(r.coverageEndAt),
  }));
  return { total, results };
}

/** The live blogs being covered now (home and category lists), the most recently opened first; null for an unknown category. */
export async function liveNow(db: Database, categorySlug?: string): Promise<LiveBlog[] | null> {
  const where: SQL[] = [eq(liveBlogs.status, 'published'), isNull(liveBlogs.coverageEndAt)];
  if (categorySlug) where.push(eq(categories.slug, categorySlug));
  const rows = await db
    .select({ blog: liveBlogs, slug: categories.slug, name: categories.name })
    .from(liveBlogs)
    .innerJoin(categories, eq(categories.id, liveBlogs.categoryId))
    .where(and(...where))
    .orderBy(desc(liveBlogs.publishedAt), desc(liveBlogs.id))
    .limit(10);
  if (categorySlug && rows.length === 0 && !(await db.select().from(categories).where(eq(categories.slug, categorySlug)))[0]) return null;
  return rows.map((r) => readerBlog(r.blog, { slug: r.slug, name: r.name }));
}

async function check(db: Database, input: LiveBlogInput, current: Row | null): Promise<NewsroomResult<Checked>> {
  const title = input.title.trim();
  const intro = input.intro.trim();
  const problem =
    (title === '' ? 'Le titre est obligatoire.' : null) ??
    plainFieldProblem(title, 'Titre') ??
    plainFieldProblem(intro, 'Chapô', true) ??
    libraryImageProblem(input.mainImage, 'L’image principale');
  if (problem) return refused.bad(problem);
  const [category] = await db.select().from(categories).where(eq(categories.slug, input.categorySlug));
  if (!category) return refused.bad(`La rubrique « ${input.categorySlug} » n’existe pas.`, 'categorySlug');
  const checked = { ok: true as const, value: { title, intro, mainImage: cleanImage(input.mainImage), categoryId: category.id } };
  const image = { url: input.mainImage.url, label: 'L’image principale', field: 'mainImage' };
  return withLibraryImages(db, checked, [image], current ? [current.mainImage.url] : []);
}

export const liveBlogFormat = tableFormat({
  declaration: liveBlogDeclaration,
  rows: liveBlogRows,
  revisions: liveBlogRevisions,
  check: (db, _who, input: LiveBlogInput, current) => check(db, input, current),
  slug: { column: liveBlogs.url, of: (row) => row.url, given: (input) => input.slug, title: (_input, checked: Checked) => checked.title },
  created: (_db, _input, checked, url) => ({ url, ...checked }),
  saved: (_db, _row, _input, checked, url) => ({ url, ...checked }),
  async snapshot(db, row) {
    const category = await categoryOf(db, row.categoryId);
    return { title: row.title, slug: row.url, intro: row.intro, category: category.slug, mainImage: row.mainImage };
  },
  snapshotFields: { names: { title: 'Titre', slug: 'Adresse', intro: 'Chapô', category: 'Rubrique', mainImage: 'Image principale' } },
  async inputFromSnapshot(_db, s) {
    if (typeof s.title !== 'string' || typeof s.category !== 'string' || typeof s.mainImage !== 'object' || s.mainImage === null)
      return refused.bad('Cette révision est illisible.', 'revisionId');
    const slug = typeof s.slug === 'string' ? s.slug : undefined;
    return {
      ok: true,
      value: { title: s.title, slug, intro: String(s.intro ?? ''), categorySlug: s.category, mainImage: s.mainImage as Image },
    };
  },
  toAdmin: toAdminLiveBlog,
});

const bound = formatWorkflow(liveBlogDeclaration, liveBlogRows, liveBlogFormat, {
  purpose: 'liveBlog',
  readerCopy: async (db, row) => readerBlog(row, await categoryOf(db, row.categoryId)),
});
export const { workflow: liveBlogWorkflow, publishDue: publishDueLiveBlogs } = bound;

/** Someone saved first (409): who, when, which version. */
const conflict = async (db: Database, row: Row): Promise<NewsroomResult<never>> => {
  const now = (await liveBlogRows.find(db, row.id)) ?? row;
  return {
    ok: false,
    kind: 'conflict',
    currentVersion: now.version,
    changedBy: await staffName(db, now.updatedBy),
    changedAt: now.updatedAt,
  };
};

/** Closes a published live blog's coverage; pollers learn it from the entries' cursor, which moves too. */
export async function endLiveBlog(db: Database, who: StaffMember, id: number, version: number, now: Date): Promise<NewsroomResult<Row>> {
  const row = await liveBlogRows.find(db, id);
  if (!row) return refused.notFound;
  if (!canPublish(who, row)) return refused.forbidden;
  if (row.version !== version) return conflict(db, row);
  if (row.status !== 'published') return refused.bad('Seul un direct publié peut être terminé.');
  if (row.coverageEndAt) return refused.bad('Ce direct est déjà terminé.');
  const ended = await db.transaction(async (tx) => {
    const updated = await liveBlogRows.update(tx, who, row, { coverageEndAt: now, entriesVersion: row.entriesVersion + 1 }, now);
    if (updated) await audit(tx, who, { action: 'liveBlog.end', entity: 'liveBlog', entityId: id }, now);
    return updated;
  });
  return ended ? { ok: true, value: ended } : conflict(db, row);
}
