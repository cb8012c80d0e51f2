/** The shopping selection through the editorial workflow: list, write, save, publish or schedule, revisions, order. */
import { appConfig } from '../../../../app.config.ts';
import * as contract from '../../../api/generated/zod.ts';
import type { ApiContext, ApiHandlerTable, OperationId } from '../../http/apiTypes.ts';
import { parseParams, queryRecord } from '../../http/parseParams.ts';
import { errorJson } from '../../http/responses.ts';
import { findShoppingRow, listAdminShoppingItems, SHOPPING_ORDER_MAX, toAdminShoppingItem } from '../shopping/shoppingQueries.ts';
import { reorderShoppingItems, shoppingWorkflow } from '../shopping/shoppingWorkflow.ts';
import { canRead } from '../workflow/editorialWorkflow.ts';
import {
  answer,
  editors,
  forbidden,
  type NewsroomDeps,
  newsroomMessages,
  noStore,
  readBody,
  readsEverything,
  staffOnly,
} from './newsroomHttp.ts';

const itemIdOf = <O extends OperationId>(ctx: ApiContext<O>) =>
  parseParams(contract.GetAdminShoppingItemParams, ctx.params as Record<string, string>, ['id']);

export function shoppingHandlers(deps: NewsroomDeps) {
  const { clock, changed } = deps;
  const notFound = newsroomMessages.shopping;
  const thisItem = 'ce produit';
  return {
    listAdminShoppingItems: staffOnly(deps, null, '', async (ctx, session) => {
      const query = parseParams(contract.ListAdminShoppingItemsQueryParams, queryRecord(ctx.url), ['limit', 'offset']);
      if (!query.ok) return query.response;
      const page = await listAdminShoppingItems(ctx.db, {
        status: query.value.status,
        readableBy: readsEverything(session.member) ? null : session.member.id,
        limit: query.value.limit ?? appConfig.newsroom.pageSize,
        offset: query.value.offset ?? 0,
      });
      return ctx.reply(200, page, noStore);
    }),
    createAdminShoppingItem: staffOnly(deps, null, '', async (ctx, session) => {
      const input = await readBody(ctx, contract.CreateAdminShoppingItemBody);
      if (!input.ok) return input.response;
      const result = await shoppingWorkflow.create(ctx.db, session.member, input.value, clock.now());
      return answer(result, {
        member: session.member,
        what: 'd’ajouter un produit',
        notFound,
        thisItem,
        ok: (item) => ctx.reply(201, item, noStore),
      });
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
    getAdminShoppingItem: staffOnly(deps, null, '', async (ctx, session) => {
      const id = itemIdOf(ctx);
      if (!id.ok) return id.response;
      const row = await findShoppingRow(ctx.db, id.value.id);
      if (!row) return errorJson(404, notFound);
      if (!canRead(session.member, row)) return forbidden(session.member, 'de lire le brouillon de quelqu’un d’autre');
      return ctx.reply(200, await toAdminShoppingItem(ctx.db, row), noStore);
    }),
    updateAdminShoppingItem: staffOnly(deps, null, '', async (ctx, session) => {
      const id = itemIdOf(ctx);
      if (!id.ok) return id.response;
      const input = await readBody(ctx, contract.UpdateAdminShoppingItemBody);
      if (!input.ok) return input.response;
      const result = await shoppingWorkflow.save(ctx.db, session.member, id.value.id, input.value, clock.now());
      if (result.ok && result.value.publicChange) await changed();
      return answer(result, {
        member: session.member,
        what: 'de modifier ce produit',
        notFound,
        thisItem,
        ok: (v) => ctx.reply(200, v.item, noStore),
      });
    }),
    changeAdminShoppingItemStatus: staffOnly(deps, null, '', async (ctx, session) => {
      const id = itemIdOf(ctx);
      if (!id.ok) return id.response;
      const input = await readBody(ctx, contract.ChangeAdminShoppingItemStatusBody);
      if (!input.ok) return input.response;
      const result = await shoppingWorkflow.changeStatus(ctx.db, session.member, id.value.id, input.value, clock.now());
      if (result.ok && result.value.publicChange) await changed();
      const what = input.value.action === 'draft' ? 'de modifier ce produit' : 'de publier, programmer ou dépublier ce produit';
      return answer(result, { member: session.member, what, notFound, thisItem, ok: (v) => ctx.reply(200, v.item, noStore) });
    }),
    listShoppingItemRevisions: staffOnly(deps, null, '', async (ctx, session) => {
      const id = itemIdOf(ctx);
      if (!id.ok) return id.response;
      const row = await findShoppingRow(ctx.db, id.value.id);
      if (!row) return errorJson(404, notFound);
      if (!canRead(session.member, row)) return forbidden(session.member, 'de lire les versions du brouillon de quelqu’un d’autre');
      return ctx.reply(200, { results: await shoppingWorkflow.listRevisions(ctx.db, id.value.id) }, noStore);
    }),
    restoreShoppingItemRevision: staffOnly(deps, null, '', async (ctx, session) => {
      const params = parseParams(contract.RestoreShoppingItemRevisionParams, ctx.params, ['id', 'revisionId']);
      if (!params.ok) return params.response;
      const input = await readBody(ctx, contract.RestoreShoppingItemRevisionBody);
      if (!input.ok) return input.response;
      const result = await shoppingWorkflow.restore(
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
        what: 'de modifier ce produit',
        notFound: newsroomMessages.revision,
        thisItem,
        ok: (v) => ctx.reply(200, v.item, noStore),
      });
    }),
  } satisfies ApiHandlerTable;
}
