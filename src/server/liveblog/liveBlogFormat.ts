/**
 * « Direct » on the editorial workflow (decision 027): its own fields (title, intro, main image, category,
 * address), their checks, snapshot and restore; the rest follows from its declaration and its table. Live is
 * published without an end; `end` closes the coverage. Over HTTP: readers' poll (short shared cache, ETag by
 * the answer layer) and the newsroom's operations; a write readers can see purges the pages (deps.changed).
 */
import { and, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { components } from '../../api/generated/schema';
import * as contract from '../../api/generated/zod.ts';
import type { AdminLiveBlogEntry, Image, LiveBlog, LiveBlogInput } from '../../api/types.ts';
import type { Database } from '../../db/client.ts';
import { categories, type NewsroomStatus, liveBlogRevisions, liveBlogs } from '../../db/schema.ts';
import { liveBlogDeclaration } from '../../formats/liveBlogFormat.ts';
import type { ApiContext, ApiHandlerTable, OperationId } from '../http/apiTypes.ts';
import { parseParams, queryRecord } from '../http/parseParams.ts';
import { errorJson } from '../http/responses.ts';
import { staffName } from '../newsroom/articles/articleQueries.ts';
import { audit } from '../newsroom/audit.server.ts';
import { editorialHandlers } from '../newsroom/http/editorialHandlers.ts';
import { contractSchemas } from '../newsroom/http/editorialSchemas.ts';
import { answer, type NewsroomDeps, noContent, noStore, readBody, staffOnly } from '../newsroom/http/newsroomHttp.ts';
import { withLibraryImages } from '../newsroom/libraryImage.ts';
import { type NewsroomResult, refused } from '../newsroom/newsroomResult.ts';
import { cleanImage, libraryImageProblem, plainFieldProblem } from '../newsroom/plainFields.ts';
import type { StaffMember } from '../newsroom/staff.server.ts';
import { editorialAdminFields, editorialTable, type RowOf, tableFormat } from '../newsroom/workflow/editorialTable.ts';
import { canPublish, conflictOf } from '../newsroom/workflow/editorialWorkflow.ts';
import { formatWorkflow } from '../newsroom/workflow/formatWorkflow.ts';
import { adminEntries, changeEntry, type EntryInput, postEntry, readerLiveBlog, toReaderEntry } from './liveBlogEntries.server.ts';

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
});
export const { workflow: liveBlogWorkflow, publishDue: publishDueLiveBlogs } = bound;

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
    ...editorialHandlers(deps, {
      declaration: liveBlogDeclaration,
      schemas: contractSchemas(liveBlogDeclaration.operations),
      workflow: liveBlogWorkflow,
      find: rows.find,
      toAdmin,
      list: async (db, page) => {
        const { total, rows: found } = await rows.page(db, { ...page, status: page.status as NewsroomStatus | undefined });
        const names = new Map((await db.select().from(categories)).map((c) => [c.id, c.name]));
        const results = found.map((r) => ({
          ...editorialAdminFields(r),
          ...{ url: r.url, title: r.title, category: names.get(r.categoryId) ?? '', coverageEndAt: iso(r.coverageEndAt) },
        }));
        return { total, results };
      },
    }),
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
