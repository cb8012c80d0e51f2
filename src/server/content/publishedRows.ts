/**
 * What readers get of a format's table: the newsroom's drafts, scheduled and withdrawn items share it, readers
 * see the published rows only — a page of them in the format's order, or one by its address.
 */
import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';

type FormatTable = PgTable & { status: PgColumn };

// Drizzle's builders cannot resolve a generic table's row type: the rows are typed here, at the boundary.
const rowsOf = <T extends PgTable>(rows: unknown) => rows as T['$inferSelect'][];

/** The published rows in `order`; a page of them when `page` is given, else all. */
export async function publishedRows<T extends FormatTable>(
  db: Database,
  table: T,
  order: SQL[],
  page?: { limit: number; offset: number },
): Promise<T['$inferSelect'][]> {
  const query = db
    .select()
    .from(table as PgTable)
    .where(eq(table.status, 'published'))
    .orderBy(...order)
    .$dynamic();
  return rowsOf<T>(page ? await query.limit(page.limit).offset(page.offset) : await query);
}

/** The published row at this address, or null. */
export async function publishedRowAt<T extends FormatTable & { url: PgColumn }>(
  db: Database,
  table: T,
  url: string,
): Promise<T['$inferSelect'] | null> {
  const rows = await db
    .select()
    .from(table as PgTable)
    .where(and(eq(table.url, url), eq(table.status, 'published')))
    .limit(1);
  return rowsOf<T>(rows)[0] ?? null;
}
