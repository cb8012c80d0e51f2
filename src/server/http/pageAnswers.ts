/**
 * Rendered pages, cached (issue 13). A page is rendered without the reader's cookies (nothing a page
 * shows depends on them), buffered, given the CSP hashes of its inline scripts, an ETag and precompressed
 * bodies, and kept in the page cache: every anonymous reader then gets the same bytes, or a 304.
 * Pages with a reader's token in their address (confirmation, unsubscribe) are rendered each time and
 * marked no-store. A render that fails is answered with the stored page while stale-if-error allows.
 * With REDIS_URL, a page missing from this process's cache is looked for in Redis (src/server/http/sharedPages.ts)
 * before it is rendered, and what this process renders is shared with the others.
 */
import { STATUS_CODES } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { cacheTag, cacheTagHeaders } from '../cache/cacheTags.ts';
import { collectTags } from '../cache/tagCollector.ts';
import { AnswerResponse } from './answerResponse.ts';
import { OUTAGE_RETRY_AFTER_SECONDS } from './databaseOutage.ts';
import { inlineScriptHashes } from '../security/inlineScripts.ts';
import { addPageSecurityHeaders, type PageSources } from '../security/securityHeaders.server.ts';
import { ifNoneMatchMatches, isPrivatePage, notModified, PROXY_EXPIRES_HEADER, pageCacheControl, proxyExpires } from './httpCache.ts';
import { canServeOnError, freshnessOf, type PageCache, type StoredPage, storePage } from './pageCache.ts';
import type { SharedPages } from './sharedPages.ts';

/**
 * A rendered page: the renderer's Response, and its HTML when the renderer kept it (text and bytes), so
 * the body is neither read back nor decoded and encoded again (src/app/pageRenderer.tsx).
 */
export interface RenderedPage {
  response: Response;
  html?: { text: string; bytes: Uint8Array<ArrayBuffer> } | undefined;
}

export type RenderPage = (request: Request) => Promise<Response | RenderedPage>;

/** Headers a rendered page keeps when stored; the rest (length, encoding, date) is per answer. */
const STORED_HEADERS = new Set(['content-type', 'content-language', 'link', 'cache-tag', 'surrogate-key']);

/** SHARED: this process had not the page, another process had rendered it (Redis). */
type CacheState = 'HIT' | 'SHARED' | 'MISS' | 'STALE' | 'STALE-IF-ERROR' | 'BYPASS';

/**
 * The request a stored page is rendered from: the address alone (and Accept), always GET (HEAD gets the
 * GET's headers). No cookie, no credentials, no language or agent: the cache key is the address, so nothing
 * else may shape what is stored.
 */
function anonymousRenderRequest(request: Request): Request {
  return new Request(request.url, { method: 'GET', headers: { accept: request.headers.get('accept') ?? 'text/html' } });
}

/** A page rendered and buffered, with its security headers; its Response is made once, for the reader (answerRendered). */
interface Rendered {
  status: number;
  statusText: string;
  headers: Headers;
  /** The body as rendered (identity), or null when the renderer sent none. */
  body: Uint8Array<ArrayBuffer> | null;
  /** The page to store and share, or null (an error, a cookie, a redirect…). */
  page: StoredPage | null;
}

const encoder = new TextEncoder();

/**
 * Renders once, buffers, and adds the security headers with the hashes of this HTML's inline scripts.
 * With `store`, a page that may be shared is also made a StoredPage (compressed twice: gzip and brotli);
 * a page rendered for one request alone is not (the CPU profile found that work thrown away on every
 * uncached render: decision 012).
 */
async function renderBuffered(render: RenderPage, request: Request, csp: PageSources | null, store: boolean): Promise<Rendered> {
  // The page shows what its API reads answered: their tags are its tags (decision 032).
  const { value: result, tags } = await collectTags(() => render(request));
  const { response: rendered, html: kept } = result instanceof Response ? { response: result, html: undefined } : result;
  const headers = new Headers(rendered.headers);
  headers.delete('content-length');
  if (new URL(request.url).pathname === '/') tags.add(cacheTag.home);
  for (const [name, value] of cacheTagHeaders(tags)) headers.set(name, value);
  let html = '';
  let body: Uint8Array<ArrayBuffer> | null = null;
  if (kept && rendered.body) {
    html = kept.text;
    body = kept.bytes;
  } else if (rendered.body) {
    // Not the renderer's own page (a redirect, a server route…): read as text, as it always was.
    html = await rendered.text();
    body = encoder.encode(html);
  }
  const hashes = /html/.test(headers.get('content-type') ?? '') ? inlineScriptHashes(html) : [];
  addPageSecurityHeaders(headers, hashes, { csp });
  const answer = { status: rendered.status, statusText: rendered.statusText, headers, body, page: null };
  if (!store || rendered.status !== 200 || headers.has('set-cookie')) return answer;
  const stored: [string, string][] = [];
  for (const [name, value] of headers) {
    if (STORED_HEADERS.has(name) || isSecurityHeader(name)) stored.push([name, value]);
  }
  return { ...answer, page: await storePage(200, stored, body ?? new Uint8Array(0)) };
}

