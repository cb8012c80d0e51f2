/**
 * The shopping selection as a format of the editorial workflow (workflow/editorialWorkflow.ts): its own
 * fields only — title, description, image and its alt, price, merchant, link — how they are checked,
 * written, snapshotted and restored. One row is both the working copy and the readers' item: the reader
 * query (content/shopping.server.ts) reads the rows whose status is 'published', so publishing needs no
 * second copy. The position is not an edited field: new items go first, the reorder call moves them.
 */
import type { Image, ShoppingItemDraftInput } from '../../../api/types.ts';
import { shoppingItemRevisions } from '../../../db/schema.ts';
import { refused } from '../newsroomResult.ts';
import { shoppingDeclaration } from '../../../formats/shoppingFormat.ts';
import { tableFormat } from '../workflow/editorialTable.ts';
import { type Change, showValue } from '../workflow/revisions.ts';
import { type CheckedShoppingItem, checkShoppingInput, SHOPPING_LABELS } from './shoppingContent.ts';
import { nextShoppingPosition, shoppingRows, toAdminShoppingItem } from './shoppingQueries.ts';
import { withItsImage } from '../libraryImage.ts';

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

export const shoppingFormat = tableFormat({
  declaration: shoppingDeclaration,
  rows: shoppingRows,
  revisions: shoppingItemRevisions,
  async check(db, _who, input: ShoppingItemDraftInput, current) {
    return withItsImage(db, checkShoppingInput(input), input, current);
  },
  // A new product goes first; every price is in euros.
  created: async (db, _input, checked: CheckedShoppingItem) => ({
    ...editedFields(checked),
    currency: 'EUR',
    position: await nextShoppingPosition(db),
  }),
  saved: (_db, _row, _input, checked) => editedFields(checked),

  // Readers read the row itself while its status is 'published': nothing to copy or remove.

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
  createDetail: (row) => ({ title: row.title, position: row.position }),
  toAdmin: toAdminShoppingItem,
  // A link or a text refused (HTML, `javascript:`) is recorded with who tried, as the articles' body.
  auditedRefusal: (field) => ['title', 'description', 'merchant', 'link', 'image.alt', 'image.url'].includes(field),
});
