/**
 * The shopping selection as a format of the editorial workflow (workflow/editorialWorkflow.ts): its own
 * fields only — title, description, image and its alt, price, merchant, link — how they are checked,
 * written, snapshotted and restored. One row is both the working copy and the readers' item: the reader
 * query (content/shopping.server.ts) reads the rows whose status is 'published', so publishing needs no
 * second copy. The position is not an edited field: new items go last, the reorder call moves them.
 */
import { and, eq, max } from 'drizzle-orm';
import type { AdminShoppingItem, Image, ShoppingItemDraftInput } from '../../../api/types.ts';
import { shoppingItemRevisions, shoppingItems } from '../../../db/schema.ts';
import { refused } from '../newsroomResult.ts';
import { revisionStoreOf } from '../workflow/editorialTable.ts';
import type { EditorialFormat } from '../workflow/editorialWorkflow.ts';
import { type Change, showValue } from '../workflow/revisions.ts';
import { type CheckedShoppingItem, checkShoppingInput, SHOPPING_LABELS } from './shoppingContent.ts';
import { findShoppingRow, type ShoppingRow, toAdminShoppingItem } from './shoppingQueries.ts';

const shoppingRevisionStore = revisionStoreOf(shoppingItemRevisions);

/** "89,90 €" in revisions: editors think in euros, the row keeps cents. */
export function euros(cents: unknown): string {
  if (typeof cents !== 'number') return '';
  return `${(cents / 100).toLocaleString('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} €`;
}

/** The image by its address and its alt text, the price in euros. */
function imageAndPriceChanges(before: Record<string, unknown> | null, after: Record<string, unknown>): Change[] {
  const changes: Change[] = [];
  const a = before?.image as Image | undefined;
  const b = after.image as Image | undefined;
  if (showValue(a?.url) !== showValue(b?.url))
    changes.push({ field: SHOPPING_LABELS.image, before: showValue(a?.url), after: showValue(b?.url) });
  if (showValue(a?.alt) !== showValue(b?.alt))
    changes.push({ field: SHOPPING_LABELS.alt, before: showValue(a?.alt), after: showValue(b?.alt) });
  const priceBefore = before ? euros(before.priceCents) : '';
  const priceAfter = euros(after.priceCents);
  if (priceBefore !== priceAfter) changes.push({ field: SHOPPING_LABELS.priceCents, before: priceBefore, after: priceAfter });
  return changes;
}

function editedFields(checked: CheckedShoppingItem) {
  return {
    title: checked.title,
    description: checked.description,
    image: checked.image,
    priceCents: checked.priceCents,
    merchant: checked.merchant,
    link: checked.link,
  };
}

export const shoppingFormat: EditorialFormat<ShoppingRow, ShoppingItemDraftInput, CheckedShoppingItem, AdminShoppingItem> = {
  entity: 'shopping',
  thisItem: 'ce produit',
  find: findShoppingRow,
  async check(_db, _who, input) {
    return checkShoppingInput(input);
  },

  async insert(db, who, _input, checked, now) {
    const [last] = await db.select({ position: max(shoppingItems.position) }).from(shoppingItems);
    const [row] = await db
      .insert(shoppingItems)
      .values({
        ...editedFields(checked),
        currency: 'EUR',
        position: (last?.position ?? 0) + 1,
        status: 'draft',
        version: 1,
        createdBy: who.id,
        updatedBy: who.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error('insert returned nothing');
    return { ok: true, value: row };
  },

  async update(db, who, row, _input, checked, now) {
    const [updated] = await db
      .update(shoppingItems)
      .set({ ...editedFields(checked), version: row.version + 1, updatedBy: who.id, updatedAt: now })
      // The version in the WHERE clause: two saves racing on the same version, one wins.
      .where(and(eq(shoppingItems.id, row.id), eq(shoppingItems.version, row.version)))
      .returning();
    return updated ? { ok: true, value: updated } : null;
  },

  async setStatus(db, who, row, change, now) {
    const [updated] = await db
      .update(shoppingItems)
      .set({
        status: change.status,
        version: row.version + 1,
        scheduledAt: change.scheduledAt,
        publishedAt: change.publishedAt,
        ...(who ? { updatedBy: who.id } : {}),
        updatedAt: now,
      })
      .where(and(eq(shoppingItems.id, row.id), eq(shoppingItems.version, row.version), eq(shoppingItems.status, row.status)))
      .returning();
    return updated ?? null;
  },

  // Readers read the row itself while its status is 'published': nothing to copy or remove.
  async publish() {},
  async withdraw() {},

  async snapshot(_db, row) {
    return {
      title: row.title,
      description: row.description,
      image: row.image,
      priceCents: row.priceCents,
      merchant: row.merchant,
      link: row.link,
    };
  },
  snapshotFields: {
    names: {
      title: SHOPPING_LABELS.title,
      description: SHOPPING_LABELS.description,
      merchant: SHOPPING_LABELS.merchant,
      link: SHOPPING_LABELS.link,
    },
    extra: imageAndPriceChanges,
  },
  async inputFromSnapshot(_db, s) {
    const image = s.image as Image | undefined;
    if (typeof s.title !== 'string' || typeof s.priceCents !== 'number' || !image || typeof image.url !== 'string') {
      return refused.bad('Cette révision est illisible.', 'revisionId');
    }
    return {
      ok: true,
      value: {
        title: s.title,
        description: String(s.description ?? ''),
        image,
        priceCents: s.priceCents,
        merchant: String(s.merchant ?? ''),
        link: String(s.link ?? ''),
      },
    };
  },
  revisions: shoppingRevisionStore,
  createDetail: (row) => ({ title: row.title, position: row.position }),
  toAdmin: toAdminShoppingItem,
  // A link or a text refused (HTML, `javascript:`) is recorded with who tried, as the articles' body.
  auditedRefusal: (field) => ['title', 'description', 'merchant', 'link', 'image.alt', 'image.url'].includes(field),
};
