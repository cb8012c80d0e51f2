/** Reading the footer's quotations in the newsroom: the table's adapter, one row's admin shape, the list in display order. */
import { asc, max } from 'drizzle-orm';
import type { components } from '../../../api/generated/schema';
import type { Database } from '../../../db/client.ts';
import { quotations } from '../../../db/schema.ts';
import { staffName } from '../articles/articleQueries.ts';
import { editorialAdminFields, editorialTable, type RowOf } from '../workflow/editorialTable.ts';

export type QuotationRow = RowOf<typeof quotations>;
export type AdminQuotation = components['schemas']['AdminQuotation'];
export type AdminQuotationList = components['schemas']['AdminQuotationList'];

/** The footer's order: by rank. */
export const quotationRows = editorialTable(quotations, { order: [asc(quotations.position), asc(quotations.id)] });

/** The rank after every other quotation's. */
export async function nextQuotationPosition(db: Database): Promise<number> {
  const [last] = await db.select({ position: max(quotations.position) }).from(quotations);
  return (last?.position ?? -1) + 1;
}

const adminFields = (row: QuotationRow) => ({ ...editorialAdminFields(row), text: row.text, author: row.author, position: row.position });

export async function toAdminQuotation(db: Database, row: QuotationRow): Promise<AdminQuotation> {
  return { ...adminFields(row), updatedByName: await staffName(db, row.updatedBy) };
}

/** One row of the newsroom's list. It names no editor: one query, not one per row. */
export const toQuotationSummary = (r: QuotationRow): AdminQuotationList['results'][number] => ({ ...adminFields(r), updatedByName: null });
