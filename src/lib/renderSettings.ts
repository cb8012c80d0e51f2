/**
 * What the server-side render needs from the deployment's configuration (the site's address, the browser
 * features, an external API host): the server reads it once (src/server/config/) and its entry registers it
 * here at start, so UI code gets values without importing the server nor reading the environment. One copy
 * per process, shared by every module copy (Vite dev may load a module twice).
 */
import type { SiteFeatures } from './siteFeatures.ts';

export interface RenderSettings {
  /** The canonical origin (SITE_URL, else app.config's default), without a trailing slash. */
  siteUrl: string;
  features: SiteFeatures;
  /** API_BASE_URL: an external implementation of the contract; null: the API of this process. */
  apiBaseUrl: string | null;
}

const KEY = Symbol.for('piquante.renderSettings');
type GlobalWithSettings = typeof globalThis & { [KEY]?: RenderSettings };

export function registerRenderSettings(settings: RenderSettings): void {
  (globalThis as GlobalWithSettings)[KEY] = settings;
}

/** Undefined before the server entry has registered them (a module rendered outside the server, in a test). */
export function renderSettings(): RenderSettings | undefined {
  return (globalThis as GlobalWithSettings)[KEY];
}
