/** The shopping selection through the editorial workflow (editorialHandlers), and its order. */
import * as contract from '../../../api/generated/zod.ts';
import type { NewsroomStatus } from '../../../db/schema.ts';
import { shoppingDeclaration } from '../../../formats/shoppingFormat.ts';
import type { ApiHandlerTable } from '../../http/apiTypes.ts';
import { findShoppingRow, listAdminShoppingItems, SHOPPING_ORDER_MAX, toAdminShoppingItem } from '../shopping/shoppingQueries.ts';
import { reorderShoppingItems, shoppingWorkflow, shoppingPreviews } from '../shopping/shoppingWorkflow.ts';
import { editorialHandlers } from './editorialHandlers.ts';
import { contractSchemas } from './editorialSchemas.ts';
import { answer, editors, type NewsroomDeps, newsroomMessages, noStore, readBody, staffOnly } from './newsroomHttp.ts';

export function shoppingHandlers(deps: NewsroomDeps) {
  const { clock, changed } = deps;
  const notFound = newsroomMessages.shopping;
  return {
    ...editorialHandlers(deps, {
      declaration: shoppingDeclaration,
      schemas: contractSchemas(shoppingDeclaration.operations),
      workflow: shoppingWorkflow,
      find: findShoppingRow,
      toAdmin: toAdminShoppingItem,
      list: (db, page) => listAdminShoppingItems(db, { ...page, status: page.status as NewsroomStatus | undefined }),
      previews: { links: shoppingPreviews, token: contract.GetShoppingItemPreviewParams },
    }),
    reorderAdminShoppingItems: staffOnly(deps, editors, 'de réordonner la sélection shopping', async (ctx, session) => {
      const input = await readBody(ctx, contract.ReorderAdminShoppingItemsBody);
      if (!input.ok) return input.response;
      const result = await reorderShoppingItems(ctx.db, session.member, input.value.ids, clock.now());
      if (result.ok) await changed();
      return answer(result, {
        member: session.member,
        what: 'de réordonner la sélection shopping',
        notFound,
        ok: async () => ctx.reply(200, await listAdminShoppingItems(ctx.db, { limit: SHOPPING_ORDER_MAX, offset: 0 }), noStore),
      });
    }),
  } satisfies ApiHandlerTable;
}
