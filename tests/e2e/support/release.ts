/**
 * A second release of the site for browser tests: a copy of the production build (dist/ and the
 * production server script) beside the real one, whose service worker differs by a line, as a new
 * deployment's would. Served with startOwnServer(env, port, release.root) on the port of the first
 * release, so that the browser sees one origin whose /sw.js changed.
 */
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../../..');

export function copyRelease(label: string): { root: string; env: NodeJS.ProcessEnv; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'piquante-release-'));
  cpSync(join(root, 'dist'), join(dir, 'dist'), { recursive: true });
  mkdirSync(join(dir, 'scripts'));
  cpSync(join(root, 'scripts/serve.mjs'), join(dir, 'scripts/serve.mjs'));
  // What the production server imports besides the build.
  cpSync(join(root, 'scripts/lib'), join(dir, 'scripts/lib'), { recursive: true });
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  appendFileSync(join(dir, 'dist/client/sw.js'), `\n// ${label}\n`);
  return {
    root: dir,
    env: { MIGRATIONS_DIR: join(root, 'src/db/migrations') },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
