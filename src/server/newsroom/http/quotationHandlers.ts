/** The footer's quotations through the editorial workflow: list, write, save, publish or schedule, revisions. */
import { appConfig } from '../../../../app.config.ts';
import * as contract from '../../../api/generated/zod.ts';
import type { ApiContext, ApiHandlerTable, OperationId } from '../../http/apiTypes.ts';
import { parseParams, queryRecord } from '../../http/parseParams.ts';
import { errorJson } from '../../http/responses.ts';
import { findQuotationRow, listAdminQuotations, toAdminQuotation } from '../quotations/quotationQueries.ts';
import { quotationWorkflow } from '../quotations/quotationWorkflow.ts';
import { canRead } from '../workflow/editorialWorkflow.ts';
import { answerNaming } from './answerNaming.ts';
import { forbidden, type NewsroomDeps, noStore, readBody, readsEverything, staffOnly } from './newsroomHttp.ts';

const notFound = 'Cette citation est introuvable.';
const revisionNotFound = 'Cette révision est introuvable.';

const quotationIdOf = <O extends OperationId>(ctx: ApiContext<O>) =>
  parseParams(contract.GetAdminQuotationParams, ctx.params as Record<string, string>, ['id']);

/** Conflicts name a quotation. */
const quotationAnswer = answerNaming('cette citation');

export function quotationHandlers(deps: NewsroomDeps) {
  const { clock, changed } = deps;
  return {
    listAdminQuotations: staffOnly(deps, null, '', async (ctx, session) => {
      const query = parseParams(contract.ListAdminQuotationsQueryParams, queryRecord(ctx.url), ['limit', 'offset']);
      if (!query.ok) return query.response;
      const page = await listAdminQuotations(ctx.db, {
        status: query.value.status,
        readableBy: readsEverything(session.member) ? null : session.member.id,
        limit: query.value.limit ?? appConfig.newsroom.pageSize,
        offset: query.value.offset ?? 0,
      });
      return ctx.reply(200, page, noStore);
    }),
    createAdminQuotation: staffOnly(deps, null, '', async (ctx, session) => {
      const input = await readBody(ctx, contract.CreateAdminQuotationBody);
      if (!input.ok) return input.response;
      const result = await quotationWorkflow.create(ctx.db, session.member, input.value, clock.now());
      return quotationAnswer(result, {
        member: session.member,
        what: 'de créer une citation',
        notFound,
        ok: (g) => ctx.reply(201, g, noStore),
      });
    }),
    getAdminQuotation: staffOnly(deps, null, '', async (ctx, session) => {
      const id = quotationIdOf(ctx);
      if (!id.ok) return id.response;
      const row = await findQuotationRow(ctx.db, id.value.id);
      if (!row) return errorJson(404, notFound);
      if (!canRead(session.member, row)) return forbidden(session.member, 'de lire le brouillon de quelqu’un d’autre');
      return ctx.reply(200, await toAdminQuotation(ctx.db, row), noStore);
    }),
    updateAdminQuotation: staffOnly(deps, null, '', async (ctx, session) => {
      const id = quotationIdOf(ctx);
      if (!id.ok) return id.response;
      const input = await readBody(ctx, contract.UpdateAdminQuotationBody);
      if (!input.ok) return input.response;
      const result = await quotationWorkflow.save(ctx.db, session.member, id.value.id, input.value, clock.now());
      if (result.ok && result.value.publicChange) await changed();
      return quotationAnswer(result, {
        member: session.member,
        what: 'de modifier cette citation',
        notFound,
        ok: (v) => ctx.reply(200, v.item, noStore),
      });
    }),
    changeAdminQuotationStatus: staffOnly(deps, null, '', async (ctx, session) => {
      const id = quotationIdOf(ctx);
      if (!id.ok) return id.response;
      const input = await readBody(ctx, contract.ChangeAdminQuotationStatusBody);
      if (!input.ok) return input.response;
      const result = await quotationWorkflow.changeStatus(ctx.db, session.member, id.value.id, input.value, clock.now());
      if (result.ok && result.value.publicChange) await changed();
      const what = input.value.action === 'draft' ? 'de modifier cette citation' : 'de publier, programmer ou dépublier cette citation';
      return quotationAnswer(result, { member: session.member, what, notFound, ok: (v) => ctx.reply(200, v.item, noStore) });
    }),
    listQuotationRevisions: staffOnly(deps, null, '', async (ctx, session) => {
      const id = quotationIdOf(ctx);
      if (!id.ok) return id.response;
      const row = await findQuotationRow(ctx.db, id.value.id);
      if (!row) return errorJson(404, notFound);
      if (!canRead(session.member, row)) return forbidden(session.member, 'de lire les versions du brouillon de quelqu’un d’autre');
      return ctx.reply(200, { results: await quotationWorkflow.listRevisions(ctx.db, id.value.id) }, noStore);
    }),
    restoreQuotationRevision: staffOnly(deps, null, '', async (ctx, session) => {
      const params = parseParams(contract.RestoreQuotationRevisionParams, ctx.params, ['id', 'revisionId']);
      if (!params.ok) return params.response;
      const input = await readBody(ctx, contract.RestoreQuotationRevisionBody);
      if (!input.ok) return input.response;
      const result = await quotationWorkflow.restore(
        ctx.db,
        session.member,
        params.value.id,
        params.value.revisionId,
        input.value.version,
        clock.now(),
      );
      if (result.ok && result.value.publicChange) await changed();
      return quotationAnswer(result, {
        member: session.member,
        what: 'de modifier cette citation',
        notFound: revisionNotFound,
        ok: (v) => ctx.reply(200, v.item, noStore),
      });
    }),
  } satisfies ApiHandlerTable;
}
