/** Marketing popins through the editorial workflow (editorialHandlers), and their signed preview links. */
import * as contract from '../../../api/generated/zod.ts';
import type { NewsroomStatus } from '../../../db/schema.ts';
import type { ApiContext, ApiHandlerTable, OperationId } from '../../http/apiTypes.ts';
import { parseParams } from '../../http/parseParams.ts';
import { errorJson } from '../../http/responses.ts';
import { findPopinRow, listAdminPopins, toAdminPopin } from '../popins/popinQueries.ts';
import { issuePopinPreviewLink, popinWorkflow, previewPopin } from '../popins/popinWorkflow.ts';
import { editorialHandlers } from './editorialHandlers.ts';
import { answer, type NewsroomDeps, newsroomMessages, noStore, staffOnly } from './newsroomHttp.ts';

const popinIdOf = <O extends OperationId>(ctx: ApiContext<O>) =>
  parseParams(contract.GetAdminPopinParams, ctx.params as Record<string, string>, ['id']);

export function popinHandlers(deps: NewsroomDeps) {
  const { clock } = deps;
  const notFound = newsroomMessages.popin;
  return {
    ...editorialHandlers(deps, {
      operations: {
        list: 'listAdminPopins',
        create: 'createAdminPopin',
        get: 'getAdminPopin',
        update: 'updateAdminPopin',
        status: 'changeAdminPopinStatus',
        revisions: 'listPopinRevisions',
        restore: 'restorePopinRevision',
      },
      schemas: {
        listQuery: contract.ListAdminPopinsQueryParams,
        id: contract.GetAdminPopinParams,
        create: contract.CreateAdminPopinBody,
        update: contract.UpdateAdminPopinBody,
        status: contract.ChangeAdminPopinStatusBody,
        restoreParams: contract.RestorePopinRevisionParams,
        restore: contract.RestorePopinRevisionBody,
      },
      workflow: popinWorkflow,
      find: findPopinRow,
      toAdmin: toAdminPopin,
      list: (db, page) => listAdminPopins(db, { ...page, status: page.status as NewsroomStatus | undefined }),
      notFound,
      thisItem: 'cette popin',
      createWhat: 'de créer une popin',
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
