import { describe, expect, it } from 'vitest';
import { appConfig } from '../../app.config.ts';
import { claimChunkReload, isChunkLoadError } from './chunkReload.ts';

function memoryStore() {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
}

describe('chunk-load failure reload', () => {
  it('recognises the browsers\u2019 dynamic import failures', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new Error('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cet article est introuvable.'))).toBe(false);
  });

  it('reloads at most once per minute', () => {
    const store = memoryStore();
    const interval = appConfig.navigation.chunkReloadMinIntervalMs;
    expect(claimChunkReload(store, 1_000_000)).toBe(true);
    expect(claimChunkReload(store, 1_000_000 + interval - 1)).toBe(false);
    expect(claimChunkReload(store, 1_000_000 + interval)).toBe(true);
  });
});
