/**
 * Cacheable API answers in the page cache (issue 22): a GET under /api/ whose answer any shared cache may
 * keep (a 200 marked public, no cookie set: isSharedCacheable, as nginx decides) is stored beside the
 * pages, precompressed, under its address. The next request for it is then answered by the node:http
 * hit path (src/server/http/cacheHitPath.ts) without a query; the stored entry keeps the answer's own
 * Cache-Control, security headers and ETag (the same entityTag the API gives).
 * Kept `pageCache.sMaxAgeSeconds` (never longer than the answer's max-age allows), and dropped with every
 * page at each content change (the same purge, on every process). The newsroom's and the newsletter's
 * calls are never stored: they are no-store, and their prefixes are ruled out here besides.
 */
import { appConfig } from '../../../app.config.ts';
import { isSharedCacheable } from './httpCache.ts';
import { answerStored } from './pageAnswers.ts';
import { freshnessOf, type PageCache, storePage } from './pageCache.ts';

/** Headers that belong to one answer, not to the stored entry (answerStored sets them). */
const PER_ANSWER = new Set([
  'content-length',
  'content-encoding',
  'etag',
  'vary',
  'date',
  'age',
  'x-cache',
  'transfer-encoding',
  'connection',
]);

export function isCacheableApiRequest(request: Request, url: URL): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    url.pathname.startsWith('/api/') &&
    !url.pathname.startsWith('/api/admin') &&
    !url.pathname.startsWith('/api/preview')
  );
}

/** The answer's own max-age (or s-maxage) in seconds, or null when it has none. */
function sharedLifetime(cacheControl: string): number | null {
  const match = /\bs-maxage=(\d+)/.exec(cacheControl) ?? /\bmax-age=(\d+)/.exec(cacheControl);
  return match ? Number(match[1]) : null;
}

export async function answerApiThroughCache(
  cache: PageCache,
  request: Request,
  url: URL,
  compute: () => Promise<Response | null>,
): Promise<Response | null> {
  const key = `${url.pathname}${url.search}`;
  const stored = cache.get(key);
  if (stored && freshnessOf(stored) === 'fresh') return answerStored(request, stored, 'HIT');
  const generation = cache.currentGeneration;
  const response = await compute();
  if (!response || request.method !== 'GET' || !isSharedCacheable(request, response) || !response.body) return response;
  const lifetime = sharedLifetime(response.headers.get('cache-control') ?? '');
  if (lifetime === null || lifetime < appConfig.pageCache.sMaxAgeSeconds) return response;
  const kept: [string, string][] = [];
  for (const [name, value] of response.headers) if (!PER_ANSWER.has(name)) kept.push([name, value]);
  const page = await storePage(200, kept, new Uint8Array(await response.arrayBuffer()));
  cache.setIfCurrent(key, page, generation);
  return answerStored(request, page, 'MISS');
}
