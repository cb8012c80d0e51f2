/** The order of the newsroom's ranked lists: one place, to the top, to any place. */
import { describe, expect, it } from 'vitest';
import { moved, placed } from './listOrder.ts';

describe('list order', () => {
  it('moves an item one place, and leaves the order alone at either end', () => {
    expect(moved([1, 2, 3], 1, -1)).toEqual([2, 1, 3]);
    expect(moved([1, 2, 3], 1, 1)).toEqual([1, 3, 2]);
    expect(moved([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(moved([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
  });

  it('puts an item at any place (the top in one move), the others keeping their order', () => {
    const sixteen = Array.from({ length: 16 }, (_, i) => i + 1);
    expect(placed(sixteen, 15, 0)).toEqual([16, ...sixteen.slice(0, 15)]);
    expect(placed([1, 2, 3, 4], 0, 2)).toEqual([2, 3, 1, 4]);
    expect(placed([1, 2, 3, 4], 3, 1)).toEqual([1, 4, 2, 3]);
    expect(placed([1, 2, 3], 1, 99)).toEqual([1, 3, 2]);
    expect(placed([1, 2, 3], 1, -5)).toEqual([2, 1, 3]);
    expect(placed([1, 2, 3], 7, 0)).toEqual([1, 2, 3]);
  });
});
