import { createIsomorphicFn } from '@tanstack/react-start';
import { appConfig } from '../../../app.config.ts';
import { renderSettings } from '../renderSettings.ts';

/** The canonical origin: the server's SITE_URL; the browser only needs it if the root loader reruns there. */
export const getSiteUrl = createIsomorphicFn()
  .server((): string => renderSettings()?.siteUrl ?? appConfig.site.defaultSiteUrl.replace(/\/+$/, ''))
  .client((): string => window.location.origin);
