import { describe, expect, it } from 'vitest';
import { median } from './stats.ts';

describe('median', () => {
  it('takes the middle of unsorted figures without changing them', () => {
    const figures = [30, 10, 20];
    expect(median(figures)).toBe(20);
    expect(figures).toEqual([30, 10, 20]);
  });

  it('takes the upper middle of an even count, and 0 of nothing', () => {
    expect(median([4, 1, 3, 2])).toBe(3);
    expect(median([])).toBe(0);
  });
});
