/**
 * The contract itself (bundled from openapi/ into src/api/generated/openapi.yaml) and its browsable
 * reference (rendered from it into generated/, not
 * committed, by the build, npm run dev and npm run api:generate: scripts/lib/apiDocs.ts).
 * Read from disk on first use: found by walking up from this module, in the source tree and in dist/.
 */
import { createHash } from 'node:crypto';
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

/**
 * Redoc's bundle is inlined into the page: its inline scripts are allowed by their SHA-256 hashes,
 * computed from the page being served, so no other inline script could run there ('unsafe-inline' would
 * let any injected one run).
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/gi)) {
    const body = match[1] ?? '';
    if (body.trim() === '') continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

let referencePolicy: { html: string; csp: string } | null = null;

export function apiReferencePage(): Response {
  const html = load('generated/api-docs.html');
  if (!html) return missing();
  if (referencePolicy?.html !== html) {
    const scripts = ["'self'", ...inlineScriptHashes(html)].join(' ');
    referencePolicy = {
      html,
      // Nothing is fetched from another origin; Redoc's styles are injected at run time, hence style-src.
      csp: `default-src 'self'; script-src ${scripts}; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; worker-src 'self' blob:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'`,
    };
  }
  return new Response(html, {
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'public, max-age=300',
      'content-security-policy': referencePolicy.csp,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
    },
  });
}

export function apiContractFile(): Response {
  const yaml = load('src/api/generated/openapi.yaml');
  if (!yaml) return missing();
  return new Response(yaml, {
    headers: { 'content-type': 'application/yaml; charset=utf-8', 'cache-control': 'public, max-age=300' },
  });
}
