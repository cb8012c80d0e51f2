/**
 * The HTTP side of a newsroom format, once for every format of the editorial workflow: list, create, read,
 * save (409 on an outdated version), change status, list revisions, restore — each behind a session, its CSRF
 * token and the workflow's role rules, answered through `answer`. A format names its operations, its contract's
 * schemas and its French wording; what only it has (a preview link, a reorder) stays in its own handler file.
 * The bodies are the workflow's: the contract tests parse every answer against its schema.
 */
import type { z } from 'zod';
import { appConfig } from '../../../../app.config.ts';
import type { Database } from '../../../db/client.ts';
import type { ApiContext, ApiHandler, OperationId } from '../../http/apiTypes.ts';
import { parseParams, queryRecord } from '../../http/parseParams.ts';
import { errorJson } from '../../http/responses.ts';
import type { NewsroomResult } from '../newsroomResult.ts';
import type { StaffMember } from '../staff.server.ts';
import type { PreviewLinks } from '../workflow/previewLinks.ts';
import { canRead, type EditorialRow, type SaveOutcome, type StatusAction } from '../workflow/editorialWorkflow.ts';
import { answer, forbidden, type NewsroomDeps, newsroomMessages, noStore, readBody, readsEverything, staffOnly } from './newsroomHttp.ts';

/** What the handlers use of a format's workflow (`editorialWorkflow(format)`). */
interface WorkflowCalls<Input, Admin> {
  create(db: Database, who: StaffMember, input: Input, now: Date): Promise<NewsroomResult<Admin>>;
  save(
    db: Database,
    who: StaffMember,
    id: number,
    input: Input & { version: number },
    now: Date,
  ): Promise<NewsroomResult<SaveOutcome<Admin>>>;
  changeStatus(
    db: Database,
    who: StaffMember,
    id: number,
    change: { action: StatusAction; version: number; scheduledAt?: string },
    now: Date,
  ): Promise<NewsroomResult<SaveOutcome<Admin>>>;
  listRevisions(db: Database, id: number, who: StaffMember): Promise<unknown[]>;
  restore(
    db: Database,
    who: StaffMember,
    id: number,
    revisionId: number,
    version: number,
    now: Date,
  ): Promise<NewsroomResult<SaveOutcome<Admin>>>;
}

type ListQuery = { status?: string; limit?: number; offset?: number } & Record<string, unknown>;

/** The contract's operation of each of the workflow's calls, for one format. */
export interface EditorialOperations {
  list: OperationId;
  create: OperationId;
  get: OperationId;
  update: OperationId;
  status: OperationId;
  revisions: OperationId;
  restore: OperationId;
  /** A signed preview link, and the page's read of it (no session: the link is the credential). */
  previewLink?: OperationId;
  preview?: OperationId;
}

export interface EditorialHttpFormat<Row extends EditorialRow, Input, Admin, Ops extends EditorialOperations> {
  operations: Ops;
  schemas: {
    listQuery: z.ZodType<ListQuery>;
    id: z.ZodType<{ id: number }>;
    create: z.ZodType<Input>;
    update: z.ZodType<Input & { version: number }>;
    status: z.ZodType<{ action: StatusAction; version: number; scheduledAt?: string }>;
    restoreParams: z.ZodType<{ id: number; revisionId: number }>;
    restore: z.ZodType<{ version: number }>;
  };
  workflow: WorkflowCalls<Input, Admin>;
  find(db: Database, id: number): Promise<Row | null>;
  toAdmin(db: Database, row: Row): Promise<Admin>;
  /** One page of the newsroom's list; `readableBy` null for those who read everything. */
  list(db: Database, page: ListQuery & { readableBy: number | null; limit: number; offset: number }): Promise<unknown>;
  /** The list query's own filters beyond state and page (e.g. `q`), checked by the schema. */
  extraQuery?: readonly string[];
  notFound: string;
  /** How refusals name one item: "cette mosaïque", "ce concours". */
  thisItem: string;
  /** The action of creating one, after "Votre rôle ne permet pas …": "de créer une mosaïque". */
  createWhat: string;
  /** With `operations.previewLink` and `operations.preview`: the format's preview links and token parameter. */
  previews?: { links: PreviewLinks<unknown>; token: z.ZodType<{ token: string }> };
}

// The operations' bodies are the format's; the contract tests check them against the schemas.
type AnyReply = (status: 200 | 201, body: unknown, options?: { cache?: unknown }) => Response;
const replyOf = (ctx: ApiContext) => ctx.reply as unknown as AnyReply;

