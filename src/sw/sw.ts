/// <reference lib="webworker" />
/**
 * The service worker, built to /sw.js (scripts/build/serviceWorker.ts: bundled, then Workbox's
 * injectManifest fills self.__WB_MANIFEST with the hashed assets of the client build).
 * - hashed assets: precached (a new release precaches its own, then waits for the reader's go);
 * - pages: network first with a short timeout, the kept copy as fallback, the offline page otherwise;
 * - GET /api/*: stale-while-revalidate; images: cache first, bounded and expiring;
 * - nothing else, never a POST, never an error answer (cachePolicy.ts).
 * The first version takes control at once (the reader's first visit becomes readable offline); later
 * versions wait until the reader accepts the update toast (message SKIP_WAITING): no surprise reload.
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim, setCacheNameDetails } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly, StaleWhileRevalidate } from 'workbox-strategies';
import type { WorkboxPlugin } from 'workbox-core/types.js';
import { appConfig } from '../../app.config.ts';
import {
  factsOf,
  isCachedApi,
  isCachedImage,
  isLiveApi,
  isNeverCachedPage,
  isPageRequest,
  isSiteArticlePath,
  isStorable,
} from './cachePolicy.ts';
import { articleTitleOf, type OfflineArticle, renderOfflinePage } from './offlinePage.ts';
import { installPushHandlers } from './pushHandlers.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

const config = appConfig.serviceWorker;
const DAY = 24 * 60 * 60;
const cacheName = (name: string) => `${config.cachePrefix}-${name}`;
const CACHES = { pages: cacheName('pages'), api: cacheName('api'), images: cacheName('images') };

setCacheNameDetails({ prefix: config.cachePrefix, suffix: 'v1' });
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);
clientsClaim();

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

/** Keeps only 200s that do not say no-store/private (CacheableResponsePlugin checks the status alone). */
const storableOnly: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => (isStorable(response.status, response.headers.get('cache-control')) ? response : null),
};
const bounded = (limits: { maxEntries: number; maxAgeDays: number }) =>
  new ExpirationPlugin({ maxEntries: limits.maxEntries, maxAgeSeconds: limits.maxAgeDays * DAY, purgeOnQuotaError: true });
const origin = self.location.origin;

registerRoute(({ request, url }) => isPageRequest(factsOf(request), url, origin) && isNeverCachedPage(url), new NetworkOnly());
registerRoute(
  ({ request, url }) => isPageRequest(factsOf(request), url, origin),
  new NetworkFirst({
    cacheName: CACHES.pages,
    networkTimeoutSeconds: config.pageNetworkTimeoutSeconds,
    // A kept page answers whatever Accept the navigation sent.
    matchOptions: { ignoreVary: true },
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), storableOnly, bounded(config.pages)],
  }),
);
registerRoute(
  ({ request, url }) => isCachedApi(factsOf(request), url, origin) && isLiveApi(url),
  new NetworkFirst({
    cacheName: CACHES.api,
    networkTimeoutSeconds: config.pageNetworkTimeoutSeconds,
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), storableOnly, bounded(config.api)],
  }),
);
registerRoute(
  ({ request, url }) => isCachedApi(factsOf(request), url, origin),
  new StaleWhileRevalidate({
    cacheName: CACHES.api,
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), storableOnly, bounded(config.api)],
  }),
);
registerRoute(
  ({ request, url }) => isCachedImage(factsOf(request), url, origin),
  new CacheFirst({
    cacheName: CACHES.images,
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), storableOnly, bounded(config.images)],
  }),
);

/** The articles this device keeps, newest visit first, for the offline page. */
async function offlineArticles(): Promise<OfflineArticle[]> {
  const cache = await caches.open(CACHES.pages);
  const found: OfflineArticle[] = [];
  const seen = new Set<string>();
  for (const request of [...(await cache.keys())].reverse()) {
    const path = new URL(request.url).pathname;
    if (seen.has(path) || !isSiteArticlePath(path)) continue;
    seen.add(path);
    const response = await cache.match(request, { ignoreVary: true });
    const title = response ? articleTitleOf(await response.text()) : null;
    if (title) found.push({ title, path });
  }
  return found;
}

// A page that is neither reachable nor kept: the offline page. Anything else fails as it would have.
setCatchHandler(async ({ request }) => {
  if (request.mode !== 'navigate') return Response.error();
  return new Response(renderOfflinePage(await offlineArticles()), {
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
  });
});

installPushHandlers(appConfig.site.name, appConfig.push.icon);
