/**
 * « Direct » (issue 33), its server side. The live blog on the editorial workflow (decision 027): its own fields
 * (title, intro, main image, category, address), their checks, snapshot and restore; the rest follows from its
 * declaration and its table. Live is published without an end; `end` closes the coverage.
 * Its entries: rich text through the newsroom's allow-list, with an optional library image, quotation and
 * article card; published, corrected (kept, marked with the time), deleted (kept as a tombstone) or pinned (one
 * at most, the database's partial unique index). Every change bumps the blog's entriesVersion in the same
 * transaction: readers poll with it. Over HTTP: readers' poll (short shared cache, ETag by the answer layer) and
 * the newsroom's operations; a write readers can see purges the pages (deps.changed).
 */
import { and, desc, eq, gt, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { components } from '../../api/generated/schema';
import * as contract from '../../api/generated/zod.ts';
import type { AdminLiveBlogEntry, Image, LiveBlog, LiveBlogEntry, LiveBlogEntryInput, LiveBlogInput } from '../../api/types.ts';
import type { Database } from '../../db/client.ts';
import { articles, categories, type LiveBlogQuotation, liveBlogEntries, liveBlogRevisions, liveBlogs } from '../../db/schema.ts';
import { liveBlogDeclaration } from '../../formats/liveBlogFormat.ts';
import type { ApiContext, ApiHandlerTable, OperationId } from '../http/apiTypes.ts';
import { parseParams, queryRecord } from '../http/parseParams.ts';
import { errorJson } from '../http/responses.ts';
import { staffName } from '../newsroom/articles/articleQueries.ts';
import { audit } from '../newsroom/audit.server.ts';
import { checkDocWithLibrary } from '../newsroom/bodyImages.server.ts';
import { editorialHandlers } from '../newsroom/http/editorialHandlers.ts';
import { answer, type NewsroomDeps, noContent, noStore, readBody, staffOnly } from '../newsroom/http/newsroomHttp.ts';
import { withLibraryImages } from '../newsroom/libraryImage.ts';
import { type NewsroomResult, refused } from '../newsroom/newsroomResult.ts';
import { cleanImage, hasControl, libraryImageProblem, plainFieldProblem } from '../newsroom/plainFields.ts';
import type { StaffMember } from '../newsroom/staff.server.ts';
import { editorialAdminFields, editorialTable, type RowOf, tableFormat } from '../newsroom/workflow/editorialTable.ts';
import { canEdit, canPublish, canRead, conflictOf } from '../newsroom/workflow/editorialWorkflow.ts';
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

/** The live blogs being covered now (home and category lists), the most recently opened first; null for an unknown category. */
export async function liveNow(db: Database, categorySlug?: string): Promise<LiveBlog[] | null> {
  const where: SQL[] = [eq(liveBlogs.status, 'published'), isNull(liveBlogs.coverageEndAt)];
  if (categorySlug) where.push(eq(categories.slug, categorySlug));
  const found = await db
    .select({ blog: liveBlogs, slug: categories.slug, name: categories.name })
    .from(liveBlogs)
    .innerJoin(categories, eq(categories.id, liveBlogs.categoryId))
    .where(and(...where))
    .orderBy(desc(liveBlogs.publishedAt), desc(liveBlogs.id))
    .limit(10);
  if (categorySlug && found.length === 0 && !(await db.select().from(categories).where(eq(categories.slug, categorySlug)))[0]) return null;
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

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type EntryRow = typeof liveBlogEntries.$inferSelect;

export const MAX_ENTRY_TEXT = 5000;
const ENDED = 'Ce direct est terminé : on n’y publie plus d’entrée.';
const MAX_QUOTATION = 600;
const MAX_SOURCE = 120;

/** The contract's entry, its document still to be checked; `publish` false keeps it a draft (a contributor's always is). */
export type EntryInput = Omit<LiveBlogEntryInput, 'doc'> & { doc: unknown };

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

async function viewsOf(db: Database | Tx, rows: EntryRow[]): Promise<AdminLiveBlogEntry[]> {
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
    const [entry] = (await viewsOf(tx, [row])) as [AdminLiveBlogEntry];
    return { ok: true, value: { entry, publicChange: publish && blog.status === 'published', slug: blog.url } };
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
    const detail = { liveBlogId };
    await audit(tx, who, { action: `liveBlogEntry.${action.kind}`, entity: 'liveBlogEntry', entityId: row.id, detail }, now);
    const [entry] = (await viewsOf(tx, [updated])) as [AdminLiveBlogEntry];
    const isPublic = updated.status === 'published' && !updated.deletedAt;
    return { ok: true, value: { entry, publicChange: (wasPublic || isPublic) && blog.status === 'published', slug: blog.url } };
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
  const rows = await db
    .select()
    .from(liveBlogEntries)
    .where(and(eq(liveBlogEntries.liveBlogId, blog.id), since === null ? undefined : gt(liveBlogEntries.changedIn, since)))
    .orderBy(sql`${liveBlogEntries.publishedAt} desc nulls last`, sql`${liveBlogEntries.id} desc`);
  const visible = rows.filter((r) => r.status === 'published' && !r.deletedAt);
  const removed = since === null ? [] : rows.filter((r) => r.status !== 'published' || r.deletedAt).map((r) => r.id);
  return { blog, entries: await viewsOf(db, visible), removed, version: blog.entriesVersion };
}

const paramsOf = <T>(ctx: ApiContext, schema: z.ZodType<T>) => parseParams(schema, ctx.params as Record<string, string>, ['id', 'entryId']);

/** Readers' operations: no session, short shared cache (composed with the other readers' in contentApi.ts). */
export const liveBlogReaderHandlers = {
  getLiveBlog: async (ctx) => {
    const p = paramsOf(ctx, contract.GetLiveBlogParams);
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
  const { clock, changed } = deps;
  type Action = Parameters<typeof changeEntry>[4] | 'post';

  /** One entry operation; `reply` answers with that operation's own success status, checked by the compiler. */
  const entryWrite = <O extends OperationId>(
    schema: z.ZodType<{ id: number; entryId?: number }>,
    body: z.ZodType<unknown> | null,
    act: (input: unknown) => Action,
    reply: (ctx: ApiContext<O>, entry: AdminLiveBlogEntry) => Response,
  ) =>
    staffOnly<O>(deps, null, '', async (ctx, { member }) => {
      const p = paramsOf(ctx as ApiContext, schema);
      if (!p.ok) return p.response;
      const input = body ? await readBody(ctx as ApiContext, body) : { ok: true as const, value: null };
      if (!input.ok) return input.response;
      const action = act(input.value);
      const { id, entryId = 0 } = p.value;
      const result =
        action === 'post'
          ? await postEntry(ctx.db, member, id, input.value as EntryInput, clock.now())
          : await changeEntry(ctx.db, member, id, entryId, action, clock.now());
      if (result.ok && result.value.publicChange) await changed();
      const notFound = 'Cette entrée du direct est introuvable.';
      return answer(result, { member, what: 'de modifier cette entrée', notFound, ok: ({ entry }) => reply(ctx, entry) });
    });

  return {
    ...editorialHandlers(deps, liveBlogModule),
    endAdminLiveBlog: staffOnly(deps, null, '', async (ctx, { member }) => {
      const p = paramsOf(ctx, contract.EndAdminLiveBlogParams);
      if (!p.ok) return p.response;
      const input = await readBody(ctx, contract.EndAdminLiveBlogBody);
      if (!input.ok) return input.response;
      const result = await endLiveBlog(ctx.db, member, p.value.id, input.value.version, clock.now());
      if (result.ok) await changed();
      return answer(result, {
        ...{ member, what: 'de terminer ce direct', thisItem: 'ce direct', notFound: 'Ce direct est introuvable.' },
        ok: async (row) => ctx.reply(200, await toAdmin(ctx.db, row, member), noStore),
      });
    }),
    createLiveBlogEntry: entryWrite<'createLiveBlogEntry'>(
      contract.CreateLiveBlogEntryParams,
      contract.CreateLiveBlogEntryBody,
      () => 'post',
      (ctx, entry) => ctx.reply(201, entry, noStore),
    ),
    correctLiveBlogEntry: entryWrite<'correctLiveBlogEntry'>(
      contract.CorrectLiveBlogEntryParams,
      contract.CorrectLiveBlogEntryBody,
      (input) => ({ kind: 'correct', input: input as EntryInput }),
      (ctx, entry) => ctx.reply(200, entry, noStore),
    ),
    deleteLiveBlogEntry: entryWrite<'deleteLiveBlogEntry'>(contract.DeleteLiveBlogEntryParams, null, () => ({ kind: 'delete' }), noContent),
    pinLiveBlogEntry: entryWrite<'pinLiveBlogEntry'>(
      contract.PinLiveBlogEntryParams,
      contract.PinLiveBlogEntryBody,
      (input) => ({ kind: 'pin', pinned: (input as { pinned: boolean }).pinned }),
      (ctx, entry) => ctx.reply(200, entry, noStore),
    ),
    publishLiveBlogEntry: entryWrite<'publishLiveBlogEntry'>(
      contract.PublishLiveBlogEntryParams,
      null,
      () => ({ kind: 'publish' }),
      (ctx, entry) => ctx.reply(200, entry, noStore),
    ),
  } satisfies ApiHandlerTable;
}
