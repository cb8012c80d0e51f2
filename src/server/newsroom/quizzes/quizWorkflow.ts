/**
 * The quiz workflow: the shared editorial workflow bound to the quiz format, plus the scheduler's query
 * and the signed preview link (`/apercu-quizz/{token}`, its own kind of token: an article's never opens a quiz).
 */
import { and, asc, eq, lte } from 'drizzle-orm';
import { appConfig } from '../../../../app.config.ts';
import type { Quiz } from '../../../api/types.ts';
import type { Database } from '../../../db/client.ts';
import { newsroomQuizzes } from '../../../db/schema.ts';
import { staffName } from '../articles/articleQueries.ts';
import { audit } from '../audit.server.ts';
import { type NewsroomResult, refused } from '../newsroomResult.ts';
import { previewToken, readPreviewToken } from '../previewTokens.ts';
import type { StaffMember } from '../staff.server.ts';
import { canRead, editorialWorkflow } from '../workflow/editorialWorkflow.ts';
import { quizFormat } from './quizFormat.ts';
import { findQuizRow } from './quizQueries.ts';
import { previewQuiz } from './quizReaderCopy.ts';

export const quizWorkflow = editorialWorkflow(quizFormat, staffName);

const PURPOSE = 'quiz';

/** The scheduler's pass: publishes every scheduled quiz whose time has come. Answers their ids. */
export async function publishDueQuizzes(db: Database, now: Date): Promise<number[]> {
  const due = await db
    .select()
    .from(newsroomQuizzes)
    .where(and(eq(newsroomQuizzes.status, 'scheduled'), lte(newsroomQuizzes.scheduledAt, now)))
    .orderBy(asc(newsroomQuizzes.scheduledAt));
  return quizWorkflow.publishDue(db, due, now);
}

/** A signed, expiring link to the quiz as it would be published; whoever may read the quiz may show it. */
export async function issueQuizPreviewLink(
  db: Database,
  who: StaffMember,
  id: number,
  secret: string,
  now: Date,
): Promise<NewsroomResult<{ url: string; expiresAt: string }>> {
  const row = await findQuizRow(db, id);
  if (!row) return refused.notFound;
  if (!canRead(who, row)) return refused.forbidden;
  const expiresAt = new Date(now.getTime() + appConfig.newsroom.previewLinkMinutes * 60_000);
  const token = previewToken(secret, row.id, expiresAt, PURPOSE);
  await audit(
    db,
    who,
    { action: 'quiz.preview-link', entity: 'quiz', entityId: row.id, detail: { expiresAt: expiresAt.toISOString() } },
    now,
  );
  return { ok: true, value: { url: `/apercu-quizz/${token}`, expiresAt: expiresAt.toISOString() } };
}

/** The quiz a valid quiz preview token names, as the public page would show it. */
export async function quizOfPreviewToken(db: Database, secret: string, token: string, now: Date): Promise<Quiz | null> {
  const id = readPreviewToken(secret, token, now, PURPOSE);
  return id === null ? null : previewQuiz(db, id);
}
