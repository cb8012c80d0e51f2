import { asc } from 'drizzle-orm';
import type { Quotation } from '../../api/types.ts';
import type { Database } from '../../db/client.ts';
import { quotations } from '../../db/schema.ts';
import { publishedRows } from './publishedRows.ts';
import { processContentDataCache } from './contentDataCache.ts';

/** A quotation's row as the footer's typewriter reads it, whatever its state (the newsroom's preview shows drafts). */
export function toQuotation(row: typeof quotations.$inferSelect): Quotation {
  return { id: row.id, text: row.text, author: row.author };
}

/** The footer and the home page read them on every page: kept in process between content changes (shared: never change it). */
export function listQuotations(db: Database): Promise<Quotation[]> {
  return processContentDataCache().remember(db, 'quotations', async () => {
    const rows = await publishedRows(db, quotations, [asc(quotations.position), asc(quotations.id)]);
    return rows.map(toQuotation);
  });
}
