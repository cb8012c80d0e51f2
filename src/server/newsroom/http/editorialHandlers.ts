/**
 * The HTTP side of a newsroom format, once for every format of the editorial workflow: list, create, read,
 * save (409 on an outdated version), change status, list revisions, restore, and the preview link — each
 * behind a session, its CSRF token and the workflow's role rules, answered through `answer`. A format brings
 * its declaration (src/formats: its operations and French noun), its contract's schemas and its workflow.
 *
 * Typed to the end: each handler answers through a context whose `reply` takes that step's body (the
 * format's admin shape, its list, its revisions). The table returned is keyed by the declaration's
 * operation ids, so where the format's handlers join the API's table (`satisfies ApiHandlerTable`), the
 * compiler checks every body against its operation's response in the contract.
 */
import { cacheTag } from '../../cache/cacheTags.ts';
import type { z } from 'zod';
import { appConfig } from '../../../../app.config.ts';
import type { Database } from '../../../db/client.ts';
import type { NewsroomStatus } from '../../../db/schema.ts';
import type { FormatDeclaration, FormatOperations } from '../../../formats/formatDeclaration.ts';
import { createWhat, notFound as notFoundOf, thisItem as thisItemOf } from '../../../formats/formatWords.ts';
import { parseParams, queryRecord } from '../../http/parseParams.ts';
import type { CachePolicy } from '../../http/responses.ts';
import { errorJson } from '../../http/responses.ts';
import type { NewsroomResult } from '../newsroomResult.ts';
import type { StaffMember } from '../staff.server.ts';
import { canRead, type EditorialRow, type SaveOutcome, type StatusAction } from '../workflow/editorialWorkflow.ts';
import type { PreviewLink, PreviewLinks } from '../workflow/previewLinks.ts';
import {
  answer,
  forbidden,
  type NewsroomDeps,
  newsroomMessages,
  noStore,
  publicWrite,
  readBody,
  readsEverything,
  staffGuard,
  type Touched,
} from './newsroomHttp.ts';
import type { OperationId } from '../../../api/generated/operations.ts';

/** What the handlers use of a format's workflow (`editorialWorkflow(format)`). */
interface WorkflowCalls<Input, Admin, Revision> {
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
  listRevisions(db: Database, id: number, who: StaffMember): Promise<Revision[]>;
  restore(
    db: Database,
    who: StaffMember,
    id: number,
    revisionId: number,
    version: number,
    now: Date,
  ): Promise<NewsroomResult<SaveOutcome<Admin>>>;
}

/** The list's query: the workflow's filters, and whatever else the format's contract adds (a search, say). */
type ListQuery = { status?: NewsroomStatus; limit?: number; offset?: number };

/** A declaration whose operations are known literally (`as const`): the handlers' keys. */
export interface DeclaredFormat<Ops extends FormatOperations> extends FormatDeclaration {
  operations: Ops;
}

/**
 * A format as its handlers see it: what `formatWorkflow` answers as `module` (the declaration, its contract's
 * schemas, the workflow, the admin shapes, the preview links), or a format's own assembly (quizzes).
 */
export interface EditorialHttpFormat<Ops extends FormatOperations, Row, Query, Input, Admin, List, Revision, Reader> {
  declaration: DeclaredFormat<Ops>;
  schemas: {
    listQuery: z.ZodType<Query>;
    id: z.ZodType<{ id: number }>;
    create: z.ZodType<Input>;
    update: z.ZodType<Input & { version: number }>;
    status: z.ZodType<{ action: StatusAction; version: number; scheduledAt?: string }>;
    restoreParams: z.ZodType<{ id: number; revisionId: number }>;
    restore: z.ZodType<{ version: number }>;
    /** With `operations.preview`: the preview page's token parameter. */
    previewToken?: z.ZodType<{ token: string }>;
  };
  workflow: WorkflowCalls<Input, Admin, Revision>;
  find(db: Database, id: number): Promise<Row | null>;
  toAdmin(db: Database, row: Row, who: StaffMember): Promise<Admin>;
  /** One page of the newsroom's list; `readableBy` null for those who read everything. */
  list(db: Database, page: Query & { readableBy: number | null; limit: number; offset: number }): Promise<List>;
  /** With `operations.previewLink` and `operations.preview`: the format's signed preview links. */
  previews?: PreviewLinks<Reader>;
}

