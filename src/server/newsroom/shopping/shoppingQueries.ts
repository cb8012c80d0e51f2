/** Reading the shopping selection in the newsroom: one row, its admin shape, the list in the readers' order. */
import { and, asc, count, eq, or, type SQL } from 'drizzle-orm';
import type { AdminShoppingItem } from '../../../api/types.ts';
import type { Database } from '../../../db/client.ts';
import { type NewsroomStatus, shoppingItems } from '../../../db/schema.ts';
import { staffName } from '../articles/articleQueries.ts';

export type ShoppingRow = typeof shoppingItems.$inferSelect;

/** The most items one reorder names (the contract's maxItems): the whole selection, answered back. */
export const SHOPPING_ORDER_MAX = 1000;

export async function findShoppingRow(db: Database, id: number): Promise<ShoppingRow | null> {
  const [row] = await db.select().from(shoppingItems).where(eq(shoppingItems.id, id));
  return row ?? null;
}

export async function toAdminShoppingItem(db: Database, row: ShoppingRow): Promise<AdminShoppingItem> {
  return {
    id: row.id,
    status: row.status,
    version: row.version,
    title: row.title,
    description: row.description,
    image: row.image,
    priceCents: row.priceCents,
    merchant: row.merchant,
    link: row.link,
    position: row.position,
    scheduledAt: row.scheduledAt?.toISOString() ?? null,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    createdById: row.createdBy,
    updatedByName: await staffName(db, row.updatedBy),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listAdminShoppingItems(
  db: Database,
  filter: { status?: NewsroomStatus; readableBy?: number | null; limit: number; offset: number },
) {
  const where: SQL[] = [];
  if (filter.readableBy != null) {
    const readable = or(eq(shoppingItems.createdBy, filter.readableBy), eq(shoppingItems.status, 'published'));
    if (readable) where.push(readable);
  }
  if (filter.status) where.push(eq(shoppingItems.status, filter.status));
  const condition = where.length > 0 ? and(...where) : undefined;
  const rows = await db
    .select()
    .from(shoppingItems)
    .where(condition)
    .orderBy(asc(shoppingItems.position), asc(shoppingItems.id))
    .limit(filter.limit)
    .offset(filter.offset);
  const [total] = await db.select({ n: count() }).from(shoppingItems).where(condition);
  return {
    total: total?.n ?? 0,
    results: rows.map((r) => ({
      id: r.id,
      status: r.status,
      version: r.version,
      title: r.title,
      image: r.image,
      priceCents: r.priceCents,
      merchant: r.merchant,
      position: r.position,
      createdById: r.createdBy,
      updatedAt: r.updatedAt.toISOString(),
    })),
  };
}
