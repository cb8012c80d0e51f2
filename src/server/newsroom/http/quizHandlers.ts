/** Quizzes through the editorial workflow (editorialHandlers), and their signed preview links. */
import * as contract from '../../../api/generated/zod.ts';
import type { NewsroomStatus } from '../../../db/schema.ts';
import type { ApiContext, ApiHandlerTable, OperationId } from '../../http/apiTypes.ts';
import { parseParams } from '../../http/parseParams.ts';
import { errorJson } from '../../http/responses.ts';
import { findQuizRow, listAdminQuizzes, toAdminQuiz } from '../quizzes/quizQueries.ts';
import { issueQuizPreviewLink, quizOfPreviewToken, quizWorkflow } from '../quizzes/quizWorkflow.ts';
import { editorialHandlers } from './editorialHandlers.ts';
import { answer, type NewsroomDeps, newsroomMessages, noStore, staffOnly } from './newsroomHttp.ts';

const quizIdOf = <O extends OperationId>(ctx: ApiContext<O>) =>
  parseParams(contract.GetAdminQuizParams, ctx.params as Record<string, string>, ['id']);

export function quizHandlers(deps: NewsroomDeps) {
  const { clock } = deps;
  const notFound = newsroomMessages.quiz;
  return {
    ...editorialHandlers(deps, {
      operations: {
        list: 'listAdminQuizzes',
        create: 'createAdminQuiz',
        get: 'getAdminQuiz',
        update: 'updateAdminQuiz',
        status: 'changeAdminQuizStatus',
        revisions: 'listQuizRevisions',
        restore: 'restoreQuizRevision',
      },
      schemas: {
        listQuery: contract.ListAdminQuizzesQueryParams,
        id: contract.GetAdminQuizParams,
        create: contract.CreateAdminQuizBody,
        update: contract.UpdateAdminQuizBody,
        status: contract.ChangeAdminQuizStatusBody,
        restoreParams: contract.RestoreQuizRevisionParams,
        restore: contract.RestoreQuizRevisionBody,
      },
      workflow: quizWorkflow,
      find: findQuizRow,
      toAdmin: toAdminQuiz,
      list: (db, page) => listAdminQuizzes(db, { ...page, status: page.status as NewsroomStatus | undefined }),
      notFound,
      thisItem: 'ce quiz',
      createWhat: 'de créer un quiz',
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
