/**
 * « Direct » over HTTP: readers' poll (short shared cache, ETag by the server's answer layer) and the
 * newsroom's operations on live blogs and entries. A write readers can see purges the pages (deps.changed).
 */
import type { z } from 'zod';
import * as contract from '../../api/generated/zod.ts';
import type { AdminLiveBlogEntry } from '../../api/types.ts';
import type { NewsroomStatus } from '../../db/schema.ts';
import { liveBlogDeclaration } from '../../formats/liveBlogFormat.ts';
import type { ApiContext, ApiHandlerTable, OperationId } from '../http/apiTypes.ts';
import { parseParams, queryRecord } from '../http/parseParams.ts';
import { errorJson } from '../http/responses.ts';
import { editorialHandlers } from '../newsroom/http/editorialHandlers.ts';
import { contractSchemas } from '../newsroom/http/editorialSchemas.ts';
import { answer, type NewsroomDeps, noContent, noStore, readBody, staffOnly } from '../newsroom/http/newsroomHttp.ts';
import { changeEntry, type EntryInput, postEntry, readerLiveBlog, toReaderEntry } from './liveBlogEntries.server.ts';
import { endLiveBlog, listAdminLiveBlogs, liveBlogRows, liveBlogWorkflow, liveNow, readerBlog, toAdminLiveBlog } from './liveBlogFormat.ts';

const NOT_FOUND = 'Ce direct est introuvable.';
const ENTRY_NOT_FOUND = 'Cette entrée du direct est introuvable.';

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
        liveBlog: readerBlog(blog, { slug: blog.categorySlug, name: blog.categoryName }),
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

  /** One entry operation; `reply` answers with that operation's own success status, checked by the compiler. */
  const entryWrite = <O extends OperationId>(
    schema: z.ZodType<{ id: number; entryId?: number }>,
    body: z.ZodType<unknown> | null,
    act: (input: unknown) => Parameters<typeof changeEntry>[4] | 'post',
    reply: (ctx: ApiContext<O>, entry: AdminLiveBlogEntry) => Response,
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
      // A change readers can see purges the pages (/direct/{slug} among them).
      if (result.ok && result.value.publicChange) await changed();
      const { member } = session;
      return answer(result, { member, what: 'de modifier cette entrée', notFound: ENTRY_NOT_FOUND, ok: ({ entry }) => reply(ctx, entry) });
    });

  return {
    ...editorialHandlers(deps, {
      declaration: liveBlogDeclaration,
      schemas: contractSchemas(liveBlogDeclaration.operations),
      workflow: liveBlogWorkflow,
      find: liveBlogRows.find,
      toAdmin: toAdminLiveBlog,
      list: (db, page) => listAdminLiveBlogs(db, { ...page, status: page.status as NewsroomStatus | undefined }),
    }),
    endAdminLiveBlog: staffOnly(deps, null, '', async (ctx, session) => {
      const p = paramsOf(ctx, contract.EndAdminLiveBlogParams);
      if (!p.ok) return p.response;
      const input = await readBody(ctx, contract.EndAdminLiveBlogBody);
      if (!input.ok) return input.response;
      const result = await endLiveBlog(ctx.db, session.member, p.value.id, input.value.version, clock.now());
      if (result.ok) await changed();
      return answer(result, {
        member: session.member,
        what: 'de terminer ce direct',
        thisItem: 'ce direct',
        notFound: NOT_FOUND,
        ok: async (row) => ctx.reply(200, await toAdminLiveBlog(ctx.db, row), noStore),
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
