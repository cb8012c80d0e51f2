/**
 * A shopping item's fields as the newsroom sends them, checked and normalised (pure: no database): plain
 * text only (no HTML reaches a reader's page), an image of the site with its alternative text, a price in
 * cents within bounds, and a merchant link that is an https address (never `javascript:`, `data:` or a
 * plain http address: the readers' contract promises https).
 */
import type { Image, ShoppingItemDraftInput } from '../../../api/types.ts';
import { type NewsroomResult, refused } from '../newsroomResult.ts';
import { libraryImageMessage } from '../libraryImage.ts';
import { hasControl } from '../plainFields.ts';

/** 100 000 €: beyond it, a typo (cents typed as euros twice). The contract says the same. */
export const MAX_PRICE_CENTS = 10_000_000;

export interface CheckedShoppingItem {
  title: string;
  description: string;
  image: Image;
  priceCents: number;
  merchant: string;
  link: string;
}

/** What editors read for each field (refusals, revisions, the editor's labels). */
export const SHOPPING_LABELS = {
  title: 'Titre',
  description: 'Description',
  image: 'Image',
  alt: "Texte alternatif de l'image",
  priceCents: 'Prix',
  merchant: 'Marchand',
  link: 'Lien du produit',
} as const;

/** A tag, a comment or a doctype, or an HTML entity: what makes text HTML. Plain "<3" stays text. */
const HTML = /<\s*[a-zA-Z!/?]|&#?[a-zA-Z0-9]+;/;

/** An https address with a host, nothing that could break out of an attribute. */
export function isMerchantLink(value: string): boolean {
  if (/[\s"'<>\\`]/.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

function checkText(field: 'title' | 'description' | 'merchant' | 'alt', value: string, lineBreaks: boolean): string | null {
  const label = SHOPPING_LABELS[field];
  if (HTML.test(value)) return `« ${label} » ne peut pas contenir de HTML : écrivez du texte simple.`;
  if (hasControl(value, lineBreaks)) return `« ${label} » contient des caractères de contrôle.`;
  return null;
}

export function checkShoppingInput(input: ShoppingItemDraftInput): NewsroomResult<CheckedShoppingItem> {
  const title = input.title.trim();
  const description = input.description.trim();
  const merchant = input.merchant.trim();
  const link = input.link.trim();
  const alt = input.image.alt.trim();
  if (title === '') return refused.bad('Le titre du produit est obligatoire.', 'title');
  if (merchant === '') return refused.bad('Le nom du marchand est obligatoire.', 'merchant');
  if (alt === '') return refused.bad("Le texte alternatif de l'image est obligatoire.", 'image.alt');
  for (const [field, value, lineBreaks] of [
    ['title', title, false],
    ['description', description, true],
    ['merchant', merchant, false],
    ['alt', alt, false],
  ] as const) {
    const problem = checkText(field, value, lineBreaks);
    if (problem) return refused.bad(problem, field === 'alt' ? 'image.alt' : field);
  }
  if (!isMerchantLink(link)) {
    return refused.bad(
      '« Lien du produit » doit être une adresse https:// du marchand ; « javascript: », « data: », « http: » et les autres protocoles sont refusés.',
      'link',
    );
  }
  if (!/^\/(?!\/)[^\s"'<>\\`]*$/.test(input.image.url)) {
    return refused.bad(libraryImageMessage("L'image"), 'image.url');
  }
  if (!Number.isInteger(input.priceCents) || input.priceCents < 0 || input.priceCents > MAX_PRICE_CENTS) {
    return refused.bad('Le prix doit être compris entre 0 et 100 000 €.', 'priceCents');
  }
  const { url, width, height, focalX, focalY } = input.image;
  const image: Image = { url, alt, width, height, ...(focalX !== undefined && focalY !== undefined ? { focalX, focalY } : {}) };
  return { ok: true, value: { title, description, image, priceCents: input.priceCents, merchant, link } };
}