export function editorialHandlers<Row extends EditorialRow, Input, Admin, const Ops extends EditorialOperations>(
  deps: NewsroomDeps,
  format: EditorialHttpFormat<Row, Input, Admin, Ops>,
): { [O in Extract<Ops[keyof Ops], OperationId>]: ApiHandler<O> } {
  const { clock, changed } = deps;
  const { operations: op, schemas, workflow, notFound, thisItem } = format;
  const editWhat = `de modifier ${thisItem}`;
  const itemIdOf = (ctx: ApiContext) => parseParams(schemas.id, ctx.params as Record<string, string>, ['id']);
  const afterWrite = async (result: NewsroomResult<SaveOutcome<Admin>>) => {
    if (result.ok && result.value.publicChange) await changed();
  };
  const handlers: Record<string, ApiHandler> = {
    [op.list]: staffOnly(deps, null, '', async (ctx, session) => {
      const query = parseParams(schemas.listQuery, queryRecord(ctx.url), ['limit', 'offset']);
      if (!query.ok) return query.response;
      const page = await format.list(ctx.db, {
        ...query.value,
        readableBy: readsEverything(session.member) ? null : session.member.id,
        limit: query.value.limit ?? appConfig.newsroom.pageSize,
        offset: query.value.offset ?? 0,
      });
      return replyOf(ctx)(200, page, noStore);
    }),
    [op.create]: staffOnly(deps, null, '', async (ctx, session) => {
      const input = await readBody(ctx, schemas.create);
      if (!input.ok) return input.response;
      const result = await workflow.create(ctx.db, session.member, input.value, clock.now());
      return answer(result, {
        member: session.member,
        what: format.createWhat,
        notFound,
        thisItem,
        ok: (item) => replyOf(ctx)(201, item, noStore),
      });
    }),
    [op.get]: staffOnly(deps, null, '', async (ctx, session) => {
      const id = itemIdOf(ctx);
      if (!id.ok) return id.response;
      const row = await format.find(ctx.db, id.value.id);
      if (!row) return errorJson(404, notFound);
      if (!canRead(session.member, row)) return forbidden(session.member, 'de lire le brouillon de quelqu’un d’autre');
      return replyOf(ctx)(200, await format.toAdmin(ctx.db, row), noStore);
    }),
    [op.update]: staffOnly(deps, null, '', async (ctx, session) => {
      const id = itemIdOf(ctx);
      if (!id.ok) return id.response;
      const input = await readBody(ctx, schemas.update);
      if (!input.ok) return input.response;
      const result = await workflow.save(ctx.db, session.member, id.value.id, input.value, clock.now());
      await afterWrite(result);
      return answer(result, { member: session.member, what: editWhat, notFound, thisItem, ok: (v) => replyOf(ctx)(200, v.item, noStore) });
    }),
    [op.status]: staffOnly(deps, null, '', async (ctx, session) => {
      const id = itemIdOf(ctx);
      if (!id.ok) return id.response;
      const input = await readBody(ctx, schemas.status);
      if (!input.ok) return input.response;
      const result = await workflow.changeStatus(ctx.db, session.member, id.value.id, input.value, clock.now());
      await afterWrite(result);
      const what = input.value.action === 'draft' ? editWhat : `de publier, programmer ou dépublier ${thisItem}`;
      return answer(result, { member: session.member, what, notFound, thisItem, ok: (v) => replyOf(ctx)(200, v.item, noStore) });
    }),
    [op.revisions]: staffOnly(deps, null, '', async (ctx, session) => {
      const id = itemIdOf(ctx);
      if (!id.ok) return id.response;
      const row = await format.find(ctx.db, id.value.id);
      if (!row) return errorJson(404, notFound);
      if (!canRead(session.member, row)) return forbidden(session.member, 'de lire les versions du brouillon de quelqu’un d’autre');
      return replyOf(ctx)(200, { results: await workflow.listRevisions(ctx.db, id.value.id, session.member) }, noStore);
    }),
    [op.restore]: staffOnly(deps, null, '', async (ctx, session) => {
      const params = parseParams(schemas.restoreParams, ctx.params as Record<string, string>, ['id', 'revisionId']);
      if (!params.ok) return params.response;
      const input = await readBody(ctx, schemas.restore);
      if (!input.ok) return input.response;
      const { id, revisionId } = params.value;
      const result = await workflow.restore(ctx.db, session.member, id, revisionId, input.value.version, clock.now());
      await afterWrite(result);
      return answer(result, {
        member: session.member,
        what: editWhat,
        notFound: newsroomMessages.revision,
        thisItem,
        ok: (v) => replyOf(ctx)(200, v.item, noStore),
      });
    }),
  };
  const previews = format.previews;
  if (op.previewLink && op.preview && previews) {
    handlers[op.previewLink] = staffOnly(deps, null, '', async (ctx, session) => {
      const id = itemIdOf(ctx);
      if (!id.ok) return id.response;
      const result = await previews.links.issue(ctx.db, session.member, id.value.id, await deps.secretOf(ctx.db), clock.now());
      return answer(result, {
        member: session.member,
        what: `de partager l'aperçu de ${thisItem}`,
        notFound,
        thisItem,
        ok: (v) => replyOf(ctx)(200, v, noStore),
      });
    });
    handlers[op.preview] = async (ctx) => {
      const params = parseParams(previews.token, ctx.params as Record<string, string>, []);
      if (!params.ok) return params.response;
      const item = await previews.links.open(ctx.db, await deps.secretOf(ctx.db), params.value.token, clock.now());
      if (!item) return errorJson(404, newsroomMessages.preview);
      return replyOf(ctx)(200, item, noStore);
    };
  } else if (op.previewLink || op.preview || previews) {
    throw new Error(`${format.createWhat}: a preview needs both operations and its links`);
  }
  return handlers as { [O in Extract<Ops[keyof Ops], OperationId>]: ApiHandler<O> };
}
