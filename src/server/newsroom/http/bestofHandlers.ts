/** The best-of selection (issue 19): everyone reads it, editors choose and order it. */
import * as contract from '../../../api/generated/zod.ts';
import type { ApiHandlerTable } from '../../http/apiTypes.ts';
import { getBestofSelection, saveBestofSelection } from '../bestof/bestofSelection.server.ts';
import { answer, editors, type NewsroomDeps, noStore, publicWrite, readBody, staffOnly, whenDone } from './newsroomHttp.ts';

const what = 'de composer la sélection best-of';

export function bestofHandlers(deps: NewsroomDeps) {
  const { clock } = deps;
  return {
    getAdminBestof: staffOnly(deps, null, '', async (ctx) => ctx.reply(200, await getBestofSelection(ctx.db), noStore)),
    saveAdminBestof: staffOnly(deps, editors, what, async (ctx, session) => {
      const input = await readBody(ctx, contract.SaveAdminBestofBody);
      if (!input.ok) return input.response;
      const result = await publicWrite(
        deps,
        ctx.db,
        (tx) => saveBestofSelection(tx, session.member, input.value.ids, input.value.version, clock.now()),
        whenDone,
      );
      return answer(result, { member: session.member, what, notFound: '', ok: (v) => ctx.reply(200, v, noStore) });
    }),
  } satisfies ApiHandlerTable;
}
