import { asc } from 'drizzle-orm';
import type { ShoppingItem } from '../../api/types.ts';
import type { Database } from '../../db/client.ts';
import { shoppingItems } from '../../db/schema.ts';
import { publishedRows } from './publishedRows.ts';

/** The published items, in the newsroom's order (drafts, scheduled and unpublished items stay hidden). */
export async function listShoppingItems(db: Database): Promise<ShoppingItem[]> {
  const rows = await publishedRows(db, shoppingItems, [asc(shoppingItems.position), asc(shoppingItems.id)]);
  return rows.map(toShoppingItem);
}

/** An item's row as the shopping page reads it, whatever its state (the newsroom's preview shows drafts). */
export function toShoppingItem(row: typeof shoppingItems.$inferSelect): ShoppingItem {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    image: row.image,
    price: { amount: row.priceCents, currency: 'EUR' },
    merchant: row.merchant,
    link: row.link,
  };
}
