/** Reading quizzes in the newsroom: one row, its admin shape, the filtered list. */
import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { AdminQuiz } from '../../../api/types.ts';
import type { Database } from '../../../db/client.ts';
import { type NewsroomStatus, newsroomQuizzes } from '../../../db/schema.ts';
import { staffName } from '../articles/articleQueries.ts';

export type QuizRow = typeof newsroomQuizzes.$inferSelect;

export async function findQuizRow(db: Database, id: number): Promise<QuizRow | null> {
  const [row] = await db.select().from(newsroomQuizzes).where(eq(newsroomQuizzes.id, id));
  return row ?? null;
}

export async function toAdminQuiz(db: Database, row: QuizRow): Promise<AdminQuiz> {
  return {
    id: row.id,
    slug: row.slug,
    status: row.status,
    version: row.version,
    title: row.title,
    intro: row.intro,
    image: row.image,
    questions: row.questions,
    results: row.results,
    url: `/quizz/${row.slug}`,
    scheduledAt: row.scheduledAt?.toISOString() ?? null,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    createdById: row.createdBy,
    updatedByName: await staffName(db, row.updatedBy),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listAdminQuizzes(
  db: Database,
  filter: {
    q?: string;
    status?: NewsroomStatus;
    /** Only what this member may read (their own quizzes and published ones); null for editors and admins. */
    readableBy?: number | null;
    limit: number;
    offset: number;
  },
) {
  const where: SQL[] = [];
  if (filter.readableBy != null) {
    const readable = or(eq(newsroomQuizzes.createdBy, filter.readableBy), eq(newsroomQuizzes.status, 'published'));
    if (readable) where.push(readable);
  }
  if (filter.q?.trim()) where.push(ilike(newsroomQuizzes.title, `%${filter.q.trim().replace(/[\\%_]/g, '\\$&')}%`));
  if (filter.status) where.push(eq(newsroomQuizzes.status, filter.status));
  const condition = where.length > 0 ? and(...where) : undefined;
  const rows = await db
    .select()
    .from(newsroomQuizzes)
    .where(condition)
    .orderBy(desc(newsroomQuizzes.updatedAt), desc(newsroomQuizzes.id))
    .limit(filter.limit)
    .offset(filter.offset);
  const [total] = await db.select({ n: count() }).from(newsroomQuizzes).where(condition);
  return {
    total: total?.n ?? 0,
    results: rows.map((r) => ({
      id: r.id,
      slug: r.slug,
      status: r.status,
      version: r.version,
      title: r.title,
      questionCount: r.questions.length,
      resultCount: r.results.length,
      scheduledAt: r.scheduledAt?.toISOString() ?? null,
      publishedAt: r.publishedAt?.toISOString() ?? null,
      updatedAt: r.updatedAt.toISOString(),
    })),
  };
}
