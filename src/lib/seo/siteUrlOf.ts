import { appConfig } from '../../../app.config.ts';

/** head() functions read the canonical origin from the root loader (first match). */
export function siteUrlOf(matches: readonly { loaderData?: unknown }[]): string {
  const data = matches[0]?.loaderData as { siteUrl?: string } | undefined;
  return data?.siteUrl ?? appConfig.site.defaultSiteUrl;
}
