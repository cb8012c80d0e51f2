import { appConfig } from '../../../app.config.ts';

type Redirect = { from: string; to: string };

/**
 * The new location for an old prefix (SPEC §2), or null. Only whole segments match:
 * '/style/x' → '/mode/x', while '/styles-de-vie' stays. The rest of the path and the query are kept.
 */
export function findRedirect(url: URL, table: readonly Redirect[] = appConfig.redirects): string | null {
  for (const { from, to } of table) {
    if (url.pathname === from || url.pathname.startsWith(`${from}/`)) {
      return `${to}${url.pathname.slice(from.length)}${url.search}`;
    }
  }
  return null;
}

export function permanentRedirect(location: string): Response {
  return new Response(null, {
    status: 301,
    statusText: 'Moved Permanently',
    headers: { location, 'cache-control': 'public, max-age=86400' },
  });
}
