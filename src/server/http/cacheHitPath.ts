/**
 * The page cache's hit path at the node:http level (issue 22): an anonymous GET or HEAD for a page this
 * process holds fresh is answered from the request line and three headers, before srvx builds a Web
 * Request, before the server entry, the redirects and the route matching run. Everything else — a miss,
 * a stale page, a POST, an address that URL parsing would rewrite — returns false and takes the normal
 * way (src/server.ts → src/server/http/pageAnswers.ts), which answers exactly as before.
 *
 * Why it is the same answer: only the normal path stores entries — pages, after the redirects (fixed, stored
 * and trailing-slash ones: a redirect's source is never stored as a page, and every write to the redirect
 * table purges the cache), the other
 * resources (media, feeds) and the private pages have been ruled out, and cacheable API answers
 * (apiAnswerCache.ts) — under the key `pathname + search` of a parsed URL; a request target that parsing leaves as it is gives that same key here. The headers are the
 * very list answerStored uses (storedAnswerHeaders, built once per page and encoding); only `age`, and
 * Strict-Transport-Security (per request), are added per answer. A purge empties the cache: the next
 * request misses here and renders.
 * Cookies play no part, as on the normal path: a cached page is rendered without them and never set one.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { strictTransportSecurityOf, type TransportSecurity } from '../config/transportSecurity.ts';
import { ifNoneMatchMatches, PROXY_EXPIRES_HEADER, proxyExpires } from './httpCache.ts';
import { preferredEncoding, storedAge, storedAnswerHeaders, storedBody } from './pageAnswers.ts';
import { freshnessOf, type PageCache } from './pageCache.ts';

/**
 * A request target that WHATWG URL parsing keeps byte for byte as pathname + search: unreserved and
 * sub-delimiter characters, no dot segments (also percent-encoded), no doubled slash (the normal path
 * redirects it), no apostrophe in the query (encoded there by the parser).
 */
const PLAIN_TARGET = /^\/[A-Za-z0-9\-._~!$&'()*+,;=:@%/]*(?:\?[A-Za-z0-9\-._~!$&()*+,;=:@%/?]*)?$/;
const DOT_SEGMENT = /\/(?:\.|%2e){1,2}(?:[/?]|$)|\/\/|%2e(?:\.|%2e)?(?:[/?]|$)/i;

/** A path ending in a slash (but `/`): the normal path redirects it (308), never a page, so never a hit. */
const TRAILING_SLASH = /.\/(?:\?|$)/;

export function isPlainTarget(target: string): boolean {
  return PLAIN_TARGET.test(target) && !DOT_SEGMENT.test(target) && !target.endsWith('?') && !trailingSlash(target);
}

function trailingSlash(target: string): boolean {
  const query = target.indexOf('?');
  return TRAILING_SLASH.test(query === -1 ? target : target.slice(0, query + 1));
}

/** The 304's headers (RFC 9110 §15.4.5), as notModified() keeps them from the 200. */
const NOT_MODIFIED_KEPT = new Set(['cache-control', 'etag', 'vary']);

export interface CacheHitPath {
  /** True when the page was answered here; false: hand the request to the normal path, untouched. */
  answer(req: IncomingMessage, res: ServerResponse): boolean;
}

export function createCacheHitPath(cache: PageCache, transportSecurity: TransportSecurity): CacheHitPath {
  return {
    answer(req, res) {
      const method = req.method;
      if (method !== 'GET' && method !== 'HEAD') return false;
      const target = req.url;
      if (!target || !isPlainTarget(target)) return false;
      const page = cache.get(target);
      if (!page || freshnessOf(page) !== 'fresh') return false;
      const hsts = strictTransportSecurityOf(
        headerValue(req.headers['x-forwarded-proto']),
        (req.socket as TLSSocket).encrypted === true,
        transportSecurity,
      );
      if (ifNoneMatchMatches(headerValue(req.headers['if-none-match']), page.etag)) {
        const headers: string[] = [];
        for (const [name, value] of storedAnswerHeaders(page, null)) {
          if (NOT_MODIFIED_KEPT.has(name)) headers.push(name, value);
        }
        const expires = proxyExpires();
        if (expires) headers.push(PROXY_EXPIRES_HEADER, expires);
        if (hsts) headers.push('strict-transport-security', hsts);
        res.writeHead(304, 'Not Modified', headers);
        res.end();
        return true;
      }
      const encoding = preferredEncoding(headerValue(req.headers['accept-encoding']));
      const headers: string[] = [];
      for (const [name, value] of storedAnswerHeaders(page, encoding)) headers.push(name, value);
      headers.push('age', storedAge(page), 'x-cache', 'HIT');
      const expires = proxyExpires();
      if (expires) headers.push(PROXY_EXPIRES_HEADER, expires);
      if (hsts) headers.push('strict-transport-security', hsts);
      res.writeHead(200, 'OK', headers);
      if (method === 'HEAD') res.end();
      else res.end(storedBody(page, encoding));
      return true;
    },
  };
}

function headerValue(value: string | string[] | undefined): string | null {
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(', ') : value;
}
