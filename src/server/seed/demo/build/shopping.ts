/** Demo shopping selection, illustrated and in order. */
import { describeSvgImage, svgImageUrl } from '../../../media/svgImage.ts';
import { SHOPPING_ITEMS } from '../data/shopping.ts';
import type { DemoShoppingItem } from '../types.ts';
import { slugify } from './text.ts';

export function buildDemoShoppingItems(): DemoShoppingItem[] {
  return SHOPPING_ITEMS.map(([title, description, cents, merchant, link], index) => {
    const key = slugify(title);
    return {
      title,
      description,
      image: {
        url: svgImageUrl('shopping', key),
        alt: `${title} : illustration, ${describeSvgImage('shopping', key)}`,
        width: 800,
        height: 1000,
      },
      price: { amount: cents, currency: 'EUR' },
      merchant,
      link,
      position: index + 1,
    };
  });
}
