/**
 * SPEC §4/§8: a chunk that fails to load (a deploy replaced the assets) reloads the page, at most once
 * per chunkReloadMinIntervalMs, so a genuinely broken asset cannot cause a reload loop.
 */
import { appConfig } from '../../app.config.ts';

const STORAGE_KEY = 'piquante:chunk-reload-at';
const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading chunk [\w-]+ failed/i;

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error ?? '');
  return CHUNK_ERROR.test(message);
}

interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** Decides whether a reload is allowed now, and records it. */
export function claimChunkReload(store: KeyValueStore, now: number): boolean {
  const last = Number(store.getItem(STORAGE_KEY) ?? 0);
  if (Number.isFinite(last) && now - last < appConfig.navigation.chunkReloadMinIntervalMs) return false;
  store.setItem(STORAGE_KEY, String(now));
  return true;
}

/** Reloads the page after a chunk-load failure unless one happened less than a minute ago. */
export function reloadAfterChunkError(): boolean {
  if (typeof window === 'undefined') return false;
  // Offline, a reload can only replace the page with the browser's error page: keep what is shown.
  if (!navigator.onLine) return false;
  let allowed: boolean;
  try {
    allowed = claimChunkReload(window.sessionStorage, Date.now());
  } catch {
    allowed = false; // storage unavailable: never risk a loop
  }
  if (allowed) window.location.reload();
  return allowed;
}

/**
 * TanStack Router's lazy route components reload the page by themselves once per error message
 * (sessionStorage 'tanstack_router_reload:<message>'), on top of the reload above: two reloads within the
 * minute. When our rule says no, the router's own reload is marked as done, so one rule decides.
 */
function silenceRouterReload(error: unknown): void {
  if (!(error instanceof Error)) return;
  try {
    window.sessionStorage.setItem(`tanstack_router_reload:${error.message}`, '1');
  } catch {
    // Storage unavailable: the router cannot reload either (it needs the same storage).
  }
}

function onPreloadError(event: Event): void {
  if (reloadAfterChunkError()) event.preventDefault();
  else silenceRouterReload((event as Event & { payload?: unknown }).payload);
}

/**
 * Vite reports failed dynamic imports with a 'vite:preloadError' event on window (the error as `payload`).
 * Installed when the router is created, before hydration: hydration itself imports the route's chunks.
 */
export function installChunkReload(): void {
  if (typeof window === 'undefined') return;
  // Adding the same listener twice is a no-op: safe to call on every router creation.
  window.addEventListener('vite:preloadError', onPreloadError);
}
