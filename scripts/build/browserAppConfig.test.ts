import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseSync } from 'vite';
import { describe, expect, it } from 'vitest';
import { appConfig } from '../../app.config.ts';
import { SERVER_ONLY_SECTIONS, serverOnlyReads, withoutSections } from './browserAppConfig.ts';

const root = resolve(import.meta.dirname, '../..');

describe('app.config.ts in the browser build', () => {
  it('keeps every section but the server-only ones, unchanged', async () => {
    const source = readFileSync(resolve(root, 'app.config.ts'), 'utf8');
    const { code, removed } = withoutSections(source, parseSync('app.config.ts', source).program as never, SERVER_ONLY_SECTIONS);
    expect(removed.sort()).toEqual([...SERVER_ONLY_SECTIONS].sort());
    const dir = mkdtempSync(join(tmpdir(), 'browser-app-config-'));
    try {
      writeFileSync(join(dir, 'app.config.ts'), code);
      const browser = (await import(join(dir, 'app.config.ts'))).appConfig as Record<string, unknown>;
      const expected = Object.fromEntries(
        Object.entries(appConfig).filter(([key]) => !(SERVER_ONLY_SECTIONS as readonly string[]).includes(key)),
      );
      expect(browser).toEqual(expected);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('tells the server-only sections a module reads, however it reads them', () => {
    expect(serverOnlyReads('const a = appConfig.pageCache.maxBytes;')).toEqual(['pageCache']);
    expect(serverOnlyReads('const a = appConfig?.seo;')).toEqual(['seo']);
    expect(serverOnlyReads("const a = appConfig['redirects'];")).toEqual(['redirects']);
    expect(serverOnlyReads('const { site, push: p } = appConfig;')).toEqual(['push']);
    expect(serverOnlyReads('const a = appConfig.site.name; const pageCache = 1;')).toEqual([]);
    expect(serverOnlyReads('const seo = other.seo;')).toEqual([]);
  });
});
