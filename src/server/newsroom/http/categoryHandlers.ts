/** The magazine's categories, as editors run them. */
import * as contract from '../../../api/generated/zod.ts';
import type { ApiHandlerTable } from '../../http/apiTypes.ts';
import { parseParams } from '../../http/parseParams.ts';
import { createCategory, deleteCategory, listAdminCategories, reorderCategories, updateCategory } from '../categoriesAdmin.server.ts';
import {
  answer,
  editors,
  type NewsroomDeps,
  newsroomMessages,
  noContent,
  noStore,
  publicWrite,
  readBody,
  staffOnly,
  whenDone,
} from './newsroomHttp.ts';

const what = 'de gérer les rubriques';

export function categoryHandlers(deps: NewsroomDeps) {
  const { clock } = deps;
  return {
    listAdminCategories: staffOnly(deps, null, '', async (ctx) => ctx.reply(200, { results: await listAdminCategories(ctx.db) }, noStore)),
    createAdminCategory: staffOnly(deps, editors, what, async (ctx, session) => {
      const input = await readBody(ctx, contract.CreateAdminCategoryBody);
      if (!input.ok) return input.response;
      const result = await publicWrite(deps, ctx.db, (tx) => createCategory(tx, session.member, input.value, clock.now()), whenDone);
      return answer(result, { member: session.member, what, notFound: newsroomMessages.category, ok: (v) => ctx.reply(201, v, noStore) });
    }),
    reorderAdminCategories: staffOnly(deps, editors, what, async (ctx, session) => {
      const input = await readBody(ctx, contract.ReorderAdminCategoriesBody);
      if (!input.ok) return input.response;
      const result = await publicWrite(deps, ctx.db, (tx) => reorderCategories(tx, session.member, input.value.ids, clock.now()), whenDone);
      return answer(result, {
        member: session.member,
        what,
        notFound: newsroomMessages.category,
        ok: async () => ctx.reply(200, { results: await listAdminCategories(ctx.db) }, noStore),
      });
    }),
    updateAdminCategory: staffOnly(deps, editors, what, async (ctx, session) => {
      const id = parseParams(contract.UpdateAdminCategoryParams, ctx.params, ['id']);
      if (!id.ok) return id.response;
      const input = await readBody(ctx, contract.UpdateAdminCategoryBody);
      if (!input.ok) return input.response;
      const result = await publicWrite(
        deps,
        ctx.db,
        (tx) => updateCategory(tx, session.member, id.value.id, input.value, clock.now()),
        whenDone,
      );
      return answer(result, { member: session.member, what, notFound: newsroomMessages.category, ok: (v) => ctx.reply(200, v, noStore) });
    }),
    deleteAdminCategory: staffOnly(deps, editors, what, async (ctx, session) => {
      const id = parseParams(contract.DeleteAdminCategoryParams, ctx.params, ['id']);
      if (!id.ok) return id.response;
      const result = await publicWrite(deps, ctx.db, (tx) => deleteCategory(tx, session.member, id.value.id, clock.now()), whenDone);
      return answer(result, { member: session.member, what, notFound: newsroomMessages.category, ok: noContent });
    }),
  } satisfies ApiHandlerTable;
}
