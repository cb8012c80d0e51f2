/** The Instagram feed through the editorial workflow: list, write, save, publish or schedule, revisions. */
import { appConfig } from '../../../../app.config.ts';
import * as contract from '../../../api/generated/zod.ts';
import type { ApiContext, ApiHandlerTable, OperationId } from '../../http/apiTypes.ts';
import { parseParams, queryRecord } from '../../http/parseParams.ts';
import { errorJson } from '../../http/responses.ts';
import { findInstagramRow, listAdminInstagramPosts, toAdminInstagramPost } from '../instagram/instagramQueries.ts';
import { instagramWorkflow } from '../instagram/instagramWorkflow.ts';
import { canRead } from '../workflow/editorialWorkflow.ts';
import { answer, forbidden, type NewsroomDeps, newsroomMessages, noStore, readBody, readsEverything, staffOnly } from './newsroomHttp.ts';

const itemIdOf = <O extends OperationId>(ctx: ApiContext<O>) =>
  parseParams(contract.GetAdminInstagramPostParams, ctx.params as Record<string, string>, ['id']);

export function instagramHandlers(deps: NewsroomDeps) {
  const { clock, changed } = deps;
  const notFound = newsroomMessages.instagram;
  const thisItem = 'ce post';
  return {
    listAdminInstagramPosts: staffOnly(deps, null, '', async (ctx, session) => {
      const query = parseParams(contract.ListAdminInstagramPostsQueryParams, queryRecord(ctx.url), ['limit', 'offset']);
      if (!query.ok) return query.response;
      const page = await listAdminInstagramPosts(ctx.db, {
        status: query.value.status,
        readableBy: readsEverything(session.member) ? null : session.member.id,
        limit: query.value.limit ?? appConfig.newsroom.pageSize,
        offset: query.value.offset ?? 0,
      });
      return ctx.reply(200, page, noStore);
    }),
    createAdminInstagramPost: staffOnly(deps, null, '', async (ctx, session) => {
      const input = await readBody(ctx, contract.CreateAdminInstagramPostBody);
      if (!input.ok) return input.response;
      const result = await instagramWorkflow.create(ctx.db, session.member, input.value, clock.now());
      return answer(result, {
        member: session.member,
        what: 'd’ajouter un post Instagram',
        notFound,
        thisItem,
        ok: (item) => ctx.reply(201, item, noStore),
      });
    }),
    getAdminInstagramPost: staffOnly(deps, null, '', async (ctx, session) => {
      const id = itemIdOf(ctx);
      if (!id.ok) return id.response;
      const row = await findInstagramRow(ctx.db, id.value.id);
      if (!row) return errorJson(404, notFound);
      if (!canRead(session.member, row)) return forbidden(session.member, 'de lire le brouillon de quelqu’un d’autre');
      return ctx.reply(200, await toAdminInstagramPost(ctx.db, row), noStore);
    }),
    updateAdminInstagramPost: staffOnly(deps, null, '', async (ctx, session) => {
      const id = itemIdOf(ctx);
      if (!id.ok) return id.response;
      const input = await readBody(ctx, contract.UpdateAdminInstagramPostBody);
      if (!input.ok) return input.response;
      const result = await instagramWorkflow.save(ctx.db, session.member, id.value.id, input.value, clock.now());
      if (result.ok && result.value.publicChange) await changed();
      return answer(result, {
        member: session.member,
        what: 'de modifier ce post',
        notFound,
        thisItem,
        ok: (v) => ctx.reply(200, v.item, noStore),
      });
    }),
    changeAdminInstagramPostStatus: staffOnly(deps, null, '', async (ctx, session) => {
      const id = itemIdOf(ctx);
      if (!id.ok) return id.response;
      const input = await readBody(ctx, contract.ChangeAdminInstagramPostStatusBody);
      if (!input.ok) return input.response;
      const result = await instagramWorkflow.changeStatus(ctx.db, session.member, id.value.id, input.value, clock.now());
      if (result.ok && result.value.publicChange) await changed();
      const what = input.value.action === 'draft' ? 'de modifier ce post' : 'de publier, programmer ou dépublier ce post';
      return answer(result, { member: session.member, what, notFound, thisItem, ok: (v) => ctx.reply(200, v.item, noStore) });
    }),
    listInstagramPostRevisions: staffOnly(deps, null, '', async (ctx, session) => {
      const id = itemIdOf(ctx);
      if (!id.ok) return id.response;
      const row = await findInstagramRow(ctx.db, id.value.id);
      if (!row) return errorJson(404, notFound);
      if (!canRead(session.member, row)) return forbidden(session.member, 'de lire les versions du brouillon de quelqu’un d’autre');
      return ctx.reply(200, { results: await instagramWorkflow.listRevisions(ctx.db, id.value.id) }, noStore);
    }),
    restoreInstagramPostRevision: staffOnly(deps, null, '', async (ctx, session) => {
      const params = parseParams(contract.RestoreInstagramPostRevisionParams, ctx.params, ['id', 'revisionId']);
      if (!params.ok) return params.response;
      const input = await readBody(ctx, contract.RestoreInstagramPostRevisionBody);
      if (!input.ok) return input.response;
      const result = await instagramWorkflow.restore(
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
        what: 'de modifier ce post',
        notFound: newsroomMessages.revision,
        thisItem,
        ok: (v) => ctx.reply(200, v.item, noStore),
      });
    }),
  } satisfies ApiHandlerTable;
}
