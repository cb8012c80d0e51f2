/** Quizzes through the editorial workflow (editorialHandlers), and their signed preview links. */
import * as contract from '../../../api/generated/zod.ts';
import type { NewsroomStatus } from '../../../db/schema.ts';
import { quizDeclaration } from '../../../formats/quizFormat.ts';
import type { ApiHandlerTable } from '../../http/apiTypes.ts';
import { findQuizRow, listAdminQuizzes, toAdminQuiz } from '../quizzes/quizQueries.ts';
import { quizPreviews, quizWorkflow } from '../quizzes/quizWorkflow.ts';
import { editorialHandlers } from './editorialHandlers.ts';
import { contractSchemas } from './editorialSchemas.ts';
import type { NewsroomDeps } from './newsroomHttp.ts';

export function quizHandlers(deps: NewsroomDeps) {
  return editorialHandlers(deps, {
    declaration: quizDeclaration,
    schemas: contractSchemas(quizDeclaration.operations),
    workflow: quizWorkflow,
    find: findQuizRow,
    toAdmin: toAdminQuiz,
    list: (db, page) => listAdminQuizzes(db, { ...page, status: page.status as NewsroomStatus | undefined }),
    previews: { links: quizPreviews, token: contract.GetQuizPreviewParams },
  }) satisfies ApiHandlerTable;
}
