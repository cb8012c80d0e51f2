/**
 * No `as unknown as` in the server's shipped code (issue 33): such a cast tells the compiler to believe
 * anything, so a wrong shape surfaces in production instead of at the type check. Proper types, generics or
 * a runtime check (src/db/queryResults.ts) instead.
 */
import type { SourceFile } from './sourceFiles.ts';

/** Files allowed a cast: none. Kept as a parameter so the test can show the rule catches one. */
export const CAST_ALLOWED_FOR_NOW: ReadonlySet<string> = new Set();

export function serverCastViolations(files: readonly SourceFile[], allowed: ReadonlySet<string> = CAST_ALLOWED_FOR_NOW): string[] {
  const found: string[] = [];
  for (const file of files) {
    if (!file.path.startsWith('src/server/') || allowed.has(file.path)) continue;
    file.text.split('\n').forEach((line, index) => {
      if (/\bas unknown as\b/.test(line)) found.push(`${file.path}:${index + 1}: ${line.trim()}`);
    });
  }
  return found;
}
