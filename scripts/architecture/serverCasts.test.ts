import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { serverCastViolations } from './serverCasts.ts';
import { readShippedSources } from './sourceFiles.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('no `as unknown as` in src/server (issue 33)', () => {
  it('holds in the shipped server code (tests aside)', () => {
    const files = readShippedSources(root, 'src/server');
    expect(files.length).toBeGreaterThan(100);
    expect(serverCastViolations(files)).toEqual([]);
  });

  it('refuses such a cast anywhere under src/server/, and nowhere else', () => {
    const files = [
      { path: 'src/server/backup/backup.server.ts', text: 'const a = 1;\nconst rows = result as unknown as { rows: T[] };' },
      { path: 'src/server/newsroom/http/articleHandlers.ts', text: 'x as unknown as Y' },
      { path: 'src/lib/other.ts', text: 'x as unknown as Y' },
    ];
    expect(serverCastViolations(files)).toEqual([
      'src/server/backup/backup.server.ts:2: const rows = result as unknown as { rows: T[] };',
      'src/server/newsroom/http/articleHandlers.ts:1: x as unknown as Y',
    ]);
  });
});
