/** Reading the shopping selection in the newsroom: one row, its admin shape, the list in the readers' order. */
import { asc, min } from 'drizzle-orm';
import type { AdminShoppingItem } from '../../../api/types.ts';
import type { Database } from '../../../db/client.ts';
import { shoppingItems } from '../../../db/schema.ts';
import { staffName } from '../articles/articleQueries.ts';
import { columnsOf, editorialAdminFields, editorialListFields, editorialTable, type RowOf } from '../workflow/editorialTable.ts';

export type ShoppingRow = RowOf<typeof shoppingItems>;

/** The most items one reorder names (the contract's maxItems): the whole selection, answered back. */
export const SHOPPING_ORDER_MAX = 1000;

export const shoppingRows = editorialTable(shoppingItems, { order: [asc(shoppingItems.position), asc(shoppingItems.id)] });

export async function toAdminShoppingItem(db: Database, row: ShoppingRow): Promise<AdminShoppingItem> {
  const own = columnsOf(row, 'title', 'description', 'image', 'priceCents', 'merchant', 'link', 'position');
  return { ...editorialAdminFields(row), ...own, updatedByName: await staffName(db, row.updatedBy) };
}

/** One row of the newsroom's list. */
export const toShoppingSummary = (r: ShoppingRow) => ({
  ...editorialListFields(r),
  ...columnsOf(r, 'title', 'image', 'priceCents', 'merchant', 'position'),
  createdById: r.createdBy,
});

/** A new product's place: before every other (issue 39, point 9: what was just added is what is being worked on). */
export async function nextShoppingPosition(db: Database): Promise<number> {
  const [first] = await db.select({ position: min(shoppingItems.position) }).from(shoppingItems);
  return (first?.position ?? 2) - 1;
}
