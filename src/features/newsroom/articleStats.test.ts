import { describe, expect, it } from 'vitest';
import { readingMinutes, statsLabel, wordCount } from './articleStats.ts';

const paragraph = (...texts: string[]) => ({ type: 'paragraph', content: texts.map((text) => ({ type: 'text', text })) });

describe('article statistics', () => {
  it('counts words across marks, blocks and French punctuation', () => {
    const doc = {
      type: 'doc',
      content: [
        paragraph('Un condiment ', 'très piquant', ' : aujourd’hui, peut-être 12 fois !'),
        { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Intertitre' }] },
        paragraph('fin'),
        paragraph('début'),
        { type: 'image', attrs: { mediaId: 1, alt: 'Une image', caption: null } },
      ],
    };
    // Un condiment très piquant aujourd’hui peut-être 12 fois / Intertitre / fin / début
    expect(wordCount(doc)).toBe(11);
    expect(wordCount({ type: 'doc', content: [{ type: 'paragraph' }] })).toBe(0);
    expect(wordCount({ type: 'doc', content: [paragraph('— … !')] })).toBe(0);
  });

  it('reads 230 words a minute, at least one minute for any text', () => {
    expect(readingMinutes(0)).toBe(0);
    expect(readingMinutes(1)).toBe(1);
    expect(readingMinutes(230)).toBe(1);
    expect(readingMinutes(700)).toBe(3);
    expect(statsLabel(0)).toBe('0 mot');
    expect(statsLabel(1)).toBe('1 mot · 1 min de lecture');
    expect(statsLabel(1200)).toBe('1\u202f200 mots · 5 min de lecture');
  });
});
