/** Helpers of the service-worker browser tests: wait for control, read the worker's caches. */
import { expect, type Page } from '@playwright/test';
import { appConfig } from '../../../app.config.ts';

export const CACHE = {
  pages: `${appConfig.serviceWorker.cachePrefix}-pages`,
  images: `${appConfig.serviceWorker.cachePrefix}-images`,
  api: `${appConfig.serviceWorker.cachePrefix}-api`,
};

/** The worker registered (after idle) and controls the page. */
export async function waitForControl(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
}

/** Paths (with search) kept in one of the worker's caches. */
export async function cachedPaths(page: Page, cacheName: string): Promise<string[]> {
  return page.evaluate(async (name) => {
    if (!(await caches.has(name))) return [];
    const keys = await (await caches.open(name)).keys();
    return keys.map((request) => {
      const url = new URL(request.url);
      return url.pathname + url.search;
    });
  }, cacheName);
}

export async function expectCached(page: Page, cacheName: string, path: string): Promise<void> {
  await expect.poll(() => cachedPaths(page, cacheName), { timeout: 15_000 }).toContain(path);
}

/** Every image of the article's header has loaded (with a real bitmap). */
export async function mainImageLoaded(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const image = document.querySelector<HTMLImageElement>('main article img');
    return Boolean(image?.complete && image.naturalWidth > 0);
  });
}
