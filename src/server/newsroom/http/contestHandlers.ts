/** Contests through the editorial workflow: list, write, save, publish or schedule, revisions. */
import { appConfig } from '../../../../app.config.ts';
import * as contract from '../../../api/generated/zod.ts';
import type { ApiContext, ApiHandlerTable, OperationId } from '../../http/apiTypes.ts';
import { parseParams, queryRecord } from '../../http/parseParams.ts';
import { errorJson } from '../../http/responses.ts';
import { findContestRow, listAdminContests, toAdminContest } from '../contests/contestQueries.ts';
import { contestWorkflow } from '../contests/contestWorkflow.ts';
import { canRead } from '../workflow/editorialWorkflow.ts';
import { answer, forbidden, type NewsroomDeps, newsroomMessages, noStore, readBody, readsEverything, staffOnly } from './newsroomHttp.ts';

const itemIdOf = <O extends OperationId>(ctx: ApiContext<O>) =>
  parseParams(contract.GetAdminContestParams, ctx.params as Record<string, string>, ['id']);

export function contestHandlers(deps: NewsroomDeps) {
  const { clock, changed } = deps;
  const notFound = newsroomMessages.contest;
  const thisItem = 'ce concours';
  return {
    listAdminContests: staffOnly(deps, null, '', async (ctx, session) => {
      const query = parseParams(contract.ListAdminContestsQueryParams, queryRecord(ctx.url), ['limit', 'offset']);
      if (!query.ok) return query.response;
      const page = await listAdminContests(ctx.db, {
        status: query.value.status,
        readableBy: readsEverything(session.member) ? null : session.member.id,
        limit: query.value.limit ?? appConfig.newsroom.pageSize,
        offset: query.value.offset ?? 0,
      });
      return ctx.reply(200, page, noStore);
    }),
    createAdminContest: staffOnly(deps, null, '', async (ctx, session) => {
      const input = await readBody(ctx, contract.CreateAdminContestBody);
      if (!input.ok) return input.response;
      const result = await contestWorkflow.create(ctx.db, session.member, input.value, clock.now());
      return answer(result, {
        member: session.member,
        what: 'de créer un concours',
        notFound,
        thisItem,
        ok: (item) => ctx.reply(201, item, noStore),
      });
    }),
    getAdminContest: staffOnly(deps, null, '', async (ctx, session) => {
      const id = itemIdOf(ctx);
      if (!id.ok) return id.response;
      const row = await findContestRow(ctx.db, id.value.id);
      if (!row) return errorJson(404, notFound);
      if (!canRead(session.member, row)) return forbidden(session.member, 'de lire le brouillon de quelqu’un d’autre');
      return ctx.reply(200, await toAdminContest(ctx.db, row), noStore);
    }),
    updateAdminContest: staffOnly(deps, null, '', async (ctx, session) => {
      const id = itemIdOf(ctx);
      if (!id.ok) return id.response;
      const input = await readBody(ctx, contract.UpdateAdminContestBody);
      if (!input.ok) return input.response;
      const result = await contestWorkflow.save(ctx.db, session.member, id.value.id, input.value, clock.now());
      if (result.ok && result.value.publicChange) await changed();
      return answer(result, {
        member: session.member,
        what: 'de modifier ce concours',
        notFound,
        thisItem,
        ok: (v) => ctx.reply(200, v.item, noStore),
      });
    }),
    changeAdminContestStatus: staffOnly(deps, null, '', async (ctx, session) => {
      const id = itemIdOf(ctx);
      if (!id.ok) return id.response;
      const input = await readBody(ctx, contract.ChangeAdminContestStatusBody);
      if (!input.ok) return input.response;
      const result = await contestWorkflow.changeStatus(ctx.db, session.member, id.value.id, input.value, clock.now());
      if (result.ok && result.value.publicChange) await changed();
      const what = input.value.action === 'draft' ? 'de modifier ce concours' : 'de publier, programmer ou dépublier ce concours';
      return answer(result, { member: session.member, what, notFound, thisItem, ok: (v) => ctx.reply(200, v.item, noStore) });
    }),
    listContestRevisions: staffOnly(deps, null, '', async (ctx, session) => {
      const id = itemIdOf(ctx);
      if (!id.ok) return id.response;
      const row = await findContestRow(ctx.db, id.value.id);
      if (!row) return errorJson(404, notFound);
      if (!canRead(session.member, row)) return forbidden(session.member, 'de lire les versions du brouillon de quelqu’un d’autre');
      return ctx.reply(200, { results: await contestWorkflow.listRevisions(ctx.db, id.value.id) }, noStore);
    }),
    restoreContestRevision: staffOnly(deps, null, '', async (ctx, session) => {
      const params = parseParams(contract.RestoreContestRevisionParams, ctx.params, ['id', 'revisionId']);
      if (!params.ok) return params.response;
      const input = await readBody(ctx, contract.RestoreContestRevisionBody);
      if (!input.ok) return input.response;
      const result = await contestWorkflow.restore(
        ctx.db,
        session.member,
        params.value.id,
        params.value.revisionId,
        input.value.version,
        clock.now(),
      );
      if (result.ok && result.value.publicChange) await changed();
      return answer(result, {
        member: session.member,
        what: 'de modifier ce concours',
        notFound: newsroomMessages.revision,
        thisItem,
        ok: (v) => ctx.reply(200, v.item, noStore),
      });
    }),
  } satisfies ApiHandlerTable;
}