function isSecurityHeader(name: string): boolean {
  return [
    'content-security-policy',
    'x-content-type-options',
    'referrer-policy',
    'x-frame-options',
    'cross-origin-opener-policy',
    'permissions-policy',
  ].includes(name);
}

export function preferredEncoding(acceptEncoding: string | null): 'br' | 'gzip' | null {
  const accept = acceptEncoding ?? '';
  if (/\bbr\b/.test(accept)) return 'br';
  if (/\bgzip\b/.test(accept)) return 'gzip';
  return null;
}

/**
 * The headers of a stored page's 200 in one encoding, but for `age` (per answer): built once per page and
 * encoding, shared by the answer below and the node:http hit path (src/server/http/cacheHitPath.ts), so the
 * two cannot drift apart.
 */
export function storedAnswerHeaders(page: StoredPage, encoding: 'br' | 'gzip' | null): readonly [string, string][] {
  let prepared = preparedHeaders.get(page);
  if (!prepared) {
    prepared = { br: buildStoredHeaders(page, 'br'), gzip: buildStoredHeaders(page, 'gzip'), identity: buildStoredHeaders(page, null) };
    preparedHeaders.set(page, prepared);
  }
  return prepared[encoding ?? 'identity'];
}

const preparedHeaders = new WeakMap<StoredPage, Record<'br' | 'gzip' | 'identity', readonly [string, string][]>>();

function buildStoredHeaders(page: StoredPage, encoding: 'br' | 'gzip' | null): [string, string][] {
  const headers = new Headers(page.headers);
  // A page's Cache-Control is the page cache's; a stored API answer keeps its own (apiAnswerCache.ts).
  if (!headers.has('cache-control')) headers.set('cache-control', pageCacheControl());
  headers.set('etag', page.etag);
  headers.set('vary', 'accept-encoding');
  if (encoding) headers.set('content-encoding', encoding);
  headers.set('content-length', String(storedBody(page, encoding).byteLength));
  return [...headers];
}

export function storedBody(page: StoredPage, encoding: 'br' | 'gzip' | null): Uint8Array<ArrayBuffer> {
  return encoding ? page[encoding] : page.identity;
}

/** Seconds since the page was stored (the `age` header). */
export function storedAge(page: StoredPage, now = Date.now()): string {
  return String(Math.max(0, Math.floor((now - page.storedAt) / 1000)));
}

/** The stored page as this reader wants it: 304, or the body in the best encoding it accepts. */
export function answerStored(request: Request, page: StoredPage, state: CacheState, now = Date.now()): Response {
  const encoding = preferredEncoding(request.headers.get('accept-encoding'));
  const headers = new Headers(storedAnswerHeaders(page, encoding) as [string, string][]);
  headers.set('age', storedAge(page, now));
  // Stored means public: nginx may keep it, and asks again after its own short lifetime.
  const expires = proxyExpires(now);
  if (expires) headers.set(PROXY_EXPIRES_HEADER, expires);
  headers.set('x-cache', state);
  if (ifNoneMatchMatches(request.headers.get('if-none-match'), page.etag)) return notModified(headers);
  return new AnswerResponse(request.method === 'HEAD' ? null : storedBody(page, encoding), { status: 200, statusText: 'OK', headers });
}

/**
 * A page rendered for this request alone, answered no-store. Its HTML is compressed here, from the bytes the
 * renderer made, for a reader who accepts it (scripts/serve.mjs compressed it before, with gzip level 6 through
 * web streams: a sixth of an uncached page's CPU with the decoding around it, decision 018's addendum):
 * brotli at quality 1 (the size of gzip 6's output on these pages, for a fifth of its CPU), else gzip at level 1
 * (8 % larger than level 6 on an article, for half its CPU: 0.19 against 0.36 ms, a sixth of the whole
 * render; a stored page is compressed harder, once). Nothing else changes: the same headers as serve.mjs
 * set (`vary` only when compressed), plus the length.
 */
