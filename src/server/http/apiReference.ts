/**
 * The contract itself and its browsable reference (rendered from openapi/ by npm run api:generate).
 * Read from disk on first use: found by walking up from this module, in the source tree and in dist/.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function findProjectFile(relative: string): string | null {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 8; i++) {
    const candidate = join(dir, relative);
    if (existsSync(candidate)) return candidate;
    dir = dirname(dir);
  }
  return null;
}

const cache = new Map<string, string | null>();
function load(relative: string): string | null {
  if (!cache.has(relative)) {
    const file = findProjectFile(relative);
    cache.set(relative, file ? readFileSync(file, 'utf8') : null);
  }
  return cache.get(relative) ?? null;
}

const missing = () =>
  new Response('Référence indisponible : lancez npm run api:generate.', {
    status: 404,
    headers: { 'content-type': 'text/plain; charset=utf-8' },
  });

export function apiReferencePage(): Response {
  const html = load('src/api/generated/api-docs.html');
  if (!html) return missing();
  return new Response(html, {
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'public, max-age=300',
      // Redoc's bundle is inlined into the page; nothing is fetched from another origin.
      'content-security-policy':
        "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; worker-src 'self' blob:; frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
    },
  });
}

export function apiContractFile(): Response {
  const yaml = load('openapi/magazine.yaml');
  if (!yaml) return missing();
  return new Response(yaml, {
    headers: { 'content-type': 'application/yaml; charset=utf-8', 'cache-control': 'public, max-age=300' },
  });
}
