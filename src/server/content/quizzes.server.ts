import { and, asc, desc, eq } from 'drizzle-orm';
import type { Quiz, QuizResult, QuizResultWithQuiz, QuizSummary } from '../../api/types.ts';
import type { Database } from '../../db/client.ts';
import { quizResults, quizzes } from '../../db/schema.ts';

type QuizRow = typeof quizzes.$inferSelect;
type ResultRow = typeof quizResults.$inferSelect;

function toSummary(row: QuizRow): QuizSummary {
  return {
    id: row.id,
    url: row.url,
    title: row.title,
    description: row.description,
    image: row.image,
    questionCount: row.questions.length,
    publishedAt: row.publishedAt.toISOString(),
  };
}

function toResult(row: ResultRow): QuizResult {
  return { id: row.id, url: row.url, title: row.title, description: row.description, image: row.image };
}

export async function listQuizzes(db: Database, page: { limit: number; offset: number }): Promise<QuizSummary[]> {
  const rows = await db.select().from(quizzes).orderBy(desc(quizzes.publishedAt), desc(quizzes.id)).limit(page.limit).offset(page.offset);
  return rows.map(toSummary);
}

export async function getQuiz(db: Database, url: string): Promise<Quiz | null> {
  const [row] = await db.select().from(quizzes).where(eq(quizzes.url, url)).limit(1);
  if (!row) return null;
  const results = await db.select().from(quizResults).where(eq(quizResults.quizId, row.id)).orderBy(asc(quizResults.position));
  return { ...toSummary(row), questions: row.questions, results: results.map(toResult) };
}

export async function getQuizResult(db: Database, quizUrl: string, resultUrl: string): Promise<QuizResultWithQuiz | null> {
  const [row] = await db
    .select({ result: quizResults, quizUrl: quizzes.url, quizTitle: quizzes.title })
    .from(quizResults)
    .innerJoin(quizzes, eq(quizResults.quizId, quizzes.id))
    .where(and(eq(quizzes.url, quizUrl), eq(quizResults.url, resultUrl)))
    .limit(1);
  if (!row) return null;
  return { ...toResult(row.result), quiz: { url: row.quizUrl, title: row.quizTitle } };
}

/**
 * A result found by its slug alone ('/quizz/{urlresult}', SPEC §2). Result slugs are unique within a
 * quiz only: the most recently published quiz wins, then the smallest id, so the answer is stable.
 */
export async function findQuizResultBySlug(db: Database, resultUrl: string): Promise<QuizResultWithQuiz | null> {
  const [row] = await db
    .select({ result: quizResults, quizUrl: quizzes.url, quizTitle: quizzes.title })
    .from(quizResults)
    .innerJoin(quizzes, eq(quizResults.quizId, quizzes.id))
    .where(eq(quizResults.url, resultUrl))
    .orderBy(desc(quizzes.publishedAt), asc(quizzes.id))
    .limit(1);
  if (!row) return null;
  return { ...toResult(row.result), quiz: { url: row.quizUrl, title: row.quizTitle } };
}
