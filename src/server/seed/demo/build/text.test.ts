import { describe, expect, it } from 'vitest';
import type { Topic } from '../types.ts';
import { createRng } from './random.ts';
import { fill, SLUG_PATTERN, slugify } from './text.ts';

describe('slugify', () => {
  it('strips accents, ligatures and punctuation', () => {
    expect(slugify("Élégance à la française : les bases d'une garde-robe")).toBe('elegance-a-la-francaise-les-bases-d-une-garde-robe');
    expect(slugify('Œuvres & cœurs — Noël 2026 !')).toBe('oeuvres-coeurs-noel-2026');
    expect(slugify('  --  ')).toBe('');
  });

  it('cuts long slugs on a word boundary', () => {
    const slug = slugify('mot '.repeat(80), 30);
    expect(slug.length).toBeLessThanOrEqual(30);
    expect(slug).toMatch(SLUG_PATTERN);
    expect(slug.endsWith('mot')).toBe(true);
  });
});

describe('fill', () => {
  const robe: Topic = { t: 'robe portefeuille', g: 'f' };
  const trench: Topic = { t: 'trench beige', g: 'm' };
  const huile: Topic = { t: 'huile démaquillante', g: 'f', v: true };
  const bottes: Topic = { t: 'bottes cavalières', g: 'fp' };
  const paysBasque: Topic = { t: 'le Pays basque', g: 'm', np: true, at: 'au Pays basque' };
  const annecy: Topic = { t: 'Annecy', g: 'f', np: true, at: 'à Annecy' };

  it('handles articles, elision and contraction', () => {
    expect(fill('{T} : comment {pron} porter cet automne', robe)).toBe('Robe portefeuille : comment la porter cet automne');
    expect(fill('{Le} et {du}', trench)).toBe('Le trench beige et du trench beige');
    expect(fill('{le}, {du}, {ce} {t}', huile)).toBe("l'huile démaquillante, de l'huile démaquillante, cette huile démaquillante");
    expect(fill('{un} {t}', bottes)).toBe('des bottes cavalières');
    expect(fill('{du} / {At}', paysBasque)).toBe('du Pays basque / Au Pays basque');
    expect(fill('le charme {du}', annecy)).toBe("le charme d'Annecy");
  });

  it('handles number and gender agreement', () => {
    expect(fill('{Le} {n:revient|reviennent}', bottes)).toBe('Les bottes cavalières reviennent');
    expect(fill('{Le} {n:revient|reviennent}', trench)).toBe('Le trench beige revient');
    expect(fill('{g:idéal|idéale|idéaux|idéales}', robe)).toBe('idéale');
    expect(fill('{g:idéal|idéale|idéaux|idéales}', bottes)).toBe('idéales');
  });

  it('rejects an unknown placeholder', () => {
    expect(() => fill('{oops}', robe)).toThrow(/Unknown placeholder/);
  });
});

describe('createRng', () => {
  it('is deterministic and in range', () => {
    const a = createRng('seed');
    const b = createRng('seed');
    const drawsA = Array.from({ length: 50 }, () => a.int(3, 7));
    expect(Array.from({ length: 50 }, () => b.int(3, 7))).toEqual(drawsA);
    expect(drawsA.every((value) => value >= 3 && value <= 7)).toBe(true);
    expect(new Set(drawsA).size).toBe(5);
    expect(createRng(42).shuffle([1, 2, 3, 4, 5]).sort()).toEqual([1, 2, 3, 4, 5]);
  });
});
