/** Quizzes through the editorial workflow: list, write, save, publish or schedule, revisions, preview. */
import { appConfig } from '../../../../app.config.ts';
import * as contract from '../../../api/generated/zod.ts';
import type { ApiContext, ApiHandlerTable, OperationId } from '../../http/apiTypes.ts';
import { parseParams, queryRecord } from '../../http/parseParams.ts';
import { errorJson } from '../../http/responses.ts';
import { findQuizRow, listAdminQuizzes, toAdminQuiz } from '../quizzes/quizQueries.ts';
import { issueQuizPreviewLink, quizOfPreviewToken, quizWorkflow } from '../quizzes/quizWorkflow.ts';
import { canRead } from '../workflow/editorialWorkflow.ts';
import { answer, forbidden, type NewsroomDeps, newsroomMessages, noStore, readBody, readsEverything, staffOnly } from './newsroomHttp.ts';

const quizIdOf = <O extends OperationId>(ctx: ApiContext<O>) =>
  parseParams(contract.GetAdminQuizParams, ctx.params as Record<string, string>, ['id']);

export function quizHandlers(deps: NewsroomDeps) {
  const { clock, changed } = deps;
  const notFound = newsroomMessages.quiz;
  const thisItem = 'ce quiz';
  return {
    listAdminQuizzes: staffOnly(deps, null, '', async (ctx, session) => {
      const query = parseParams(contract.ListAdminQuizzesQueryParams, queryRecord(ctx.url), ['limit', 'offset']);
      if (!query.ok) return query.response;
      const page = await listAdminQuizzes(ctx.db, {
        q: query.value.q,
        status: query.value.status,
        readableBy: readsEverything(session.member) ? null : session.member.id,
        limit: query.value.limit ?? appConfig.newsroom.pageSize,
        offset: query.value.offset ?? 0,
      });
      return ctx.reply(200, page, noStore);
    }),
    createAdminQuiz: staffOnly(deps, null, '', async (ctx, session) => {
      const input = await readBody(ctx, contract.CreateAdminQuizBody);
      if (!input.ok) return input.response;
      const result = await quizWorkflow.create(ctx.db, session.member, input.value, clock.now());
      return answer(result, {
        member: session.member,
        what: 'de créer un quiz',
        notFound,
        thisItem,
        ok: (q) => ctx.reply(201, q, noStore),
      });
    }),
    getAdminQuiz: staffOnly(deps, null, '', async (ctx, session) => {
      const id = quizIdOf(ctx);
      if (!id.ok) return id.response;
      const row = await findQuizRow(ctx.db, id.value.id);
      if (!row) return errorJson(404, notFound);
      if (!canRead(session.member, row)) return forbidden(session.member, 'de lire le brouillon de quelqu’un d’autre');
      return ctx.reply(200, await toAdminQuiz(ctx.db, row), noStore);
    }),
    updateAdminQuiz: staffOnly(deps, null, '', async (ctx, session) => {
      const id = quizIdOf(ctx);
      if (!id.ok) return id.response;
      const input = await readBody(ctx, contract.UpdateAdminQuizBody);
      if (!input.ok) return input.response;
      const result = await quizWorkflow.save(ctx.db, session.member, id.value.id, input.value, clock.now());
      if (result.ok && result.value.publicChange) await changed();
      return answer(result, {
        member: session.member,
        what: 'de modifier ce quiz',
        notFound,
        thisItem,
        ok: (v) => ctx.reply(200, v.item, noStore),
      });
    }),
    changeAdminQuizStatus: staffOnly(deps, null, '', async (ctx, session) => {
      const id = quizIdOf(ctx);
      if (!id.ok) return id.response;
      const input = await readBody(ctx, contract.ChangeAdminQuizStatusBody);
      if (!input.ok) return input.response;
      const result = await quizWorkflow.changeStatus(ctx.db, session.member, id.value.id, input.value, clock.now());
      if (result.ok && result.value.publicChange) await changed();
      const what = input.value.action === 'draft' ? 'de modifier ce quiz' : 'de publier, programmer ou dépublier ce quiz';
      return answer(result, { member: session.member, what, notFound, thisItem, ok: (v) => ctx.reply(200, v.item, noStore) });
    }),
    listQuizRevisions: staffOnly(deps, null, '', async (ctx, session) => {
      const id = quizIdOf(ctx);
      if (!id.ok) return id.response;
      const row = await findQuizRow(ctx.db, id.value.id);
      if (!row) return errorJson(404, notFound);
      if (!canRead(session.member, row)) return forbidden(session.member, 'de lire les versions du brouillon de quelqu’un d’autre');
      return ctx.reply(200, { results: await quizWorkflow.listRevisions(ctx.db, id.value.id) }, noStore);
    }),
    restoreQuizRevision: staffOnly(deps, null, '', async (ctx, session) => {
      const params = parseParams(contract.RestoreQuizRevisionParams, ctx.params, ['id', 'revisionId']);
      if (!params.ok) return params.response;
      const input = await readBody(ctx, contract.RestoreQuizRevisionBody);
      if (!input.ok) return input.response;
      const result = await quizWorkflow.restore(
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
        what: 'de modifier ce quiz',
        notFound: newsroomMessages.revision,
        thisItem,
        ok: (v) => ctx.reply(200, v.item, noStore),
      });
    }),
    createQuizPreviewLink: staffOnly(deps, null, '', async (ctx, session) => {
      const id = quizIdOf(ctx);
      if (!id.ok) return id.response;
      const result = await issueQuizPreviewLink(ctx.db, session.member, id.value.id, await deps.secretOf(ctx.db), clock.now());
      return answer(result, {
        member: session.member,
        what: "de partager l'aperçu de ce quiz",
        notFound,
        ok: (v) => ctx.reply(200, v, noStore),
      });
    }),
    // No session: the signed link is the credential (as the articles' preview).
    getQuizPreview: async (ctx) => {
      const params = parseParams(contract.GetQuizPreviewParams, ctx.params, []);
      if (!params.ok) return params.response;
      const quiz = await quizOfPreviewToken(ctx.db, await deps.secretOf(ctx.db), params.value.token, clock.now());
      if (!quiz) return errorJson(404, newsroomMessages.preview);
      return ctx.reply(200, quiz, noStore);
    },
  } satisfies ApiHandlerTable;
}