/**
 * What one step's handler gets: the request, and a `reply` taking that step's status and body only. Every
 * `ApiContext<O>` whose operation answers `Body` with `Status` is one (`reply` is a property, not a method,
 * so the check is strict: the contract's body must accept the format's).
 */
export interface ReplyContext<Status extends number, Body> {
  db: Database;
  request: Request;
  url: URL;
  params: Record<string, string>;
  reply: (status: Status, body: Body, options?: { cache?: CachePolicy }) => Response;
}

export type StepHandler<Status extends number, Body> = (ctx: ReplyContext<Status, Body>) => Promise<Response>;

/** Each step's handler, by the step's name in FormatOperations. */
export interface EditorialSteps<Admin, List, Revision, Reader> {
  list: StepHandler<200, List>;
  create: StepHandler<201, Admin>;
  get: StepHandler<200, Admin>;
  update: StepHandler<200, Admin>;
  status: StepHandler<200, Admin>;
  revisions: StepHandler<200, { results: Revision[] }>;
  restore: StepHandler<200, Admin>;
  previewLink: StepHandler<200, PreviewLink>;
  preview: StepHandler<200, Reader>;
}

/**
 * The steps keyed by the declaration's operation ids. A step the declaration does not name (a format without
 * previews) types as every operation id through FormatOperations: it is left out, not keyed by all of them.
 */
export type EditorialHandlerTable<Ops extends FormatOperations, Steps> = {
  [Step in keyof Ops & keyof Steps as OperationId extends Ops[Step] ? never : Ops[Step] & string]: Steps[Step];
};

export function editorialHandlers<
  const Ops extends FormatOperations,
  Row extends EditorialRow,
  Query extends ListQuery,
  Input,
  Admin,
  List,
  Revision,
  Reader = never,
