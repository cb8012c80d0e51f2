/** The footer's quotations (issue 19): everyone reads them, editors write, order and (de)activate them. */
import * as contract from '../../../api/generated/zod.ts';
import type { ApiHandlerTable } from '../../http/apiTypes.ts';
import { getQuotationsSelection, saveQuotations } from '../quotations/quotationsSelection.server.ts';
import { answer, editors, type NewsroomDeps, noStore, readBody, staffOnly } from './newsroomHttp.ts';

const what = 'de modifier les citations';

export function quotationHandlers(deps: NewsroomDeps) {
  const { clock, changed } = deps;
  return {
    getAdminQuotations: staffOnly(deps, null, '', async (ctx) => ctx.reply(200, await getQuotationsSelection(ctx.db), noStore)),
    saveAdminQuotations: staffOnly(deps, editors, what, async (ctx, session) => {
      const input = await readBody(ctx, contract.SaveAdminQuotationsBody);
      if (!input.ok) return input.response;
      const result = await saveQuotations(ctx.db, session.member, input.value.quotations, input.value.version, clock.now());
      if (result.ok) await changed();
      return answer(result, { member: session.member, what, notFound: '', ok: (v) => ctx.reply(200, v, noStore) });
    }),
  } satisfies ApiHandlerTable;
}
