/** Seeded, deterministic randomness for the demo content (mulberry32 seeded by FNV-1a). */
import { hashKey, seededRandom } from '../../../media/hash.ts';

export interface Rng {
  /** Float in [0, 1). */
  next(): number;
  /** Integer in [min, max] (both included). */
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** A new array with the items in a random order. */
  shuffle<T>(items: readonly T[]): T[];
}

export function createRng(seed: number | string): Rng {
  const next = seededRandom(typeof seed === 'string' ? hashKey(seed) : seed >>> 0);
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    chance: (probability) => next() < probability,
    pick<T>(items: readonly T[]): T {
      return itemAt(items, Math.floor(next() * items.length));
    },
    shuffle<T>(items: readonly T[]): T[] {
      const copy = items.slice();
      for (let index = copy.length - 1; index > 0; index -= 1) {
        const other = Math.floor(next() * (index + 1));
        const a = itemAt(copy, index);
        copy[index] = itemAt(copy, other);
        copy[other] = a;
      }
      return copy;
    },
  };
}

/** `items[index]`, throwing instead of returning undefined (the index is always in range by construction). */
export function itemAt<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new RangeError(`index ${index} out of range (length ${items.length})`);
  return item;
}

export { hashKey };
