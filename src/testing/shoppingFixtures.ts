/** For shopping test files: a valid newsroom body of a shopping item. */
import type { ShoppingItemDraftInput } from '../api/types.ts';

export function shoppingDraftBody(title: string, extra: Partial<ShoppingItemDraftInput> = {}): ShoppingItemDraftInput {
  return {
    title,
    description: 'Une pièce choisie par la rédaction.',
    image: { url: '/media/svg/shopping/sac-cabas.svg', alt: 'Un sac cabas en toile', width: 800, height: 1000 },
    priceCents: 4990,
    merchant: 'Monoprix',
    link: 'https://www.monoprix.fr/produit/sac-cabas',
    ...extra,
  };
}
