/**
 * The browsable API reference served at /api/docs: Redoc with its scripts inlined (no CDN), rendered
 * from the contract. It is 2.6 MB of generated HTML, so it is not committed: `npm run build`,
 * `npm run dev`, `npm run api:generate` and the unit tests render it into generated/ (gitignored),
 * where src/server/http/apiReference.ts finds it.
 *
 * Erasable TypeScript only: loaded by `node --experimental-strip-types`.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONTRACT_BUNDLE, contractSources } from './contractBundle.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Where the reference is written; apiReference.ts looks for the same path relative to the project. */
export const API_DOCS_FILE = path.join(ROOT, 'generated', 'api-docs.html');

/** What the page is rendered from: a change to any of them makes it stale. */
const sources = () => [...contractSources(), CONTRACT_BUNDLE, path.join(ROOT, 'redocly.yaml')];

function modifiedMs(file: string): number | null {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return null;
  }
}

export function apiDocsStale(file: string = API_DOCS_FILE): boolean {
  const built = modifiedMs(file);
  if (built === null) return true;
  return sources().some((source) => (modifiedMs(source) ?? 0) > built);
}

/**
 * Renders the reference into `file`. Written beside it and renamed into place, so a server or a test
 * run reading it meanwhile never sees half a page.
 */
export function generateApiDocs(file: string = API_DOCS_FILE): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.tmp`;
  const result = spawnSync(
    path.join(ROOT, 'node_modules/.bin/redocly'),
    [
      'build-docs',
      CONTRACT_BUNDLE,
      '--inlineBundle',
      '--title=API Piquante',
      `--config=${path.join(ROOT, 'redocly.yaml')}`,
      `--output=${partial}`,
    ],
    { cwd: ROOT, encoding: 'utf8' },
  );
  if (result.status !== 0) {
    rmSync(partial, { force: true });
    throw new Error(`redocly build-docs failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  }
  renameSync(partial, file);
}
