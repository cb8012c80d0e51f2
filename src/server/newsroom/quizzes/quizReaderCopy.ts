/**
 * The copy readers read: the `quizzes` row (same id as the editorial row) and its `quiz_results`, the very
 * tables the public quiz pages, the quiz list, the sitemap and the demo seed use. Publishing writes them,
 * unpublishing deletes them. Also the preview (the public page's shape from the working copy) and the
 * backfill of quizzes from before the newsroom (the demo seed).
 */
import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { AdminQuizQuestion, Quiz, QuizQuestion } from '../../../api/types.ts';
import type { Database } from '../../../db/client.ts';
import { newsroomQuizzes, quizResults, quizzes } from '../../../db/schema.ts';
import { dropRedirectsFrom } from '../../redirects/redirectStore.server.ts';
import { findQuizRow, type QuizRow } from './quizQueries.ts';

/** The readers' questions: numbered as the seed numbers them (questions 1…n, answers 1…m across the quiz). */
export function readerQuestions(questions: AdminQuizQuestion[]): QuizQuestion[] {
  let answerId = 0;
  return questions.map((q, i) => ({
    id: i + 1,
    text: q.text,
    answerKind: q.answerKind,
    audio: q.audio,
    answers: q.answers.map((a) => ({ id: ++answerId, text: a.text, image: a.image, resultUrl: a.resultSlug })),
  }));
}

/** Writes (or refreshes) the readers' copy of a published quiz; results keep their row while their slug stays. */
export async function publishQuizCopy(db: Database, row: QuizRow, now: Date): Promise<void> {
  const values = {
    url: row.slug,
    title: row.title,
    description: row.intro,
    image: row.image,
    questions: readerQuestions(row.questions),
    publishedAt: row.publishedAt ?? now,
  };
  await db
    .insert(quizzes)
    .values({ id: row.id, ...values })
    .onConflictDoUpdate({ target: quizzes.id, set: values });
  // A quiz taking an old address: the quiz wins over the redirect.
  await dropRedirectsFrom(db, `/quizz/${row.slug}`);
  const slugs = row.results.map((r) => r.slug);
  await db
    .delete(quizResults)
    .where(slugs.length > 0 ? and(eq(quizResults.quizId, row.id), notInArray(quizResults.url, slugs)) : eq(quizResults.quizId, row.id));
  for (const [position, result] of row.results.entries()) {
    const set = { title: result.title, description: result.description, image: result.image, position };
    await db
      .insert(quizResults)
      .values({ quizId: row.id, url: result.slug, ...set })
      .onConflictDoUpdate({ target: [quizResults.quizId, quizResults.url], set });
  }
}

/** Leaving the readers' side: its results go with it (cascade). */
export async function withdrawQuizCopy(db: Database, row: QuizRow): Promise<void> {
  await db.delete(quizzes).where(eq(quizzes.id, row.id));
}

/** Quizzes from before the newsroom (the demo seed) get their editorial row, published, under the same id. */
export async function backfillQuizzes(db: Database): Promise<number> {
  const missing = await db.select().from(quizzes).where(sql`NOT EXISTS (SELECT 1 FROM ${newsroomQuizzes} n WHERE n.id = ${quizzes.id})`);
  for (const quiz of missing) {
    const results = await db.select().from(quizResults).where(eq(quizResults.quizId, quiz.id)).orderBy(quizResults.position);
    await db
      .insert(newsroomQuizzes)
      .values({
        id: quiz.id,
        slug: quiz.url,
        status: 'published',
        version: 1,
        title: quiz.title,
        intro: quiz.description,
        image: quiz.image,
        questions: quiz.questions.map((q) => ({
          text: q.text,
          answerKind: q.answerKind,
          audio: q.audio,
          answers: q.answers.map((a) => ({ text: a.text, image: a.image, resultSlug: a.resultUrl })),
        })),
        results: results.map((r) => ({ slug: r.url, title: r.title, description: r.description, image: r.image })),
        publishedAt: quiz.publishedAt,
        createdAt: quiz.publishedAt,
        updatedAt: quiz.publishedAt,
      })
      .onConflictDoNothing();
  }
  // New quizzes take ids after every existing one, in both tables (they share ids while published).
  await db.execute(sql`
    SELECT setval(pg_get_serial_sequence('newsroom_quizzes', 'id'),
      GREATEST((SELECT coalesce(max(id), 0) FROM newsroom_quizzes), (SELECT coalesce(max(id), 0) FROM quizzes), 1))`);
  return missing.length;
}

/** The quiz as it would be published (preview): the public page's shape, from the working copy. */
export async function previewQuiz(db: Database, id: number): Promise<Quiz | null> {
  const row = await findQuizRow(db, id);
  if (!row) return null;
  const questions = readerQuestions(row.questions);
  return {
    id: row.id,
    url: row.slug,
    title: row.title,
    description: row.intro,
    image: row.image,
    questionCount: questions.length,
    publishedAt: (row.publishedAt ?? row.scheduledAt ?? row.updatedAt).toISOString(),
    questions,
    results: row.results.map((r, i) => ({ id: i + 1, url: r.slug, title: r.title, description: r.description, image: r.image })),
  };
}
