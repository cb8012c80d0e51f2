/**
 * HTTP caching rules shared by pages and JSON (issue 13): entity tags, conditional GETs (304), and
 * which answers a shared cache may keep. Everything here is pure: the page cache and the API call it.
 */
import { createHash } from 'node:crypto';
import { appConfig } from '../../../app.config.ts';

/** Cache-Control of an anonymous page, from app.config.ts. */
export function pageCacheControl(): string {
  const { sMaxAgeSeconds, staleWhileRevalidateSeconds, staleIfErrorSeconds } = appConfig.pageCache;
  return `public, max-age=0, s-maxage=${sMaxAgeSeconds}, stale-while-revalidate=${staleWhileRevalidateSeconds}, stale-if-error=${staleIfErrorSeconds}`;
}

/** A weak validator of the identity body: the same bytes in any content-encoding are equivalent. */
export function entityTag(body: Uint8Array | string): string {
  return `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/** RFC 9110 §13.1.2: If-None-Match uses the weak comparison; `*` matches any current representation. */
export function ifNoneMatchMatches(header: string | null, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === wanted);
}

/**
 * nginx's own freshness for a shared answer (deploy/nginx.conf), so that it asks again with the ETag and a change
 * reaches every nginx within about a second (decision 033). An absolute time, `@` the end of the current second
 * (plus `proxyRevalidateSeconds` - 1): nginx counts whole seconds, and a relative `1` keeps an answer between 1 and
 * 2 s. The 304 carries it too, since nginx takes the new lifetime from the revalidation's answer. nginx never
 * forwards it to the browser.
 */
export const PROXY_EXPIRES_HEADER = 'x-accel-expires';

let proxyRevalidateSeconds: number = appConfig.pageCache.proxyRevalidateSeconds;
let proxyExpiresMemo = { second: -1, value: '' };

/** PROXY_REVALIDATE_SECONDS, set once at start (src/server.ts); 0: no header, nginx keeps `s-maxage` as before. */
export function setProxyRevalidateSeconds(seconds: number): void {
  proxyRevalidateSeconds = seconds;
  proxyExpiresMemo = { second: -1, value: '' };
}

/** The value for an answer given now (null: none): one string a second, not one a request (the hit path sends it). */
export function proxyExpires(now = Date.now()): string | null {
  if (proxyRevalidateSeconds === 0) return null;
  const second = Math.floor(now / 1000);
  if (second !== proxyExpiresMemo.second) proxyExpiresMemo = { second, value: `@${second + proxyRevalidateSeconds - 1}` };
  return proxyExpiresMemo.value;
}

/** Headers a 304 repeats from the 200 it stands for (RFC 9110 §15.4.5), and nginx's lifetime. */
const NOT_MODIFIED_HEADERS = ['cache-control', 'content-location', 'date', 'etag', 'expires', 'vary', PROXY_EXPIRES_HEADER];

export function notModified(headers: Headers): Response {
  const kept = new Headers();
  for (const name of NOT_MODIFIED_HEADERS) {
    const value = headers.get(name);
    if (value !== null) kept.set(name, value);
  }
  return new Response(null, { status: 304, statusText: 'Not Modified', headers: kept });
}

/**
 * May a shared cache (or ours) keep this answer? Only a GET's 200 marked public, and never one that
 * sets a cookie: that cookie would be handed to the next reader.
 */
export function isSharedCacheable(request: Request, response: Response): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (response.status !== 200 || response.headers.has('set-cookie')) return false;
  const cacheControl = response.headers.get('cache-control') ?? '';
  return /\bpublic\b/.test(cacheControl) && !/\b(no-store|private)\b/.test(cacheControl);
}

/**
 * Gives a cacheable JSON answer its ETag, and answers 304 when the client already holds it. The body is
 * buffered to hash it (API answers are small and complete; nothing there streams).
 */
export async function withEntityTag(request: Request, response: Response): Promise<Response> {
  if (!isSharedCacheable(request, response) || response.headers.has('etag') || !response.body) return response;
  const body = new Uint8Array(await response.arrayBuffer());
  const headers = new Headers(response.headers);
  const etag = entityTag(body);
  headers.set('etag', etag);
  const expires = proxyExpires();
  if (expires) headers.set(PROXY_EXPIRES_HEADER, expires);
  if (ifNoneMatchMatches(request.headers.get('if-none-match'), etag)) return notModified(headers);
  return new Response(request.method === 'HEAD' ? null : body, { status: response.status, statusText: response.statusText, headers });
}

/** Is this page the reader's own (a token in its address)? Then it is never stored nor shared. */
export function isPrivatePage(pathname: string): boolean {
  return appConfig.pageCache.privatePathPrefixes.some((prefix) => pathname.startsWith(prefix));
}
