/** Bylines as the newsroom runs them: everyone reads the list (the article editor picks from it); editors and admins write. */
import * as contract from '../../../api/generated/zod.ts';
import type { ApiHandlerTable } from '../../http/apiTypes.ts';
import { parseParams } from '../../http/parseParams.ts';
import { createAuthor, listAdminAuthors, updateAuthor } from '../authorsAdmin.server.ts';
import { answer, editors, type NewsroomDeps, noStore, publicWrite, readBody, staffOnly, whenDone } from './newsroomHttp.ts';

const what = 'de gérer les signatures';
const notFound = 'Cette signature est introuvable.';

export function authorHandlers(deps: NewsroomDeps) {
  const { clock } = deps;
  return {
    listAdminAuthors: staffOnly(deps, null, '', async (ctx) => ctx.reply(200, { results: await listAdminAuthors(ctx.db) }, noStore)),
    createAdminAuthor: staffOnly(deps, editors, what, async (ctx, session) => {
      const input = await readBody(ctx, contract.CreateAdminAuthorBody);
      if (!input.ok) return input.response;
      const result = await publicWrite(deps, ctx.db, (tx) => createAuthor(tx, session.member, input.value, clock.now()), whenDone);
      return answer(result, { member: session.member, what, notFound, ok: (v) => ctx.reply(201, v, noStore) });
    }),
    updateAdminAuthor: staffOnly(deps, editors, what, async (ctx, session) => {
      const id = parseParams(contract.UpdateAdminAuthorParams, ctx.params, ['id']);
      if (!id.ok) return id.response;
      const input = await readBody(ctx, contract.UpdateAdminAuthorBody);
      if (!input.ok) return input.response;
      // Their page, every article they sign and the redirect lookups change: every process forgets its pages.
      const result = await publicWrite(
        deps,
        ctx.db,
        (tx) => updateAuthor(tx, session.member, id.value.id, input.value, clock.now()),
        whenDone,
      );
      return answer(result, { member: session.member, what, notFound, ok: (v) => ctx.reply(200, v, noStore) });
    }),
  } satisfies ApiHandlerTable;
}
