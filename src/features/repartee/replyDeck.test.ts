import { describe, expect, it } from 'vitest';
import { drawFrom, newDeck, shuffled } from './replyDeck.ts';

function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

describe('reply deck', () => {
  it('shuffles without losing or duplicating anything', () => {
    const items = Array.from({ length: 25 }, (_, i) => i + 1);
    const out = shuffled(items, seeded(3));
    expect([...out].sort((a, b) => a - b)).toEqual(items);
    expect(out).not.toEqual(items);
  });

  it.each([1, 2, 3, 21, 24])('with %i replies: every reply once before any repeats, never twice in a row', (count) => {
    const ids = Array.from({ length: count }, (_, i) => i + 1);
    for (const seed of [1, 7, 42, 1234]) {
      const random = seeded(seed);
      let deck: number[] = [];
      let current: number | null = null;
      const drawn: number[] = [];
      for (let i = 0; i < count * 4; i++) {
        const next = drawFrom(deck, ids, current, random);
        if (!next) throw new Error('no draw');
        if (count > 1) expect(next.drawn).not.toBe(current);
        drawn.push(next.drawn);
        deck = next.deck;
        current = next.drawn;
      }
      for (let round = 0; round < 4; round++) {
        expect(new Set(drawn.slice(round * count, (round + 1) * count)).size, `seed ${seed} round ${round}`).toBe(count);
      }
    }
  });

  it('counts the reply already on screen (a shared link) as seen in the first round', () => {
    const ids = [1, 2, 3, 4];
    const random = seeded(9);
    let deck = newDeck(ids, [3], random);
    expect(deck).not.toContain(3);
    let current: number | null = 3;
    const firstRound: number[] = [];
    for (let i = 0; i < 3; i++) {
      const next = drawFrom(deck, ids, current, random);
      if (!next) throw new Error('no draw');
      firstRound.push(next.drawn);
      deck = next.deck;
      current = next.drawn;
    }
    expect(firstRound.sort()).toEqual([1, 2, 4]);
  });

  it('draws nothing from a generator without replies', () => {
    expect(drawFrom([], [], null, Math.random)).toBeNull();
  });
});
