import { createIsomorphicFn } from '@tanstack/react-start';
import { appConfig } from '../../../app.config.ts';

/** The canonical origin: SITE_URL on the server; the browser only needs it if the root loader reruns there. */
export const getSiteUrl = createIsomorphicFn()
  .server((): string => (process.env.SITE_URL || appConfig.site.defaultSiteUrl).replace(/\/+$/, ''))
  .client((): string => window.location.origin);
