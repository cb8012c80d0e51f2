/**
 * « Direct » (issue 33), its server side, on the shared workflow (decision 027): its own fields and their checks,
 * snapshot and restore, its end (live is published without an end); its entries' own fields (rich text through
 * the newsroom's allow-list, a library image, a quotation, an article card) on the shared child items; readers'
 * reads (the « En direct » list, the page polled by cursor: short shared cache, ETag by the answer layer).
 */
import { and, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { components } from '../../api/generated/schema';
import * as contract from '../../api/generated/zod.ts';
import type { AdminLiveBlogEntry, Image, LiveBlog, LiveBlogEntry, LiveBlogEntryInput, LiveBlogInput } from '../../api/types.ts';
import type { Database } from '../../db/client.ts';
import { articles, categories, type LiveBlogQuotation, liveBlogEntries, liveBlogRevisions, liveBlogs } from '../../db/schema.ts';
import { liveBlogDeclaration } from '../../formats/liveBlogFormat.ts';
import type { ApiHandlerTable } from '../http/apiTypes.ts';
import { parseParams, queryRecord } from '../http/parseParams.ts';
import { errorJson } from '../http/responses.ts';
import { findCategory } from '../content/categories.server.ts';
import { processContentDataCache } from '../content/contentDataCache.ts';
import { staffName } from '../newsroom/articles/articleQueries.ts';
import { audit } from '../newsroom/audit.server.ts';
import { checkDocWithLibrary } from '../newsroom/bodyImages.server.ts';
import { childItemHandlers } from '../newsroom/http/childItemHandlers.ts';
import { editorialHandlers } from '../newsroom/http/editorialHandlers.ts';
import { answer, type NewsroomDeps, noStore, publicWrite, readBody, staffOnly, whenDone } from '../newsroom/http/newsroomHttp.ts';
import { withLibraryImages } from '../newsroom/libraryImage.ts';
import { type NewsroomResult, refused } from '../newsroom/newsroomResult.ts';
import { cleanImage, hasControl, libraryImageProblem, plainFieldProblem } from '../newsroom/plainFields.ts';
import type { StaffMember } from '../newsroom/staff.server.ts';
import { editorialAdminFields, editorialTable, type RowOf, tableFormat } from '../newsroom/workflow/editorialTable.ts';
import { childItems, type Tx } from '../newsroom/workflow/childItems.ts';
import { canPublish, conflictOf } from '../newsroom/workflow/editorialWorkflow.ts';
import { formatWorkflow } from '../newsroom/workflow/formatWorkflow.ts';

type Row = RowOf<typeof liveBlogs>;
type Checked = Omit<LiveBlogInput, 'slug' | 'categorySlug'> & { categoryId: number };
const iso = (d: Date | null) => d?.toISOString() ?? null;

const rows = editorialTable(liveBlogs, { order: [desc(liveBlogs.createdAt), desc(liveBlogs.id)] });

async function categoryOf(db: Database, id: number) {
  const [found] = await db.select({ slug: categories.slug, name: categories.name }).from(categories).where(eq(categories.id, id));
  return found ?? { slug: 'mode', name: '' };
}

/** What readers get of a published live blog: live until it is ended. */
const readerBlog = (row: Row, category: { slug: string; name: string }): LiveBlog => ({
  ...{ id: row.id, url: row.url, title: row.title, intro: row.intro, mainImage: row.mainImage, category },
  state: row.status !== 'published' ? 'draft' : row.coverageEndAt ? 'ended' : 'live',
  coverageStartAt: iso(row.publishedAt),
  coverageEndAt: iso(row.coverageEndAt),
});

const toAdmin = async (db: Database, row: Row, who: StaffMember): Promise<components['schemas']['AdminLiveBlog']> => ({
  ...editorialAdminFields(row),
  ...{ url: row.url, title: row.title, intro: row.intro, mainImage: row.mainImage, coverageEndAt: iso(row.coverageEndAt) },
  category: await categoryOf(db, row.categoryId),
  updatedByName: await staffName(db, row.updatedBy),
  entries: await adminEntries(db, row.id, who),
});

/**
 * The live blogs being covered now (home and category lists), the most recently opened first; null for an unknown
 * category. Kept in process between content changes like the lists beside them (contentDataCache.ts): the list
 * changes only by an editorial write or the scheduler, which both announce it; an entry does not change it.
 * Keyed by the category's id once found, never by the reader's input.
 */
export async function liveNow(db: Database, categorySlug?: string): Promise<LiveBlog[] | null> {
  if (categorySlug === undefined) return processContentDataCache().remember(db, 'live-now:all', () => readLiveNow(db));
  const category = await findCategory(db, categorySlug);
  if (!category) return null;
  return processContentDataCache().remember(db, `live-now:${category.id}`, () => readLiveNow(db, category.id));
}

async function readLiveNow(db: Database, categoryId?: number): Promise<LiveBlog[]> {
  const where: SQL[] = [eq(liveBlogs.status, 'published'), isNull(liveBlogs.coverageEndAt)];
  if (categoryId !== undefined) where.push(eq(liveBlogs.categoryId, categoryId));
  const found = await db
    .select({ blog: liveBlogs, slug: categories.slug, name: categories.name })
    .from(liveBlogs)
    .innerJoin(categories, eq(categories.id, liveBlogs.categoryId))
    .where(and(...where))
    .orderBy(desc(liveBlogs.publishedAt), desc(liveBlogs.id))
    .limit(10);
  return found.map((r) => readerBlog(r.blog, { slug: r.slug, name: r.name }));
}

async function check(db: Database, input: LiveBlogInput, current: Row | null): Promise<NewsroomResult<Checked>> {
  const [title, intro] = [input.title.trim(), input.intro.trim()];
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

const liveBlogFormat = tableFormat({
  declaration: liveBlogDeclaration,
  rows,
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
  toAdmin,
});

const bound = formatWorkflow(liveBlogDeclaration, rows, liveBlogFormat, {
  purpose: 'liveBlog',
  readerCopy: async (db, row) => readerBlog(row, await categoryOf(db, row.categoryId)),
  // The list names each live blog's category, read once for the page.
  async list(db, filter) {
    const { total, rows: found } = await rows.page(db, filter);
    const names = new Map((await db.select().from(categories)).map((c) => [c.id, c.name]));
    const results = found.map((r) => ({
      ...editorialAdminFields(r),
      ...{ url: r.url, title: r.title, category: names.get(r.categoryId) ?? '', coverageEndAt: iso(r.coverageEndAt) },
    }));
    return { total, results };
  },
});
export const { workflow: liveBlogWorkflow, publishDue: publishDueLiveBlogs, module: liveBlogModule } = bound;

/** Closes a published live blog's coverage; pollers learn it from the entries' cursor, which moves too. */
export async function endLiveBlog(db: Database, who: StaffMember, id: number, version: number, now: Date): Promise<NewsroomResult<Row>> {
  const row = await rows.find(db, id);
  if (!row) return refused.notFound;
  if (!canPublish(who, row)) return refused.forbidden;
  if (row.version !== version) return conflictOf(liveBlogFormat, db, id, staffName);
  if (row.status !== 'published') return refused.bad('Seul un direct publié peut être terminé.');
  if (row.coverageEndAt) return refused.bad('Ce direct est déjà terminé.');
  const ended = await db.transaction(async (tx) => {
    const updated = await rows.update(tx, who, row, { coverageEndAt: now, entriesVersion: row.entriesVersion + 1 }, now);
    if (updated) await audit(tx, who, { action: 'liveBlog.end', entity: 'liveBlog', entityId: id }, now);
    return updated;
  });
  return ended ? { ok: true, value: ended } : conflictOf(liveBlogFormat, db, id, staffName);
}

export const MAX_ENTRY_TEXT = 5000;
const MAX_QUOTATION = 600;
const MAX_SOURCE = 120;

/** The contract's entry, its document still to be checked; `publish` false keeps it a draft (a contributor's always is). */
export type EntryInput = Omit<LiveBlogEntryInput, 'doc'> & { doc: unknown };

/** Readers' copy of an entry: the newsroom's without its state and author. */
export const toReaderEntry = ({ status: _status, createdById: _by, ...e }: AdminLiveBlogEntry): LiveBlogEntry => ({
  ...e,
  publishedAt: e.publishedAt ?? new Date(0).toISOString(),
});

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

async function viewsOf(db: Database | Tx, rows: (typeof liveBlogEntries.$inferSelect)[]): Promise<AdminLiveBlogEntry[]> {
  const ids = rows.flatMap((r) => (r.articleId === null ? [] : [r.articleId]));
  const found = ids.length
    ? await db
        .select({ id: articles.id, title: articles.title, url: articles.url, image: articles.mainImage, category: categories.slug })
        .from(articles)
        .innerJoin(categories, eq(categories.id, articles.categoryId))
        .where(inArray(articles.id, ids))
    : [];
  const cards = new Map(found.map((r) => [r.id, { id: r.id, title: r.title, path: `/${r.category}/${r.url}`, image: r.image }]));
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

/** The blog's entries on the shared child items (workflow/childItems.ts): locked, numbered, audited. */
const entries = childItems({
  declaration: liveBlogDeclaration.children,
  parent: liveBlogs,
  cursor: liveBlogs.entriesVersion,
  items: liveBlogEntries,
  parentColumn: liveBlogEntries.liveBlogId,
  closed: (blog) => blog.coverageEndAt !== null,
  check: (tx, input: EntryInput) => checkEntry(tx, input),
  view: viewsOf,
});
export const { post: postEntry, change: changeEntry, adminList: adminEntries } = entries;

/**
 * A live or ended blog for readers, whole or since a cursor; null for an unknown slug or a draft: its published
 * entries changed since the cursor, newest first, the ones readers may hold that are gone (deleted or back to
 * draft), and the cursor to poll with next (the ETag).
 */
export async function readerLiveBlog(db: Database, slug: string, since: number | null = null) {
  const [found] = await db
    .select({ blog: liveBlogs, categorySlug: categories.slug, categoryName: categories.name })
    .from(liveBlogs)
    .innerJoin(categories, eq(categories.id, liveBlogs.categoryId))
    .where(eq(liveBlogs.url, slug));
  if (found?.blog.status !== 'published') return null;
  const blog = { ...found.blog, categorySlug: found.categorySlug, categoryName: found.categoryName };
  if (since !== null && since >= blog.entriesVersion) return { blog, entries: [], removed: [], version: blog.entriesVersion };
  return { blog, ...(await entries.since(db, blog.id, since)), version: blog.entriesVersion };
}

/** Readers' operations: no session, short shared cache (composed with the other readers' in contentApi.ts). */
export const liveBlogReaderHandlers = {
  getLiveBlog: async (ctx) => {
    const p = parseParams(contract.GetLiveBlogParams, ctx.params, []);
    if (!p.ok) return p.response;
    const q = parseParams(contract.GetLiveBlogQueryParams, queryRecord(ctx.url), ['since']);
    if (!q.ok) return q.response;
    const read = await readerLiveBlog(ctx.db, p.value.url, q.value.since ?? null);
    if (!read) return errorJson(404, 'Ce direct est introuvable.');
    const { blog, entries, removed, version } = read;
    const liveBlog = readerBlog(blog, { slug: blog.categorySlug, name: blog.categoryName });
    return ctx.reply(200, { liveBlog, entries: entries.map(toReaderEntry), removed, version }, { cache: 'live' });
  },
  listLiveBlogs: async (ctx) => {
    const q = parseParams(contract.ListLiveBlogsQueryParams, queryRecord(ctx.url));
    if (!q.ok) return q.response;
    const results = await liveNow(ctx.db, q.value.category);
    return results ? ctx.reply(200, { results }, { cache: 'live' }) : errorJson(404, 'Cette rubrique est introuvable.');
  },
} satisfies ApiHandlerTable;

export function liveBlogHandlers(deps: NewsroomDeps) {
  const { clock } = deps;
  return {
    ...editorialHandlers(deps, liveBlogModule),
    ...childItemHandlers(deps, liveBlogDeclaration.children, entries),
    endAdminLiveBlog: staffOnly(deps, null, '', async (ctx, { member }) => {
      const p = parseParams(contract.EndAdminLiveBlogParams, ctx.params, ['id']);
      if (!p.ok) return p.response;
      const input = await readBody(ctx, contract.EndAdminLiveBlogBody);
      if (!input.ok) return input.response;
      const result = await publicWrite(
        deps,
        ctx.db,
        (tx) => endLiveBlog(tx, member, p.value.id, input.value.version, clock.now()),
        whenDone,
      );
      return answer(result, {
        ...{ member, what: 'de terminer ce direct', thisItem: 'ce direct', notFound: 'Ce direct est introuvable.' },
        ok: async (row) => ctx.reply(200, await toAdmin(ctx.db, row, member), noStore),
      });
    }),
  } satisfies ApiHandlerTable;
}
