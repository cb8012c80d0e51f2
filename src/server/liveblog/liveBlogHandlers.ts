/**
 * « Direct » over HTTP: readers' poll (short shared cache, ETag by the server's answer layer) and the
 * newsroom's operations on live blogs and entries. A write readers can see purges the pages (deps.changed).
 */
import type { z } from 'zod';
import * as contract from '../../api/generated/zod.ts';
import type { ApiContext, ApiHandlerTable, OperationId } from '../http/apiTypes.ts';
import { parseParams, queryRecord } from '../http/parseParams.ts';
import { errorJson } from '../http/responses.ts';
import {
  answer,
  forbidden,
  type NewsroomDeps,
  noContent,
  noStore,
  readBody,
  readsEverything,
  staffOnly,
} from '../newsroom/http/newsroomHttp.ts';
import type { StaffMember } from '../newsroom/staff.server.ts';
import { canRead } from '../newsroom/workflow/editorialWorkflow.ts';
import type { NewsroomResult } from '../newsroom/newsroomResult.ts';
import { changeEntry, type EntryChange, type EntryInput, postEntry, readerLiveBlog } from './liveBlogEntries.server.ts';
import {
  adminLiveBlog,
  blogFields,
  changeLiveBlogState,
  createLiveBlog,
  listAdminLiveBlogs,
  liveNow,
  toAdminEntry,
  toReaderEntry,
} from './liveBlogs.server.ts';

const NOT_FOUND = 'Ce direct est introuvable.';
const ENTRY_NOT_FOUND = 'Cette entrée du direct est introuvable.';

/** A colleague's draft (blog or entry) stays theirs and the editors' (issue 23's rule for every format). */
const readable = (member: StaffMember, item: { createdById: number | null; status?: string; state?: string }) =>
  canRead(member, { createdBy: item.createdById, status: item.status === 'draft' || item.state === 'draft' ? 'draft' : 'published' });

const paramsOf = <T>(ctx: ApiContext, schema: z.ZodType<T>) => parseParams(schema, ctx.params as Record<string, string>, ['id', 'entryId']);

/** Readers' operations: no session, short shared cache (composed with the other readers' in contentApi.ts). */
export const liveBlogReaderHandlers = {
  getLiveBlog: async (ctx) => {
    const p = paramsOf(ctx, contract.GetLiveBlogParams);
    if (!p.ok) return p.response;
    const q = parseParams(contract.GetLiveBlogQueryParams, queryRecord(ctx.url), ['since']);
    if (!q.ok) return q.response;
    const read = await readerLiveBlog(ctx.db, p.value.url, q.value.since ?? null);
    if (!read) return errorJson(404, NOT_FOUND);
    const { blog } = read;
    return ctx.reply(
      200,
      {
        liveBlog: blogFields(blog, { slug: blog.categorySlug, name: blog.categoryName }),
        entries: read.entries.map(toReaderEntry),
        removed: read.removed,
        version: read.version,
      },
      { cache: 'live' },
    );
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

  /** Answers an entry write; a change readers can see purges the pages (/direct/{slug} among them). */
  const entryAnswer = async (
    session: { member: Parameters<typeof answer>[1]['member'] },
    result: NewsroomResult<EntryChange>,
    reply: (entry: ReturnType<typeof toAdminEntry>) => Response,
  ) => {
    if (result.ok && result.value.publicChange) await changed();
    return answer(result, {
      member: session.member,
      what: 'de modifier cette entrée',
      notFound: ENTRY_NOT_FOUND,
      ok: ({ entry }) => reply(toAdminEntry(entry)),
    });
  };

  /** One entry operation; `reply` answers with that operation's own success status, checked by the compiler. */
  const entryWrite = <O extends OperationId>(
    schema: z.ZodType<{ id: number; entryId?: number }>,
    body: z.ZodType<unknown> | null,
    act: (input: unknown) => Parameters<typeof changeEntry>[4] | 'post',
    reply: (ctx: ApiContext<O>, entry: ReturnType<typeof toAdminEntry>) => Response,
  ) =>
    staffOnly<O>(deps, null, '', async (ctx, session) => {
      const p = paramsOf(ctx as ApiContext, schema);
      if (!p.ok) return p.response;
      const input = body ? await readBody(ctx as ApiContext, body) : { ok: true as const, value: null };
      if (!input.ok) return input.response;
      const action = act(input.value);
      const now = clock.now();
      const result =
        action === 'post'
          ? await postEntry(ctx.db, session.member, p.value.id, input.value as EntryInput, now)
          : await changeEntry(ctx.db, session.member, p.value.id, p.value.entryId ?? 0, action, now);
      return entryAnswer(session, result, (entry) => reply(ctx, entry));
    });

  return {
    listAdminLiveBlogs: staffOnly(deps, null, '', async (ctx, { member }) =>
      ctx.reply(200, { results: (await listAdminLiveBlogs(ctx.db)).filter((b) => readable(member, b)) }, noStore),
    ),
    createAdminLiveBlog: staffOnly(deps, null, '', async (ctx, session) => {
      const input = await readBody(ctx, contract.CreateAdminLiveBlogBody);
      if (!input.ok) return input.response;
      const result = await createLiveBlog(ctx.db, session.member, input.value, clock.now());
      return answer(result, {
        member: session.member,
        what: 'de créer un direct',
        notFound: NOT_FOUND,
        ok: (blog) => ctx.reply(201, blog, noStore),
      });
    }),
    getAdminLiveBlog: staffOnly(deps, null, '', async (ctx, { member }) => {
      const p = paramsOf(ctx, contract.GetAdminLiveBlogParams);
      if (!p.ok) return p.response;
      const blog = await adminLiveBlog(ctx.db, p.value.id);
      if (!blog) return errorJson(404, NOT_FOUND);
      if (!readable(member, blog)) return forbidden(member, 'de lire le brouillon de quelqu’un d’autre');
      const mine = readsEverything(member) ? blog : { ...blog, entries: blog.entries.filter((e) => readable(member, e)) };
      return ctx.reply(200, mine, noStore);
    }),
    changeAdminLiveBlogState: staffOnly(deps, null, '', async (ctx, session) => {
      const p = paramsOf(ctx, contract.ChangeAdminLiveBlogStateParams);
      if (!p.ok) return p.response;
      const input = await readBody(ctx, contract.ChangeAdminLiveBlogStateBody);
      if (!input.ok) return input.response;
      const result = await changeLiveBlogState(ctx.db, session.member, p.value.id, input.value.state, clock.now());
      if (result.ok) await changed();
      return answer(result, {
        member: session.member,
        what: 'de changer l’état de ce direct',
        notFound: NOT_FOUND,
        ok: (blog) => ctx.reply(200, blog, noStore),
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
    deleteLiveBlogEntry: entryWrite<'deleteLiveBlogEntry'>(
      contract.DeleteLiveBlogEntryParams,
      null,
      () => ({ kind: 'delete' }),
      () => noContent(),
    ),
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
