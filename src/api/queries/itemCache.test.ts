import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appConfig } from '../../../app.config.ts';
import { cachedItem, forgetItems, peekItem } from './itemCache.ts';

// The cache only works in a browser: stand one in.
beforeEach(() => vi.stubGlobal('window', globalThis));
afterEach(() => {
  forgetItems();
  vi.unstubAllGlobals();
});

it('is off during server rendering (no window)', async () => {
  vi.unstubAllGlobals();
  const load = vi.fn(async () => 1);
  await cachedItem('quiz', 'a', load);
  await cachedItem('quiz', 'a', load);
  expect(load).toHaveBeenCalledTimes(2);
});

describe('cachedItem (SPEC §4: reuse an item already fetched by url)', () => {
  it('calls the server once per url and reuses the answer', async () => {
    const load = vi.fn(async () => ({ url: 'robe' }));
    await cachedItem('quiz', 'robe', load);
    const again = await cachedItem('quiz', 'robe', load);
    expect(again).toEqual({ url: 'robe' });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps kinds apart and does not remember failures', async () => {
    await cachedItem('quiz', 'robe', async () => 'quiz');
    expect(await cachedItem('mosaic', 'robe', async () => 'mosaic')).toBe('mosaic');
    await expect(cachedItem('contest', 'x', async () => Promise.reject(new Error('404')))).rejects.toThrow('404');
    expect(peekItem('contest', 'x')).toBeUndefined();
  });

  it('is bounded: the least recently used item leaves first', async () => {
    const size = appConfig.pagination.itemCacheSize;
    for (let i = 0; i < size; i++) await cachedItem('quiz', `q${i}`, async () => i);
    expect(peekItem('quiz', 'q0')).toBe(0); // touched: now the most recent
    await cachedItem('quiz', 'extra', async () => -1);
    expect(peekItem('quiz', 'q1')).toBeUndefined();
    expect(peekItem('quiz', 'q0')).toBe(0);
  });
});
