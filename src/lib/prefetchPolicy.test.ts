import { describe, expect, it } from 'vitest';
import { prefetchAllowed } from './prefetchPolicy.ts';

describe('link prefetch policy', () => {
  it('prefetches on ordinary connections and when the browser does not tell', () => {
    expect(prefetchAllowed(undefined)).toBe(true);
    expect(prefetchAllowed({ effectiveType: '4g', saveData: false })).toBe(true);
  });

  it('skips prefetch on 2g and with data saver', () => {
    expect(prefetchAllowed({ effectiveType: '2g' })).toBe(false);
    expect(prefetchAllowed({ effectiveType: 'slow-2g' })).toBe(false);
    expect(prefetchAllowed({ effectiveType: '4g', saveData: true })).toBe(false);
  });
});
