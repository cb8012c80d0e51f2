import { describe, expect, it } from 'vitest';
import { parseSearchTerms, toTsQuerySource } from './searchQuery.ts';

describe('parseSearchTerms', () => {
  it('drops elided articles and treats the last word as a prefix', () => {
    expect(parseSearchTerms("L'été d'automne qu'on aime")).toEqual({
      text: "L'été d'automne qu'on aime",
      words: ['été', 'automne', 'on'],
      prefix: 'aime',
    });
  });

  it('reads typographic apostrophes as plain ones', () => {
    expect(parseSearchTerms('l’été').words.concat(parseSearchTerms('l’été').prefix ?? [])).toEqual(['été']);
  });

  it('no prefix after a separator, nor on the last part of a compound', () => {
    expect(parseSearchTerms('robe,').prefix).toBeNull();
    expect(parseSearchTerms('voyage week-end')).toMatchObject({ words: ['voyage', 'week', 'end'], prefix: null });
    expect(parseSearchTerms('bien-être').prefix).toBeNull();
  });

  it('keeps letters and digits only: no tsquery syntax gets through', () => {
    const terms = parseSearchTerms("robe & | ! :* () <-> 'x'");
    expect(toTsQuerySource(terms)).toBe('robe & x');
    expect(toTsQuerySource(parseSearchTerms('robe\u0000rouge'))).toBe('robe & rouge:*');
  });

  it('weights restrict every word to those parts', () => {
    expect(toTsQuerySource(parseSearchTerms('robe rouge'), 'A')).toBe('robe:A & rouge:*A');
  });

  it('bounds the number and length of words', () => {
    const terms = parseSearchTerms(`${'mot '.repeat(20)}${'a'.repeat(100)}`);
    expect(terms.words.length + (terms.prefix ? 1 : 0)).toBeLessThanOrEqual(8);
    expect(parseSearchTerms('a'.repeat(100)).prefix?.length).toBe(40);
  });
});
