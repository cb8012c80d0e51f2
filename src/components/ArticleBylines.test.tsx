/**
 * The bylines sentence of the article page (issue 20): the French list of names, the author alone as
 * before imports, and the JSON-LD and meta tags of several authors and tags.
 */
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Author } from '../api/types.ts';
import { articleAuthors, joinNames } from '../lib/bylines.ts';
import { newsArticleJsonLd, seoHead } from '../lib/seo/seo.ts';
import { ArticleBylines } from './ArticleBylines.tsx';

const alice: Author = { slug: 'alice-martin', name: 'Alice Martin', role: 'Journaliste mode' };
const leo: Author = { slug: 'leo-petit', name: 'Léo Petit', role: 'Pigiste' };
const chloe: Author = { slug: 'chloe-roux', name: 'Chloé Roux', role: 'Photographe' };

/** The sentence a reader (or a screen reader) gets: text only, React's markers and tags removed. */
function sentence(authors: Author[]): string {
  return renderToString(<ArticleBylines authors={authors} linked={false} />)
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/&#x27;/g, "'");
}

describe('joinNames', () => {
  it.each([
    [[], ''],
    [['Alice Martin'], 'Alice Martin'],
    [['Alice Martin', 'Léo Petit'], 'Alice Martin et Léo Petit'],
    [['A', 'B', 'C'], 'A, B et C'],
    [['A', 'B', 'C', 'D'], 'A, B, C et D'],
  ])('%j → "%s"', (names, expected) => {
    expect(joinNames(names)).toBe(expected);
  });
});

describe('ArticleBylines', () => {
  it('one author: the name and role, as before imports', () => {
    expect(sentence([alice])).toBe('Par Alice Martin, Journaliste mode');
  });

  it('two authors: "Par A et B"', () => {
    expect(sentence([alice, leo])).toBe('Par Alice Martin et Léo Petit');
  });

  it('three authors: "Par A, B et C", each name in bold, in order', () => {
    expect(sentence([alice, leo, chloe])).toBe('Par Alice Martin, Léo Petit et Chloé Roux');
    const html = renderToString(<ArticleBylines authors={[chloe, alice, leo]} linked={false} />);
    expect([...html.matchAll(/<strong[^>]*>([^<]+)<\/strong>/g)].map((m) => m[1])).toEqual(['Chloé Roux', 'Alice Martin', 'Léo Petit']);
  });
});

describe('articleAuthors', () => {
  it('reads an answer without authors (cached before bylines) as its single author', () => {
    expect(articleAuthors({ author: alice })).toEqual([alice]);
    expect(articleAuthors({ author: alice, authors: [] })).toEqual([alice]);
    expect(articleAuthors({ author: alice, authors: [alice, leo] })).toEqual([alice, leo]);
  });
});

describe('SEO of several bylines and tags', () => {
  const base = {
    siteUrl: 'https://www.piquante.test',
    path: '/mode/un-article',
    headline: 'Un article',
    description: 'Chapô',
    image: { url: '/media/a.svg', alt: 'Image' },
    publishedAt: '2026-11-18T08:30:00Z',
    updatedAt: '2026-11-18T08:30:00Z',
    section: 'Mode',
  };

  it('JSON-LD names every author, and the tags as keywords', () => {
    const jsonLd = newsArticleJsonLd({ ...base, authors: [alice, leo], keywords: ['Jean', 'Automne'] });
    expect(jsonLd.author).toEqual([
      { '@type': 'Person', name: 'Alice Martin', url: 'https://www.piquante.test/auteur/alice-martin' },
      { '@type': 'Person', name: 'Léo Petit', url: 'https://www.piquante.test/auteur/leo-petit' },
    ]);
    expect(jsonLd.keywords).toEqual(['Jean', 'Automne']);
  });

  it('no tags: no keywords at all', () => {
    const jsonLd = newsArticleJsonLd({ ...base, authors: [alice], keywords: [] });
    expect(jsonLd.author).toEqual([{ '@type': 'Person', name: 'Alice Martin', url: 'https://www.piquante.test/auteur/alice-martin' }]);
    expect('keywords' in jsonLd).toBe(false);
  });

  it('one article:author meta per author and one article:tag per tag', () => {
    const head = seoHead({
      title: 'Un article',
      description: 'Chapô',
      path: '/mode/un-article',
      siteUrl: 'https://www.piquante.test',
      type: 'article',
      article: {
        publishedAt: base.publishedAt,
        updatedAt: base.updatedAt,
        section: 'Mode',
        authors: ['Alice Martin', 'Léo Petit'],
        tags: ['Jean'],
      },
    });
    const of = (property: string) =>
      head.meta.filter((m) => 'property' in m && m.property === property).map((m) => ('content' in m ? m.content : null));
    expect(of('article:author')).toEqual(['Alice Martin', 'Léo Petit']);
    expect(of('article:tag')).toEqual(['Jean']);
  });
});
