/**
 * The quiz workflow: the shared editorial workflow bound to the quiz format, plus the scheduler's query
 * and the signed preview link (`/apercu-quizz/{token}`, its own kind of token: an article's never opens a quiz).
 */
import { and, asc, eq, lte } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { newsroomQuizzes } from '../../../db/schema.ts';
import { staffName } from '../articles/articleQueries.ts';
import { quizDeclaration } from '../../../formats/quizFormat.ts';
import { contractSchemas } from '../workflow/contractSchemas.ts';
import { editorialWorkflow } from '../workflow/editorialWorkflow.ts';
import { previewLinks } from '../workflow/previewLinks.ts';
import { quizFormat } from './quizFormat.ts';
import { findQuizRow, listAdminQuizzes, toAdminQuiz } from './quizQueries.ts';
import { previewQuiz } from './quizReaderCopy.ts';

export const quizWorkflow = editorialWorkflow(quizFormat, staffName);

/** The scheduler's pass: publishes every scheduled quiz whose time has come. Answers their ids. */
export async function publishDueQuizzes(db: Database, now: Date): Promise<number[]> {
  const due = await db
    .select()
    .from(newsroomQuizzes)
    .where(and(eq(newsroomQuizzes.status, 'scheduled'), lte(newsroomQuizzes.scheduledAt, now)))
    .orderBy(asc(newsroomQuizzes.scheduledAt));
  return quizWorkflow.publishDue(db, due, now);
}

/** Signed links to the quiz as it would be published (`/apercu-quizz/{token}`): whoever may read it may share it. */
export const quizPreviews = previewLinks({
  entity: 'quiz',
  purpose: 'quiz',
  find: findQuizRow,
  pageOf: (_row, token) => `/apercu-quizz/${token}`,
  readerCopy: (db, row) => previewQuiz(db, row.id),
});

/** What `editorialHandlers` builds the quizzes' handlers from (http/formatHandlers.ts): their list searches titles. */
export const quizModule = {
  declaration: quizDeclaration,
  schemas: contractSchemas(quizDeclaration.operations),
  workflow: quizWorkflow,
  find: findQuizRow,
  toAdmin: toAdminQuiz,
  list: listAdminQuizzes,
  previews: quizPreviews,
};
