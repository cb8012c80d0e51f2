/**
 * The CSP sources of a rendered page's inline scripts: 'sha256-…' of each one the browser would run.
 * TanStack Start 1.169 emits a handful (router bootstrap, dehydrated loader data in stream parts,
 * React's Suspense swaps); their text is raw in the HTML (a script's content is not entity-decoded),
 * so hashing the bytes between the tags gives what the browser hashes.
 */
import { createHash } from 'node:crypto';

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const SRC = /\ssrc\s*=/i;
const TYPE = /\stype\s*=\s*["']?([^"'\s>]+)/i;
/** Types a browser executes; data blocks (application/ld+json…) are not scripts to a CSP. */
const EXECUTABLE_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript']);

export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = '', body = ''] of html.matchAll(SCRIPT)) {
    if (SRC.test(attributes) || body === '') continue;
    const type = (TYPE.exec(attributes)?.[1] ?? '').toLowerCase();
    if (!EXECUTABLE_TYPES.has(type)) continue;
    hashes.add(hashOf(body));
  }
  return [...hashes];
}

/**
 * Most pages carry the same small scripts (the entry's bootstrap, the router's): their hashes are kept, a bounded
 * handful; a page's own data (long, different on every page) is hashed each time and never kept.
 */
const KEPT_BODY_MAX_CHARS = 4096;
const KEPT_HASHES_MAX = 128;
const keptHashes = new Map<string, string>();

function hashOf(body: string): string {
  const kept = keptHashes.get(body);
  if (kept) return kept;
  const hash = `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`;
  if (body.length <= KEPT_BODY_MAX_CHARS) {
    if (keptHashes.size >= KEPT_HASHES_MAX) keptHashes.clear();
    keptHashes.set(body, hash);
  }
  return hash;
}
