import { describe, expect, it } from 'vitest';
import { ContentDataCache } from '../content/contentDataCache.ts';
import { createRedirectLookups } from './redirectLookups.ts';

describe('redirect lookups kept in process', () => {
  function setup(maxEntries = 3) {
    const data = new ContentDataCache();
    const asked: string[] = [];
    let now = 0;
    const lookups = createRedirectLookups(
      async (key) => {
        asked.push(key);
        if (key === '/panne') throw new Error('database down');
        return key === '/ancien' ? '/nouveau' : null;
      },
      { data, maxEntries, ttlMs: 1000, now: () => now },
    );
    return { data, asked, lookups, tick: (ms: number) => (now += ms) };
  }

  it('asks the database every time while nobody listens for content changes', async () => {
    const { asked, lookups } = setup();
    await lookups.find('/ancien');
    await lookups.find('/ancien');
    expect(asked).toEqual(['/ancien', '/ancien']);
  });

  it('keeps answers, negative ones too, until a purge or their expiry', async () => {
    const { data, asked, lookups, tick } = setup();
    data.attach();
    expect(await lookups.find('/ancien')).toBe('/nouveau');
    expect(await lookups.find('/ancien')).toBe('/nouveau');
    expect(await lookups.find('/autre')).toBeNull();
    expect(await lookups.find('/autre')).toBeNull();
    expect(asked).toEqual(['/ancien', '/autre']);
    data.purge();
    await lookups.find('/ancien');
    tick(1001);
    await lookups.find('/ancien');
    expect(asked).toEqual(['/ancien', '/autre', '/ancien', '/ancien']);
  });

  it('is bounded, the least recently used out first; a failed read is not kept', async () => {
    const { data, asked, lookups } = setup(2);
    data.attach();
    await lookups.find('/a');
    await lookups.find('/b');
    await lookups.find('/a');
    await lookups.find('/c');
    expect(lookups.size).toBe(2);
    await lookups.find('/a');
    await lookups.find('/b');
    expect(asked).toEqual(['/a', '/b', '/c', '/b']);
    await expect(lookups.find('/panne')).rejects.toThrow();
    await expect(lookups.find('/panne')).rejects.toThrow();
    expect(asked.filter((key) => key === '/panne')).toHaveLength(2);
  });
});
