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
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}
