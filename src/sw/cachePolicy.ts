/**
 * What the service worker may keep, decided from the request alone (pure: unit-tested without a browser).
 * Never kept: anything but GET (POSTs never reach a route), the newsletter (/newsletter/*: forms, captcha,
 * one-click links), the newsletter's confirmation and unsubscribe pages (one-time links, personal), web
 * push calls, search (it needs the network and would fill the cache with one entry per query), the API
 * reference, and any answer that is not a 200 or says no-store/private.
 */
import { appVariantPrefix } from '../../app.config.ts';

/** Pages that are one-time or personal: always from the network (offline: the offline page). */
const NEVER_CACHED_PAGES = [/^\/inscription\/confirmer(\/|$)/, /^\/desinscription(\/|$)/, /^\/newsletter(\/|$)/];
/** API paths that are never kept: push subscriptions, search, the reference page and the contract. */
const NEVER_CACHED_API = [/^\/api\/push(\/|$)/, /^\/api\/search(\/|$)/, /^\/api\/docs$/, /^\/api\/openapi\.yaml$/];
const IMAGE_PATH = /\.(?:avif|gif|jpe?g|png|svg|webp)$/i;

export interface RequestFacts {
  method: string;
  mode: string;
  destination: string;
  accept: string | null;
}

export function factsOf(request: Request): RequestFacts {
  return { method: request.method, mode: request.mode, destination: request.destination, accept: request.headers.get('accept') };
}

/** A page: a navigation, or the page's own request to keep a document (message CACHE_URLS, accept text/html). */
export function isPageRequest(facts: RequestFacts, url: URL, origin: string): boolean {
  if (facts.method !== 'GET' || url.origin !== origin) return false;
  return facts.mode === 'navigate' || (facts.destination === '' && (facts.accept ?? '').includes('text/html'));
}

export function isNeverCachedPage(url: URL): boolean {
  return NEVER_CACHED_PAGES.some((pattern) => pattern.test(url.pathname));
}

export function isCachedApi(facts: RequestFacts, url: URL, origin: string): boolean {
  if (facts.method !== 'GET' || url.origin !== origin || !url.pathname.startsWith('/api/')) return false;
  return !NEVER_CACHED_API.some((pattern) => pattern.test(url.pathname));
}

/**
 * A live blog's poll (« Direct »): from the network first — a kept answer served first would show every new
 * entry one poll late — and the kept one only offline, so the entries already seen stay readable.
 */
export function isLiveApi(url: URL): boolean {
  return /^\/api\/direct\//.test(url.pathname);
}

/** Same-origin images: those the page shows (destination image) and those it asks to keep (by extension). */
export function isCachedImage(facts: RequestFacts, url: URL, origin: string): boolean {
  if (facts.method !== 'GET' || url.origin !== origin) return false;
  return facts.destination === 'image' || (facts.destination === '' && IMAGE_PATH.test(url.pathname));
}

/** Only complete, shareable answers are kept: a 200 that does not say no-store or private. */
export function isStorable(status: number, cacheControl: string | null): boolean {
  if (status !== 200) return false;
  return !/\b(no-store|private)\b/i.test(cacheControl ?? '');
}

/** The web-view variants of the mobile app repeat the site's articles: listed once, under their site address. */
export function isSiteArticlePath(pathname: string): boolean {
  return !pathname.startsWith(`${appVariantPrefix}/`) && /^\/[a-z0-9-]+\/[a-z0-9-]+$/.test(pathname);
}
