/**
 * The shopping workflow: the shared editorial workflow bound to the shopping format, plus what only the
 * selection has (its order, the scheduler's query). What the newsroom's HTTP layer calls.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { shoppingItems } from '../../../db/schema.ts';
import { shoppingDeclaration } from '../../../formats/shoppingFormat.ts';
import { toShoppingItem } from '../../content/shopping.server.ts';
import { audit } from '../audit.server.ts';
import { type NewsroomResult, refused } from '../newsroomResult.ts';
import type { StaffMember } from '../staff.server.ts';
import { formatWorkflow } from '../workflow/formatWorkflow.ts';
import { shoppingFormat } from './shoppingFormat.ts';
import { shoppingRows, toShoppingSummary } from './shoppingQueries.ts';

/** Preview links show the shopping page, the item in its place among the published ones (`/apercu-shopping/{token}`). */
export const {
  workflow: shoppingWorkflow,
  previews: shoppingPreviews,
  publishDue: publishDueShoppingItems,
  module: shoppingModule,
  list: listAdminShoppingItems,
} = formatWorkflow(shoppingDeclaration, shoppingRows, shoppingFormat, {
  purpose: 'shopping',
  readerCopy: async (_db, row) => toShoppingItem(row),
  summary: toShoppingSummary,
});

/**
 * The whole selection in a new order (positions 1…n). The list must name every item exactly once: an item
 * added or removed since the editor loaded the page is a conflict, so nobody's item is silently misplaced.
 * The order is not an edited field: versions do not change (a save in progress is not made stale by it).
 */
export async function reorderShoppingItems(db: Database, who: StaffMember, ids: number[], now: Date): Promise<NewsroomResult<null>> {
  if (new Set(ids).size !== ids.length) return refused.bad('Chaque produit ne peut apparaître qu’une fois dans le nouvel ordre.', 'ids');
  return db.transaction(async (tx) => {
    const rows = await tx.select({ id: shoppingItems.id, position: shoppingItems.position }).from(shoppingItems);
    const known = new Set(rows.map((r) => r.id));
    if (rows.length !== ids.length || ids.some((id) => !known.has(id))) {
      return refused.taken(
        'La sélection a changé depuis son chargement (un produit ajouté ou retiré) : rechargez la page avant de la réordonner.',
      );
    }
    const before = new Map(rows.map((r) => [r.id, r.position]));
    let moved = 0;
    for (const [index, id] of ids.entries()) {
      if (before.get(id) === index + 1) continue;
      await tx
        .update(shoppingItems)
        .set({ position: index + 1 })
        .where(eq(shoppingItems.id, id));
      moved++;
    }
    await audit(tx, who, { action: 'shopping.reorder', entity: 'shopping', entityId: null, detail: { order: ids, moved } }, now);
    return { ok: true, value: null };
  });
}
