import { describe, expect, it } from 'vitest';
import { articleTitleOf, renderOfflinePage } from './offlinePage.ts';

const page = (type: string, title: string) =>
  `<html><head><meta property="og:type" content="${type}"/><meta property="og:title" content="${title}"/></head><body></body></html>`;

describe('the offline page', () => {
  it('recognises a kept article by its Open Graph type and reads its title', () => {
    expect(articleTitleOf(page('article', 'Les jeans larges &amp; le retour des 90&#x27;s'))).toBe("Les jeans larges & le retour des 90's");
    expect(articleTitleOf(page('website', 'Piquante'))).toBeNull();
    expect(articleTitleOf('<html></html>')).toBeNull();
  });

  it('says it is offline in French and links the articles kept on this device', () => {
    const html = renderOfflinePage([{ title: 'Les jeans <larges>', path: '/mode/les-jeans' }]);
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('<h1>Vous êtes hors ligne</h1>');
    expect(html).toContain('<a href="/mode/les-jeans">Les jeans &#60;larges&#62;</a>');
    expect(renderOfflinePage([])).toContain('Aucun article n’est encore disponible hors ligne');
  });
});
