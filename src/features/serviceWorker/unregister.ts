/**
 * SERVICE_WORKER=0: the page removes any worker a reader installed before, and the caches it filled.
 * (The server's /sw.js does the same for tabs that are not reloaded; whichever runs first wins.)
 */
import { appConfig } from '../../../app.config.ts';

export async function removeServiceWorker(): Promise<void> {
  const registrations = await navigator.serviceWorker.getRegistrations();
  await Promise.all(registrations.map((registration) => registration.unregister()));
  if (typeof caches === 'undefined') return;
  const prefix = `${appConfig.serviceWorker.cachePrefix}-`;
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.startsWith(prefix)).map((name) => caches.delete(name)));
}