async function answerRendered(request: Request, rendered: Rendered, state: CacheState): Promise<Response> {
  const headers = new Headers(rendered.headers);
  headers.set('cache-control', 'no-store');
  headers.set('x-cache', state);
  // A page whose data was unavailable (the database unreachable, the API's 503): say when to come back.
  if (rendered.status === 503 && !headers.has('retry-after')) headers.set('retry-after', String(OUTAGE_RETRY_AFTER_SECONDS));
  let body = request.method === 'HEAD' ? null : rendered.body;
  const encoding =
    body && /html/.test(headers.get('content-type') ?? '') ? preferredEncoding(request.headers.get('accept-encoding')) : null;
  if (body && encoding) {
    // In libuv's thread pool, not on the event loop: the render's thread is what limits a process (compression
    // was 7 % of an article's CPU there); the other core compresses while this one renders the next page.
    body = new Uint8Array(encoding === 'br' ? await brotliAsync(body, BROTLI_FOR_ONE_READER) : await gzipAsync(body, GZIP_FOR_ONE_READER));
    headers.set('content-encoding', encoding);
    headers.append('vary', 'accept-encoding');
  }
  if (body) headers.set('content-length', String(body.byteLength));
  const statusText = rendered.statusText || STATUS_CODES[rendered.status] || '';
  return new AnswerResponse(body, { status: rendered.status, statusText, headers });
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const GZIP_FOR_ONE_READER = { level: 1 };
const BROTLI_FOR_ONE_READER = {
  params: {
    [constants.BROTLI_PARAM_QUALITY]: 1,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    // A 256 KB window, larger than any page, instead of the default 4 MB that every call allocates: the same
    // bytes, about a tenth less CPU.
    [constants.BROTLI_PARAM_LGWIN]: 18,
  },
};

export interface PageAnswerer {
  answer(request: Request): Promise<Response>;
}

export interface PageAnswererOptions {
  /** The origins the pages' Content-Security-Policy allows; null: no CSP (development). */
  csp: PageSources | null;
  /** The tier shared between processes (Redis), behind `cache`; null: this process alone. */
  shared?: SharedPages | null;
}

export function createPageAnswerer(cache: PageCache, render: RenderPage, options: PageAnswererOptions): PageAnswerer {
  const shared = options.shared ?? null;
  /** Pages this process rendered itself (the others came from Redis). */
  const renderedHere = new WeakSet<StoredPage>();

  /** One render for the cache (across processes with Redis); the renderer's own answer when the page may not be shared. */
  function fill(key: string, request: Request): { own: Promise<Rendered | null>; page: Promise<StoredPage | null> } {
    let own: Rendered | null = null;
    const renderHere = async () => {
      const rendered = await renderBuffered(render, anonymousRenderRequest(request), options.csp, true);
      if (rendered.page) renderedHere.add(rendered.page);
      else own = rendered;
      return rendered.page;
    };
    const page = cache.fill(key, shared ? () => shared.fill(key, renderHere) : renderHere);
    return {
      own: page.then(
        () => own,
        () => null,
      ),
      page,
    };
  }

  async function renderAlone(request: Request, state: CacheState): Promise<Response> {
    return answerRendered(request, await renderBuffered(render, request, options.csp, false), state);
  }

  return {
    async answer(request) {
      const url = new URL(request.url);
      // A private page, or the cache turned off (PAGE_CACHE_MAX_BYTES=0: every request renders, as
      // bench:http measures the render itself), is rendered for this request alone.
      if (isPrivatePage(url.pathname) || cache.maxBytes === 0) return renderAlone(request, 'BYPASS');
      const key = `${url.pathname}${url.search}`;
      let stored = cache.get(key);
      let state: CacheState = 'HIT';
      if (!stored && shared) {
        const generation = cache.currentGeneration;
        const remote = await shared.get(key);
        if (remote) {
          cache.setIfCurrent(key, remote, generation);
          stored = remote;
          state = 'SHARED';
        }
      }
      const freshness = stored && freshnessOf(stored);
      if (stored && freshness === 'fresh') return answerStored(request, stored, state);
      if (stored && freshness === 'stale') {
        // Serve what we have; one request renders it again in the background.
        fill(key, request).page.catch((error: unknown) => console.error('[page-cache] refresh failed for', key, error));
        return answerStored(request, stored, 'STALE');
      }
      try {
        const filled = fill(key, request);
        const page = await filled.page;
        if (page) return answerStored(request, page, renderedHere.has(page) ? 'MISS' : 'SHARED');
        const own = await filled.own;
        if (own && own.status >= 500 && stored && canServeOnError(stored)) return answerStored(request, stored, 'STALE-IF-ERROR');
        // The renderer gets its own answer; another reader who waited on it renders for themself
        // (that answer may carry a cookie, or be an error worth retrying).
        return own ? await answerRendered(request, own, 'MISS') : await renderAlone(request, 'MISS');
      } catch (error) {
        if (stored && canServeOnError(stored)) {
          console.error('[page-cache] render failed, serving the stored page for', key, error);
          return answerStored(request, stored, 'STALE-IF-ERROR');
        }
        throw error;
      }
    },
  };
}