>(
  deps: NewsroomDeps,
  format: EditorialHttpFormat<Ops, Row, Query, Input, Admin, List, Revision, Reader>,
): EditorialHandlerTable<Ops, EditorialSteps<Admin, List, Revision, Reader>> {
  const { clock } = deps;
  const { declaration, schemas, workflow } = format;
  const { noun, operations } = declaration;
  const thisItem = thisItemOf(noun);
  const notFound = notFoundOf(noun);
  const editWhat = `de modifier ${thisItem}`;
  const itemIdOf = (ctx: { params: Record<string, string> }) => parseParams(schemas.id, ctx.params, ['id']);
  // Every list and item of the format carries its tag (decision 032): pages that show none of it stay cached.
  const touched = (result: NewsroomResult<SaveOutcome<Admin>>): Touched =>
    result.ok && result.value.publicChange ? [cacheTag.format(declaration.entity)] : false;
  const staff = <S extends number, B>(handle: (ctx: ReplyContext<S, B>, who: StaffMember) => Promise<Response>): StepHandler<S, B> =>
    staffGuard(deps, null, '', (ctx: ReplyContext<S, B>, session) => handle(ctx, session.member));

  const steps: EditorialSteps<Admin, List, Revision, Reader> = {
    list: staff(async (ctx, who) => {
      const query = parseParams(schemas.listQuery, queryRecord(ctx.url), ['limit', 'offset']);
      if (!query.ok) return query.response;
      const page = await format.list(ctx.db, {
        ...query.value,
        readableBy: readsEverything(who) ? null : who.id,
        limit: query.value.limit ?? appConfig.newsroom.pageSize,
        offset: query.value.offset ?? 0,
      });
      return ctx.reply(200, page, noStore);
    }),
    create: staff(async (ctx, who) => {
      const input = await readBody(ctx, schemas.create);
      if (!input.ok) return input.response;
      const result = await workflow.create(ctx.db, who, input.value, clock.now());
      return answer(result, { member: who, what: createWhat(noun), notFound, thisItem, ok: (item) => ctx.reply(201, item, noStore) });
    }),
    get: staff(async (ctx, who) => {
      const id = itemIdOf(ctx);
      if (!id.ok) return id.response;
      const row = await format.find(ctx.db, id.value.id);
      if (!row) return errorJson(404, notFound);
      if (!canRead(who, row)) return forbidden(who, 'de lire le brouillon de quelqu’un d’autre');
      return ctx.reply(200, await format.toAdmin(ctx.db, row, who), noStore);
    }),
    update: staff(async (ctx, who) => {
      const id = itemIdOf(ctx);
      if (!id.ok) return id.response;
      const input = await readBody(ctx, schemas.update);
      if (!input.ok) return input.response;
      const result = await publicWrite(deps, ctx.db, (tx) => workflow.save(tx, who, id.value.id, input.value, clock.now()), touched);
      return answer(result, { member: who, what: editWhat, notFound, thisItem, ok: (v) => ctx.reply(200, v.item, noStore) });
    }),
    status: staff(async (ctx, who) => {
      const id = itemIdOf(ctx);
      if (!id.ok) return id.response;
      const input = await readBody(ctx, schemas.status);
      if (!input.ok) return input.response;
      const result = await publicWrite(
        deps,
        ctx.db,
        (tx) => workflow.changeStatus(tx, who, id.value.id, input.value, clock.now()),
        touched,
      );
      const what = input.value.action === 'draft' ? editWhat : `de publier, programmer ou dépublier ${thisItem}`;
      return answer(result, { member: who, what, notFound, thisItem, ok: (v) => ctx.reply(200, v.item, noStore) });
    }),
    revisions: staff(async (ctx, who) => {
      const id = itemIdOf(ctx);
      if (!id.ok) return id.response;
      const row = await format.find(ctx.db, id.value.id);
      if (!row) return errorJson(404, notFound);
      if (!canRead(who, row)) return forbidden(who, 'de lire les versions du brouillon de quelqu’un d’autre');
      return ctx.reply(200, { results: await workflow.listRevisions(ctx.db, id.value.id, who) }, noStore);
    }),
    restore: staff(async (ctx, who) => {
      const params = parseParams(schemas.restoreParams, ctx.params, ['id', 'revisionId']);
      if (!params.ok) return params.response;
      const input = await readBody(ctx, schemas.restore);
      if (!input.ok) return input.response;
      const { id, revisionId } = params.value;
      const result = await publicWrite(
        deps,
        ctx.db,
        (tx) => workflow.restore(tx, who, id, revisionId, input.value.version, clock.now()),
        touched,
      );
      return answer(result, {
        member: who,
        what: editWhat,
        notFound: newsroomMessages.revision,
        thisItem,
        ok: (v) => ctx.reply(200, v.item, noStore),
      });
    }),
    previewLink: staff(async (ctx, who) => {
      const links = format.previews;
      if (!links) return errorJson(404, notFound);
      const id = itemIdOf(ctx);
      if (!id.ok) return id.response;
      const result = await links.issue(ctx.db, who, id.value.id, await deps.secretOf(ctx.db), clock.now());
      return answer(result, {
        member: who,
        what: `de partager l'aperçu de ${thisItem}`,
        notFound,
        thisItem,
        ok: (v) => ctx.reply(200, v, noStore),
      });
    }),
    // No session: the signed link is the credential.
    preview: async (ctx) => {
      const { previews } = format;
      const token = schemas.previewToken;
      if (!previews || !token) return errorJson(404, newsroomMessages.preview);
      const params = parseParams(token, ctx.params, []);
      if (!params.ok) return params.response;
      const item = await previews.open(ctx.db, await deps.secretOf(ctx.db), params.value.token, clock.now());
      if (!item) return errorJson(404, newsroomMessages.preview);
      return ctx.reply(200, item, noStore);
    },
  };
  const previewParts = [operations.previewLink, operations.preview, format.previews, schemas.previewToken].map(Boolean);
  if (new Set(previewParts).size > 1) {
    throw new Error(`${declaration.entity}: a preview needs both operations, its links and its token's schema`);
  }
  return byOperation(operations, steps);
}

/** The steps under their operation ids; a step the declaration does not name is left out. */
function byOperation<Ops extends FormatOperations, Steps extends Record<keyof FormatOperations, unknown>>(
  operations: Ops,
  steps: Steps,
): EditorialHandlerTable<Ops, Steps> {
  const table: Record<string, Steps[keyof FormatOperations]> = {};
  for (const step of Object.keys(steps) as (keyof FormatOperations)[]) {
    const operation = operations[step];
    if (operation) table[operation] = steps[step];
  }
  return table as EditorialHandlerTable<Ops, Steps>;
}
