/** The shipped source files under src/ (tests and test support left out), with their text, for the code rules. */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

export interface SourceFile {
  /** From the repository's root, with forward slashes: `src/server/boot.server.ts`. */
  path: string;
  text: string;
}

const isTestCode = (path: string) => /\.test\.tsx?$/.test(path) || path.startsWith('src/testing/');

export function readShippedSources(root: string, under = 'src'): SourceFile[] {
  const files: SourceFile[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(ts|tsx)$/.test(entry.name)) {
        const path = relative(root, full).split('\\').join('/');
        if (!isTestCode(path)) files.push({ path, text: readFileSync(full, 'utf8') });
      }
    }
  };
  walk(join(root, under));
  return files;
}
