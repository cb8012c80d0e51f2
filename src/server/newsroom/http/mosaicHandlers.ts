/** Mosaics through the editorial workflow: list, write, save, publish or schedule, revisions. */
import { appConfig } from '../../../../app.config.ts';
import * as contract from '../../../api/generated/zod.ts';
import type { ApiContext, ApiHandlerTable, OperationId } from '../../http/apiTypes.ts';
import { parseParams, queryRecord } from '../../http/parseParams.ts';
import { errorJson } from '../../http/responses.ts';
import { findMosaicRow, listAdminMosaics, toAdminMosaic } from '../mosaics/mosaicQueries.ts';
import { mosaicWorkflow } from '../mosaics/mosaicWorkflow.ts';
import { canRead } from '../workflow/editorialWorkflow.ts';
import { answer, forbidden, type NewsroomDeps, newsroomMessages, noStore, readBody, readsEverything, staffOnly } from './newsroomHttp.ts';

const itemIdOf = <O extends OperationId>(ctx: ApiContext<O>) =>
  parseParams(contract.GetAdminMosaicParams, ctx.params as Record<string, string>, ['id']);

export function mosaicHandlers(deps: NewsroomDeps) {
  const { clock, changed } = deps;
  const notFound = newsroomMessages.mosaic;
  const thisItem = 'cette mosaïque';
  return {
    listAdminMosaics: staffOnly(deps, null, '', async (ctx, session) => {
      const query = parseParams(contract.ListAdminMosaicsQueryParams, queryRecord(ctx.url), ['limit', 'offset']);
      if (!query.ok) return query.response;
      const page = await listAdminMosaics(ctx.db, {
        status: query.value.status,
        readableBy: readsEverything(session.member) ? null : session.member.id,
        limit: query.value.limit ?? appConfig.newsroom.pageSize,
        offset: query.value.offset ?? 0,
      });
      return ctx.reply(200, page, noStore);
    }),
    createAdminMosaic: staffOnly(deps, null, '', async (ctx, session) => {
      const input = await readBody(ctx, contract.CreateAdminMosaicBody);
      if (!input.ok) return input.response;
      const result = await mosaicWorkflow.create(ctx.db, session.member, input.value, clock.now());
      return answer(result, {
        member: session.member,
        what: 'de créer une mosaïque',
        notFound,
        thisItem,
        ok: (item) => ctx.reply(201, item, noStore),
      });
    }),
    getAdminMosaic: staffOnly(deps, null, '', async (ctx, session) => {
      const id = itemIdOf(ctx);
      if (!id.ok) return id.response;
      const row = await findMosaicRow(ctx.db, id.value.id);
      if (!row) return errorJson(404, notFound);
      if (!canRead(session.member, row)) return forbidden(session.member, 'de lire le brouillon de quelqu’un d’autre');
      return ctx.reply(200, await toAdminMosaic(ctx.db, row), noStore);
    }),
    updateAdminMosaic: staffOnly(deps, null, '', async (ctx, session) => {
      const id = itemIdOf(ctx);
      if (!id.ok) return id.response;
      const input = await readBody(ctx, contract.UpdateAdminMosaicBody);
      if (!input.ok) return input.response;
      const result = await mosaicWorkflow.save(ctx.db, session.member, id.value.id, input.value, clock.now());
      if (result.ok && result.value.publicChange) await changed();
      return answer(result, {
        member: session.member,
        what: 'de modifier cette mosaïque',
        notFound,
        thisItem,
        ok: (v) => ctx.reply(200, v.item, noStore),
      });
    }),
    changeAdminMosaicStatus: staffOnly(deps, null, '', async (ctx, session) => {
      const id = itemIdOf(ctx);
      if (!id.ok) return id.response;
      const input = await readBody(ctx, contract.ChangeAdminMosaicStatusBody);
      if (!input.ok) return input.response;
      const result = await mosaicWorkflow.changeStatus(ctx.db, session.member, id.value.id, input.value, clock.now());
      if (result.ok && result.value.publicChange) await changed();
      const what = input.value.action === 'draft' ? 'de modifier cette mosaïque' : 'de publier, programmer ou dépublier cette mosaïque';
      return answer(result, { member: session.member, what, notFound, thisItem, ok: (v) => ctx.reply(200, v.item, noStore) });
    }),
    listMosaicRevisions: staffOnly(deps, null, '', async (ctx, session) => {
      const id = itemIdOf(ctx);
      if (!id.ok) return id.response;
      const row = await findMosaicRow(ctx.db, id.value.id);
      if (!row) return errorJson(404, notFound);
      if (!canRead(session.member, row)) return forbidden(session.member, 'de lire les versions du brouillon de quelqu’un d’autre');
      return ctx.reply(200, { results: await mosaicWorkflow.listRevisions(ctx.db, id.value.id) }, noStore);
    }),
    restoreMosaicRevision: staffOnly(deps, null, '', async (ctx, session) => {
      const params = parseParams(contract.RestoreMosaicRevisionParams, ctx.params, ['id', 'revisionId']);
      if (!params.ok) return params.response;
      const input = await readBody(ctx, contract.RestoreMosaicRevisionBody);
      if (!input.ok) return input.response;
      const result = await mosaicWorkflow.restore(
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
        what: 'de modifier cette mosaïque',
        notFound: newsroomMessages.revision,
        thisItem,
        ok: (v) => ctx.reply(200, v.item, noStore),
      });
    }),
  } satisfies ApiHandlerTable;
}
