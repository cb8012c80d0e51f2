import { createIsomorphicFn } from '@tanstack/react-start';
import { type SiteFeatures, siteFeaturesFromEnv } from './siteFeatures.ts';

/**
 * The root loader's view of the deployment's features: read from the environment on the server. The root
 * loader runs once, on the server (its data is handed to the browser); should it ever run in the browser,
 * null means "unknown": the page then neither registers nor unregisters anything.
 */
export const getSiteFeatures = createIsomorphicFn()
  .server((): SiteFeatures | null => siteFeaturesFromEnv(process.env))
  .client((): SiteFeatures | null => null);
