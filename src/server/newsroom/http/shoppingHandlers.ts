/** The shopping selection's own operation: its order (the rest is the editorial workflow's, formatHandlers.ts). */
import * as contract from '../../../api/generated/zod.ts';
import type { ApiHandlerTable } from '../../http/apiTypes.ts';
import { SHOPPING_ORDER_MAX } from '../shopping/shoppingQueries.ts';
import { listAdminShoppingItems, reorderShoppingItems } from '../shopping/shoppingWorkflow.ts';
import {
  answer,
  editors,
  type NewsroomDeps,
  newsroomMessages,
  noStore,
  publicWrite,
  readBody,
  staffOnly,
  whenDone,
} from './newsroomHttp.ts';

export function shoppingHandlers(deps: NewsroomDeps) {
  const { clock } = deps;
  const notFound = newsroomMessages.shopping;
  return {
    reorderAdminShoppingItems: staffOnly(deps, editors, 'de réordonner la sélection shopping', async (ctx, session) => {
      const input = await readBody(ctx, contract.ReorderAdminShoppingItemsBody);
      if (!input.ok) return input.response;
      const result = await publicWrite(
        deps,
        ctx.db,
        (tx) => reorderShoppingItems(tx, session.member, input.value.ids, clock.now()),
        whenDone,
      );
      return answer(result, {
        member: session.member,
        what: 'de réordonner la sélection shopping',
        notFound,
        ok: async () => ctx.reply(200, await listAdminShoppingItems(ctx.db, { limit: SHOPPING_ORDER_MAX, offset: 0 }), noStore),
      });
    }),
  } satisfies ApiHandlerTable;
}
