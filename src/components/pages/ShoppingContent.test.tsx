/**
 * The shopping selection readers get: every merchant link is marked sponsored and opens without handing
 * the page to the merchant (rel="sponsored noopener", a new tab), the items in the order given.
 */
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ShoppingItem } from '../../api/types.ts';
import { ShoppingContent } from './ShoppingContent.tsx';

const item = (id: number, title: string, link: string): ShoppingItem => ({
  id,
  title,
  description: 'Une pièce choisie par la rédaction.',
  image: { url: `/media/svg/shopping/${id}.svg`, alt: `${title} : illustration`, width: 800, height: 1000 },
  price: { amount: 4990, currency: 'EUR' },
  merchant: 'Monoprix',
  link,
});

describe('ShoppingContent', () => {
  it('marks every outbound link rel="sponsored noopener", in a new tab, in the given order', () => {
    const html = renderToString(
      <ShoppingContent
        items={[item(2, 'Sac cabas', 'https://www.monoprix.fr/sac'), item(1, 'Trench', 'https://www.laredoute.fr/trench')]}
        articles={[]}
      />,
    );
    const links = [...html.matchAll(/<a [^>]*>/g)].map((m) => m[0]);
    expect(links).toHaveLength(2);
    for (const link of links) {
      expect(link).toMatch(/rel="sponsored noopener"/);
      expect(link).toMatch(/target="_blank"/);
    }
    expect(links[0]).toContain('href="https://www.monoprix.fr/sac"');
    expect(html.indexOf('Sac cabas')).toBeLessThan(html.indexOf('Trench'));
    expect(html).toMatch(/49,90/);
  });

  it('says the selection comes back soon when nothing is published', () => {
    expect(renderToString(<ShoppingContent items={[]} articles={[]} />)).toContain('La sélection revient très vite.');
  });
});
