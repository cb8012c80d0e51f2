/**
 * The shopping item's form as editors fill it (the price typed in euros, "49,90" or "49.90") and its
 * contract input (the price in cents). Pure: the editor page and its unit test share it.
 */
import type { AdminShoppingItem, ShoppingItemDraftInput } from '../../api/queries/newsroomShopping.ts';

export interface ShoppingForm {
  title: string;
  description: string;
  image: ShoppingItemDraftInput['image'];
  price: string;
  merchant: string;
  link: string;
}

export const emptyShoppingForm = (): ShoppingForm => ({
  title: '',
  description: '',
  image: { url: '/media/svg/shopping/nouveau-produit.svg', alt: '', width: 800, height: 1000 },
  price: '',
  merchant: '',
  link: 'https://',
});

/** "49,90" → 4990; null when it is not an amount in euros with at most two decimals. */
export function centsOf(price: string): number | null {
  const cleaned = price.replace(/[\s\u00a0\u202f€]/g, '').replace(',', '.');
  if (!/^\d{1,6}(?:\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole = '0', fraction = ''] = cleaned.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** 4990 → "49,90" (what the field shows). */
export const eurosOf = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

/** 4990 → "49,90 €" (what the list shows). */
export const priceLabel = (cents: number) =>
  `${(cents / 100).toLocaleString('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} €`;

export function shoppingFormOf(item: AdminShoppingItem): ShoppingForm {
  return {
    title: item.title,
    description: item.description,
    image: item.image,
    price: eurosOf(item.priceCents),
    merchant: item.merchant,
    link: item.link,
  };
}

/** The contract's input, or the French sentence that says why the price is not one. */
export function shoppingInputOf(form: ShoppingForm): { ok: true; input: ShoppingItemDraftInput } | { ok: false; message: string } {
  const cents = centsOf(form.price);
  if (cents === null) return { ok: false, message: 'Indiquez le prix en euros, par exemple 49,90.' };
  return {
    ok: true,
    input: {
      title: form.title,
      description: form.description,
      image: form.image,
      priceCents: cents,
      merchant: form.merchant,
      link: form.link.trim(),
    },
  };
}
