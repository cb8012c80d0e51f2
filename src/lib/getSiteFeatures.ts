import { createIsomorphicFn } from '@tanstack/react-start';
import { renderSettings } from './renderSettings.ts';
import type { SiteFeatures } from './siteFeatures.ts';

/**
 * The root loader's view of the deployment's features: the server's configuration, registered by its
 * entry. The root loader runs once, on the server (its data is handed to the browser); should it ever run
 * in the browser, null means "unknown": the page then neither registers nor unregisters anything.
 */
export const getSiteFeatures = createIsomorphicFn()
  .server((): SiteFeatures | null => renderSettings()?.features ?? null)
  .client((): SiteFeatures | null => null);
