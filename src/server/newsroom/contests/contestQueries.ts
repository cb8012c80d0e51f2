/** Reading contests in the newsroom: one row, its admin shape (with its state from the dates), the list newest first. */
import { and, count, desc, eq, or, type SQL } from 'drizzle-orm';
import type { AdminContest, AdminContestSummary } from '../../../api/types.ts';
import type { Database } from '../../../db/client.ts';
import { formatContests, type NewsroomStatus } from '../../../db/schema.ts';
import { contestStatus } from '../../content/formatContests.server.ts';
import { staffName } from '../articles/articleQueries.ts';

export type ContestRow = typeof formatContests.$inferSelect;

export const contestPath = (slug: string) => `/concours/${slug}`;

export async function findContestRow(db: Database, id: number): Promise<ContestRow | null> {
  const [row] = await db.select().from(formatContests).where(eq(formatContests.id, id));
  return row ?? null;
}

export async function toAdminContest(db: Database, row: ContestRow, now = new Date()): Promise<AdminContest> {
  return {
    id: row.id,
    status: row.status,
    version: row.version,
    url: row.url,
    title: row.title,
    description: row.description,
    image: row.image,
    prize: row.prize,
    rules: row.rules,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    state: contestStatus(row, now),
    scheduledAt: row.scheduledAt?.toISOString() ?? null,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    createdById: row.createdBy,
    updatedByName: await staffName(db, row.updatedBy),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listAdminContests(
  db: Database,
  filter: { status?: NewsroomStatus; readableBy?: number | null; limit: number; offset: number },
  now = new Date(),
): Promise<{ total: number; results: AdminContestSummary[] }> {
  const where: SQL[] = [];
  if (filter.readableBy != null) {
    const readable = or(eq(formatContests.createdBy, filter.readableBy), eq(formatContests.status, 'published'));
    if (readable) where.push(readable);
  }
  if (filter.status) where.push(eq(formatContests.status, filter.status));
  const condition = where.length > 0 ? and(...where) : undefined;
  const rows = await db
    .select()
    .from(formatContests)
    .where(condition)
    .orderBy(desc(formatContests.updatedAt), desc(formatContests.id))
    .limit(filter.limit)
    .offset(filter.offset);
  const [total] = await db.select({ n: count() }).from(formatContests).where(condition);
  return {
    total: total?.n ?? 0,
    results: rows.map((r) => ({
      id: r.id,
      status: r.status,
      version: r.version,
      url: r.url,
      title: r.title,
      image: r.image,
      startsAt: r.startsAt.toISOString(),
      endsAt: r.endsAt.toISOString(),
      state: contestStatus(r, now),
      createdById: r.createdBy,
      updatedAt: r.updatedAt.toISOString(),
    })),
  };
}
