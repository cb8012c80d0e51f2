/**
 * Preview links: a member makes a signed link that expires; whoever holds it sees the article as it would
 * be published, without a session (the link is the credential).
 */
import * as contract from '../../../api/generated/zod.ts';
import type { ApiHandlerTable } from '../../http/apiTypes.ts';
import { parseParams } from '../../http/parseParams.ts';
import { errorJson } from '../../http/responses.ts';
import { articlePreviews } from '../articles/articleWorkflow.ts';
import { answer, articleIdOf, type NewsroomDeps, newsroomMessages, noStore, staffOnly } from './newsroomHttp.ts';

export function previewHandlers(deps: NewsroomDeps) {
  const { clock } = deps;
  const notFound = newsroomMessages.article;
  return {
    createPreviewLink: staffOnly(deps, null, '', async (ctx, session) => {
      const id = articleIdOf(ctx);
      if (!id.ok) return id.response;
      const result = await articlePreviews.issue(ctx.db, session.member, id.value.id, await deps.secretOf(ctx.db), clock.now());
      return answer(result, {
        member: session.member,
        what: "de partager l'aperçu de cet article",
        notFound,
        ok: (v) => ctx.reply(200, v, noStore),
      });
    }),
    getArticlePreview: async (ctx) => {
      const params = parseParams(contract.GetArticlePreviewParams, ctx.params, []);
      if (!params.ok) return params.response;
      const article = await articlePreviews.open(ctx.db, await deps.secretOf(ctx.db), params.value.token, clock.now());
      if (!article) return errorJson(404, newsroomMessages.preview);
      return ctx.reply(200, { result: article, url: article.url }, noStore);
    },
  } satisfies ApiHandlerTable;
}
