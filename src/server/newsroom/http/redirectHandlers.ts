/** The redirect table (issue 20) as the newsroom runs it: everyone reads it, editors add and remove. */
import * as contract from '../../../api/generated/zod.ts';
import type { ApiHandlerTable } from '../../http/apiTypes.ts';
import { parseParams, queryRecord } from '../../http/parseParams.ts';
import { deleteRedirect, listRedirects, saveRedirect } from '../../redirects/redirectStore.server.ts';
import { answer, editors, type NewsroomDeps, noContent, noStore, publicWrite, readBody, staffOnly, whenDone } from './newsroomHttp.ts';

const what = 'de gérer les redirections';
const notFound = 'Cette redirection est introuvable.';

export function redirectHandlers(deps: NewsroomDeps) {
  const { clock } = deps;
  return {
    listAdminRedirects: staffOnly(deps, null, '', async (ctx) => {
      const query = parseParams(contract.ListAdminRedirectsQueryParams, queryRecord(ctx.url), ['limit', 'offset']);
      if (!query.ok) return query.response;
      const page = { limit: query.value.limit ?? 50, offset: query.value.offset ?? 0, q: query.value.q ?? null };
      return ctx.reply(200, await listRedirects(ctx.db, page), noStore);
    }),
    createAdminRedirect: staffOnly(deps, editors, what, async (ctx, session) => {
      const input = await readBody(ctx, contract.CreateAdminRedirectBody);
      if (!input.ok) return input.response;
      // The purge follows publicWrite's commit, not the store's own (a savepoint of it).
      const result = await publicWrite(
        deps,
        ctx.db,
        (tx) =>
          saveRedirect(tx, { from: input.value.from, toPath: input.value.to }, 'newsroom', {
            siteUrl: deps.siteOrigin,
            changed: () => {},
            audit: { who: session.member, at: clock.now() },
          }),
        whenDone,
      );
      return answer(result, { member: session.member, what, notFound, ok: (v) => ctx.reply(201, v, noStore) });
    }),
    deleteAdminRedirect: staffOnly(deps, editors, what, async (ctx, session) => {
      const id = parseParams(contract.DeleteAdminRedirectParams, ctx.params, ['id']);
      if (!id.ok) return id.response;
      const result = await publicWrite(
        deps,
        ctx.db,
        (tx) => deleteRedirect(tx, id.value.id, { changed: () => {}, audit: { who: session.member, at: clock.now() } }),
        whenDone,
      );
      return answer(result, { member: session.member, what, notFound, ok: noContent });
    }),
  } satisfies ApiHandlerTable;
}
