/** Marketing popins through the editorial workflow: list, write, save, publish or schedule, revisions, preview. */
import { appConfig } from '../../../../app.config.ts';
import * as contract from '../../../api/generated/zod.ts';
import type { ApiContext, ApiHandlerTable, OperationId } from '../../http/apiTypes.ts';
import { parseParams, queryRecord } from '../../http/parseParams.ts';
import { errorJson } from '../../http/responses.ts';
import { findPopinRow, listAdminPopins, toAdminPopin } from '../popins/popinQueries.ts';
import { issuePopinPreviewLink, popinWorkflow, previewPopin } from '../popins/popinWorkflow.ts';
import { canRead } from '../workflow/editorialWorkflow.ts';
import { answer, forbidden, type NewsroomDeps, newsroomMessages, noStore, readBody, readsEverything, staffOnly } from './newsroomHttp.ts';

const popinIdOf = <O extends OperationId>(ctx: ApiContext<O>) =>
  parseParams(contract.GetAdminPopinParams, ctx.params as Record<string, string>, ['id']);

export function popinHandlers(deps: NewsroomDeps) {
  const { clock, changed } = deps;
  const notFound = newsroomMessages.popin;
  const thisItem = 'cette popin';
  return {
    listAdminPopins: staffOnly(deps, null, '', async (ctx, session) => {
      const query = parseParams(contract.ListAdminPopinsQueryParams, queryRecord(ctx.url), ['limit', 'offset']);
      if (!query.ok) return query.response;
      const page = await listAdminPopins(ctx.db, {
        status: query.value.status,
        readableBy: readsEverything(session.member) ? null : session.member.id,
        limit: query.value.limit ?? appConfig.newsroom.pageSize,
        offset: query.value.offset ?? 0,
      });
      return ctx.reply(200, page, noStore);
    }),
    createAdminPopin: staffOnly(deps, null, '', async (ctx, session) => {
      const input = await readBody(ctx, contract.CreateAdminPopinBody);
      if (!input.ok) return input.response;
      const result = await popinWorkflow.create(ctx.db, session.member, input.value, clock.now());
      return answer(result, {
        member: session.member,
        what: 'de créer une popin',
        notFound,
        thisItem,
        ok: (p) => ctx.reply(201, p, noStore),
      });
    }),
    getAdminPopin: staffOnly(deps, null, '', async (ctx, session) => {
      const id = popinIdOf(ctx);
      if (!id.ok) return id.response;
      const row = await findPopinRow(ctx.db, id.value.id);
      if (!row) return errorJson(404, notFound);
      if (!canRead(session.member, row)) return forbidden(session.member, 'de lire le brouillon de quelqu’un d’autre');
      return ctx.reply(200, await toAdminPopin(ctx.db, row), noStore);
    }),
    updateAdminPopin: staffOnly(deps, null, '', async (ctx, session) => {
      const id = popinIdOf(ctx);
      if (!id.ok) return id.response;
      const input = await readBody(ctx, contract.UpdateAdminPopinBody);
      if (!input.ok) return input.response;
      const result = await popinWorkflow.save(ctx.db, session.member, id.value.id, input.value, clock.now());
      if (result.ok && result.value.publicChange) await changed();
      return answer(result, {
        member: session.member,
        what: 'de modifier cette popin',
        notFound,
        thisItem,
        ok: (v) => ctx.reply(200, v.item, noStore),
      });
    }),
    changeAdminPopinStatus: staffOnly(deps, null, '', async (ctx, session) => {
      const id = popinIdOf(ctx);
      if (!id.ok) return id.response;
      const input = await readBody(ctx, contract.ChangeAdminPopinStatusBody);
      if (!input.ok) return input.response;
      const result = await popinWorkflow.changeStatus(ctx.db, session.member, id.value.id, input.value, clock.now());
      if (result.ok && result.value.publicChange) await changed();
      const what = input.value.action === 'draft' ? 'de modifier cette popin' : 'de publier, programmer ou dépublier cette popin';
      return answer(result, { member: session.member, what, notFound, thisItem, ok: (v) => ctx.reply(200, v.item, noStore) });
    }),
    listPopinRevisions: staffOnly(deps, null, '', async (ctx, session) => {
      const id = popinIdOf(ctx);
      if (!id.ok) return id.response;
      const row = await findPopinRow(ctx.db, id.value.id);
      if (!row) return errorJson(404, notFound);
      if (!canRead(session.member, row)) return forbidden(session.member, 'de lire les versions du brouillon de quelqu’un d’autre');
      return ctx.reply(200, { results: await popinWorkflow.listRevisions(ctx.db, id.value.id) }, noStore);
    }),
    restorePopinRevision: staffOnly(deps, null, '', async (ctx, session) => {
      const params = parseParams(contract.RestorePopinRevisionParams, ctx.params, ['id', 'revisionId']);
      if (!params.ok) return params.response;
      const input = await readBody(ctx, contract.RestorePopinRevisionBody);
      if (!input.ok) return input.response;
      const result = await popinWorkflow.restore(
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
        what: 'de modifier cette popin',
        notFound: newsroomMessages.revision,
        thisItem,
        ok: (v) => ctx.reply(200, v.item, noStore),
      });
    }),
    createPopinPreviewLink: staffOnly(deps, null, '', async (ctx, session) => {
      const id = popinIdOf(ctx);
      if (!id.ok) return id.response;
      const result = await issuePopinPreviewLink(ctx.db, session.member, id.value.id, await deps.secretOf(ctx.db), clock.now());
      return answer(result, {
        member: session.member,
        what: "de partager l'aperçu de cette popin",
        notFound,
        ok: (v) => ctx.reply(200, v, noStore),
      });
    }),
    // No session: the signed link is the credential (as the articles' preview).
    getPopinPreview: async (ctx) => {
      const params = parseParams(contract.GetPopinPreviewParams, ctx.params, []);
      if (!params.ok) return params.response;
      const popin = await previewPopin(ctx.db, await deps.secretOf(ctx.db), params.value.token, clock.now());
      if (!popin) return errorJson(404, newsroomMessages.preview);
      return ctx.reply(200, popin, noStore);
    },
  } satisfies ApiHandlerTable;
}
