/**
 * The process's content data (issue 22): kept only while content changes are heard, shared by callers,
 * forgotten at once on a purge (a read begun before it is never served after it), on expiry, and when
 * the last listener stops.
 */
import { describe, expect, it } from 'vitest';
import { ContentDataCache } from './contentDataCache.ts';

const db = {};

function counter() {
  let loads = 0;
  return {
    get loads() {
      return loads;
    },
    load: async () => {
      loads += 1;
      return { n: loads };
    },
  };
}

describe('content data cache', () => {
  it('keeps nothing while no listener runs: every read loads', async () => {
    const cache = new ContentDataCache();
    const source = counter();
    await cache.remember(db, 'categories', source.load);
    await cache.remember(db, 'categories', source.load);
    expect(source.loads).toBe(2);
  });

  it('while a listener runs, one load serves every caller (concurrent ones included)', async () => {
    const cache = new ContentDataCache();
    const detach = cache.attach();
    const source = counter();
    const [a, b] = await Promise.all([cache.remember(db, 'categories', source.load), cache.remember(db, 'categories', source.load)]);
    const c = await cache.remember(db, 'categories', source.load);
    expect(source.loads).toBe(1);
    expect(a).toBe(b);
    expect(c).toBe(a);
    detach();
  });

  it('a purge forgets everything: the next read loads again', async () => {
    const cache = new ContentDataCache();
    const detach = cache.attach();
    const source = counter();
    expect(await cache.remember(db, 'quotations', source.load)).toEqual({ n: 1 });
    cache.purge();
    expect(await cache.remember(db, 'quotations', source.load)).toEqual({ n: 2 });
    detach();
  });

  it('a read begun before a purge is never served after it', async () => {
    const cache = new ContentDataCache();
    const detach = cache.attach();
    let release: (value: string) => void = () => {};
    const before = cache.remember(db, 'k', () => new Promise<string>((done) => (release = done)));
    cache.purge();
    release('old');
    expect(await before).toBe('old');
    expect(await cache.remember(db, 'k', async () => 'new')).toBe('new');
    detach();
  });

  it('a failed read is not kept', async () => {
    const cache = new ContentDataCache();
    const detach = cache.attach();
    await expect(cache.remember(db, 'k', async () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    expect(await cache.remember(db, 'k', async () => 'back')).toBe('back');
    detach();
  });

  it('a value expires (a message lost while reconnecting costs at most that long)', async () => {
    let now = 1_000;
    const cache = new ContentDataCache({ ttlMs: 60_000, now: () => now });
    const detach = cache.attach();
    const source = counter();
    await cache.remember(db, 'k', source.load);
    now += 59_999;
    await cache.remember(db, 'k', source.load);
    expect(source.loads).toBe(1);
    now += 2;
    await cache.remember(db, 'k', source.load);
    expect(source.loads).toBe(2);
    detach();
  });

  it('keeps each database apart', async () => {
    const cache = new ContentDataCache();
    const detach = cache.attach();
    expect(await cache.remember({}, 'k', async () => 'first')).toBe('first');
    expect(await cache.remember({}, 'k', async () => 'second')).toBe('second');
    detach();
  });

  it('when the last listener stops, it forgets and keeps nothing more', async () => {
    const cache = new ContentDataCache();
    const first = cache.attach();
    const second = cache.attach();
    const source = counter();
    await cache.remember(db, 'k', source.load);
    first();
    first(); // twice: counted once
    expect(cache.active).toBe(true);
    await cache.remember(db, 'k', source.load);
    expect(source.loads).toBe(1);
    second();
    expect(cache.active).toBe(false);
    await cache.remember(db, 'k', source.load);
    await cache.remember(db, 'k', source.load);
    expect(source.loads).toBe(3);
  });
});
