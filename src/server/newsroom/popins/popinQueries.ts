/** Reading popins in the newsroom: one row, its admin shape, the list. */
import { and, count, desc, eq, or, type SQL } from 'drizzle-orm';
import type { AdminPopin, PopinType } from '../../../api/types.ts';
import type { Database } from '../../../db/client.ts';
import { type NewsroomStatus, popins } from '../../../db/schema.ts';
import { staffName } from '../articles/articleQueries.ts';

export type PopinRow = typeof popins.$inferSelect;

export async function findPopinRow(db: Database, id: number): Promise<PopinRow | null> {
  const [row] = await db.select().from(popins).where(eq(popins.id, id));
  return row ?? null;
}

export async function toAdminPopin(db: Database, row: PopinRow): Promise<AdminPopin> {
  return {
    id: row.id,
    status: row.status,
    version: row.version,
    name: row.name || (row.parts.title ?? row.type),
    type: row.type as PopinType,
    matchPath: row.matchPath,
    matchMode: row.matchMode,
    priority: row.priority,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    cookie: { hash: row.cookieHash, successDuration: row.successDuration },
    trigger: row.trigger,
    parts: row.parts,
    scheduledAt: row.scheduledAt?.toISOString() ?? null,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    createdById: row.createdBy,
    updatedByName: await staffName(db, row.updatedBy),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listAdminPopins(
  db: Database,
  filter: { status?: NewsroomStatus; readableBy?: number | null; limit: number; offset: number },
) {
  const where: SQL[] = [];
  if (filter.readableBy != null) {
    const readable = or(eq(popins.createdBy, filter.readableBy), eq(popins.status, 'published'));
    if (readable) where.push(readable);
  }
  if (filter.status) where.push(eq(popins.status, filter.status));
  const condition = where.length > 0 ? and(...where) : undefined;
  const rows = await db
    .select()
    .from(popins)
    .where(condition)
    .orderBy(desc(popins.updatedAt), desc(popins.id))
    .limit(filter.limit)
    .offset(filter.offset);
  const [total] = await db.select({ n: count() }).from(popins).where(condition);
  return {
    total: total?.n ?? 0,
    results: rows.map((r) => ({
      id: r.id,
      status: r.status,
      version: r.version,
      name: r.name || (r.parts.title ?? r.type),
      type: r.type as PopinType,
      matchPath: r.matchPath,
      matchMode: r.matchMode,
      priority: r.priority,
      startsAt: r.startsAt?.toISOString() ?? null,
      endsAt: r.endsAt?.toISOString() ?? null,
      updatedAt: r.updatedAt.toISOString(),
    })),
  };
}
