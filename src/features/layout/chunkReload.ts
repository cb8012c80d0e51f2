/**
 * SPEC §4/§8: a chunk that fails to load (a deploy replaced the assets) reloads the page, at most once
 * per chunkReloadMinIntervalMs, so a genuinely broken asset cannot cause a reload loop.
 */
import { appConfig } from '../../../app.config.ts';

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
  let allowed: boolean;
  try {
    allowed = claimChunkReload(window.sessionStorage, Date.now());
  } catch {
    allowed = false; // storage unavailable: never risk a loop
  }
  if (allowed) window.location.reload();
  return allowed;
}

/** Vite reports failed dynamic imports with a 'vite:preloadError' event on window. */
export function installChunkReload(): () => void {
  const onPreloadError = (event: Event) => {
    if (reloadAfterChunkError()) event.preventDefault();
  };
  window.addEventListener('vite:preloadError', onPreloadError);
  return () => window.removeEventListener('vite:preloadError', onPreloadError);
}
