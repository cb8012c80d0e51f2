import { describe, expect, it } from 'vitest';
import { PAGE_KINDS, pathsOf, pickKinds, readerPages } from './lighthousePages.ts';

const site = {
  pagesSitemap: pathsOf(
    '<loc>https://piquante.fr/</loc><loc>https://piquante.fr/quizz/quel-cafe</loc><loc>https://piquante.fr/mosaique/terrasses</loc><loc>https://piquante.fr/concours/un-sac</loc>',
    'loc',
  ),
  authorsSitemap: ['/auteur/chloe-martin'],
  latestArticle: { fullUrl: '/food/les-boulangeries', categorySlug: 'food' },
  links: pathsOf('<a href="/tag/paris">Paris</a><a href="/direct/fashion-week#fil">direct</a><a href="/lettres/3?x=1">lettre</a>', 'href'),
};

describe('the reader pages the Lighthouse benchmark measures', () => {
  it('finds one page of every kind on the site', () => {
    const pages = readerPages(site);
    expect([...pages.keys()]).toEqual([...PAGE_KINDS]);
    expect(pages.get('category')).toBe('/food');
    expect(pages.get('article')).toBe('/food/les-boulangeries');
    expect(pages.get('quiz')).toBe('/quizz/quel-cafe');
    expect(pages.get('contest')).toBe('/concours/un-sac');
    expect(pages.get('tag')).toBe('/tag/paris');
    expect(pages.get('live')).toBe('/direct/fashion-week');
    expect(pages.get('letter')).toBe('/lettres/3');
    expect(pages.get('author')).toBe('/auteur/chloe-martin');
  });

  it('leaves out a kind the site has none of', () => {
    const pages = readerPages({ ...site, links: [] });
    expect(pages.has('tag')).toBe(false);
    expect(pages.has('live')).toBe(false);
  });

  it('picks the kinds asked for, in the benchmark order, and refuses an unknown one', () => {
    expect(pickKinds('article,home')).toEqual(['home', 'article']);
    expect(pickKinds(undefined)).toEqual([...PAGE_KINDS]);
    expect(() => pickKinds('home,recherche')).toThrow(/recherche/);
  });
});
