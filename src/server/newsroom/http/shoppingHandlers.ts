/** The shopping selection through the editorial workflow (editorialHandlers), and its order. */
import * as contract from '../../../api/generated/zod.ts';
import type { NewsroomStatus } from '../../../db/schema.ts';
import type { ApiHandlerTable } from '../../http/apiTypes.ts';
import { findShoppingRow, listAdminShoppingItems, SHOPPING_ORDER_MAX, toAdminShoppingItem } from '../shopping/shoppingQueries.ts';
import { reorderShoppingItems, shoppingWorkflow, shoppingPreviews } from '../shopping/shoppingWorkflow.ts';
import { editorialHandlers } from './editorialHandlers.ts';
import { answer, editors, type NewsroomDeps, newsroomMessages, noStore, readBody, staffOnly } from './newsroomHttp.ts';

export function shoppingHandlers(deps: NewsroomDeps) {
  const { clock, changed } = deps;
  const notFound = newsroomMessages.shopping;
  return {
    ...editorialHandlers(deps, {
      operations: {
        list: 'listAdminShoppingItems',
        create: 'createAdminShoppingItem',
        get: 'getAdminShoppingItem',
        update: 'updateAdminShoppingItem',
        status: 'changeAdminShoppingItemStatus',
        revisions: 'listShoppingItemRevisions',
        restore: 'restoreShoppingItemRevision',
        previewLink: 'createShoppingItemPreviewLink',
        preview: 'getShoppingItemPreview',
      },
      schemas: {
        listQuery: contract.ListAdminShoppingItemsQueryParams,
        id: contract.GetAdminShoppingItemParams,
        create: contract.CreateAdminShoppingItemBody,
        update: contract.UpdateAdminShoppingItemBody,
        status: contract.ChangeAdminShoppingItemStatusBody,
        restoreParams: contract.RestoreShoppingItemRevisionParams,
        restore: contract.RestoreShoppingItemRevisionBody,
      },
      workflow: shoppingWorkflow,
      find: findShoppingRow,
      toAdmin: toAdminShoppingItem,
      list: (db, page) => listAdminShoppingItems(db, { ...page, status: page.status as NewsroomStatus | undefined }),
      notFound,
      thisItem: 'ce produit',
      previews: { links: shoppingPreviews, token: contract.GetShoppingItemPreviewParams },
      createWhat: 'd’ajouter un produit',
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
