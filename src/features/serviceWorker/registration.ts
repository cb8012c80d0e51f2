/**
 * Registers /sw.js with workbox-window (loaded only once the page is idle: never on the critical path)
 * and reports a new version waiting. Also asks the worker to keep pages it could not see itself: the page
 * of the first visit (loaded before any worker existed) with its images, and pages reached by in-app
 * navigation (the router fetched data, not the document).
 */
import { messageSW, Workbox } from 'workbox-window';
import { isNeverCachedPage } from '../../sw/cachePolicy.ts';

export interface ServiceWorkerHandle {
  /** Activates the waiting version, then reloads once it controls the page. */
  acceptUpdate: () => void;
  /** Keeps this page (a path of the site) for offline reading. */
  keepPage: (href: string) => void;
}

type UrlToCache = string | [string, RequestInit];

const IMAGE = /\.(?:avif|gif|jpe?g|png|svg|webp)(?:\?|$)/i;

/** Same-origin images the page has already loaded (they came before the worker). */
function loadedImages(): string[] {
  const urls = new Set<string>();
  for (const entry of performance.getEntriesByType('resource')) {
    if (
      entry.name.startsWith(window.location.origin) &&
      ((entry as PerformanceResourceTiming).initiatorType === 'img' || IMAGE.test(entry.name))
    ) {
      urls.add(entry.name);
    }
  }
  for (const image of Array.from(document.images)) {
    if (image.currentSrc.startsWith(window.location.origin)) urls.add(image.currentSrc);
  }
  return [...urls];
}

const page = (href: string): UrlToCache => [new URL(href, window.location.origin).href, { headers: { accept: 'text/html' } }];

async function keep(urlsToCache: UrlToCache[]): Promise<void> {
  const controller = navigator.serviceWorker.controller;
  if (!controller || urlsToCache.length === 0) return;
  try {
    // workbox-routing's CACHE_URLS message: each URL goes through the worker's own route (and rules).
    await messageSW(controller, { type: 'CACHE_URLS', payload: { urlsToCache } });
  } catch {
    // The worker is being replaced: the page will be kept on the next visit.
  }
}

export async function registerServiceWorker(onUpdateWaiting: () => void): Promise<ServiceWorkerHandle | null> {
  const workbox = new Workbox('/sw.js', { scope: '/' });
  const controlledAtLoad = Boolean(navigator.serviceWorker.controller);
  workbox.addEventListener('waiting', () => onUpdateWaiting());
  workbox.addEventListener('controlling', (event) => {
    // First install: the worker has just taken control of a page it never saw.
    if (!event.isUpdate && !controlledAtLoad) void keep([page(window.location.href), ...loadedImages()]);
  });
  try {
    await workbox.register();
  } catch (error) {
    console.warn('[sw] registration failed:', error instanceof Error ? error.message : error);
    return null;
  }
  let reloading = false;
  return {
    acceptUpdate() {
      if (reloading) return;
      reloading = true;
      workbox.addEventListener('controlling', () => window.location.reload());
      workbox.messageSkipWaiting();
    },
    keepPage(href) {
      if (!isNeverCachedPage(new URL(href, window.location.origin))) void keep([page(href)]);
    },
  };
}
