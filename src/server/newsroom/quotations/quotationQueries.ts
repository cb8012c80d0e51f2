/** Reading the footer's quotations in the newsroom: one row, its admin shape, the list in display order. */
import { and, asc, count, eq, or, type SQL } from 'drizzle-orm';
import type { components } from '../../../api/generated/schema';
import type { Database } from '../../../db/client.ts';
import { type NewsroomStatus, quotations } from '../../../db/schema.ts';
import { staffName } from '../articles/articleQueries.ts';

export type QuotationRow = typeof quotations.$inferSelect;
export type AdminQuotation = components['schemas']['AdminQuotation'];
export type AdminQuotationList = components['schemas']['AdminQuotationList'];

export async function findQuotationRow(db: Database, id: number): Promise<QuotationRow | null> {
  const [row] = await db.select().from(quotations).where(eq(quotations.id, id));
  return row ?? null;
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

function adminFields(row: QuotationRow) {
  return {
    id: row.id,
    status: row.status,
    version: row.version,
    text: row.text,
    author: row.author,
    position: row.position,
    scheduledAt: iso(row.scheduledAt),
    publishedAt: iso(row.publishedAt),
    createdById: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function toAdminQuotation(db: Database, row: QuotationRow): Promise<AdminQuotation> {
  return { ...adminFields(row), updatedByName: await staffName(db, row.updatedBy) };
}

export async function listAdminQuotations(
  db: Database,
  filter: { status?: NewsroomStatus; readableBy?: number | null; limit: number; offset: number },
): Promise<AdminQuotationList> {
  const where: SQL[] = [];
  if (filter.readableBy != null) {
    const readable = or(eq(quotations.createdBy, filter.readableBy), eq(quotations.status, 'published'));
    if (readable) where.push(readable);
  }
  if (filter.status) where.push(eq(quotations.status, filter.status));
  const condition = where.length > 0 ? and(...where) : undefined;
  const rows = await db
    .select()
    .from(quotations)
    .where(condition)
    .orderBy(asc(quotations.position), asc(quotations.id))
    .limit(filter.limit)
    .offset(filter.offset);
  const [total] = await db.select({ n: count() }).from(quotations).where(condition);
  // The list names no editor: one query, not one per row.
  return { total: total?.n ?? 0, results: rows.map((r) => ({ ...adminFields(r), updatedByName: null })) };
}
