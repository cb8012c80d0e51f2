/**
 * Old addresses at request time (issue 20), in src/server.ts's answer() before anything else: one hop,
 * always. The fixed table of SPEC §2 (app.config.ts) first, then the redirect table, then the trailing slash:
 * `/mode/` answers a permanent 308 to `/mode`. That 308 replaces TanStack Router's own canonicalisation
 * (a 307 thrown by loadServerRoute when the path differs from its canonical form), which never sees a
 * trailing slash any more; and since the slash is dropped here before the lookups, an old address with a
 * slash (`/2019/05/post/`) is redirected straight to its final page, never first to itself without it.
 * Locations are paths: the host of a request is the client's to choose, so it never ends up in them.
 */
import { appConfig } from '../../../app.config.ts';
import { findRedirect } from '../http/redirects.ts';
import { MAX_REDIRECT_PATH_LENGTH, normaliseRedirectPath } from './redirectPaths.ts';
import type { RedirectLookups } from './redirectLookups.ts';

type FixedRedirect = { from: string; to: string };

/** Not pages: the API, the newsletter's endpoints and media have their own answers for any path. */
const RESOURCE_PREFIXES = ['/api/', '/newsletter/', '/media/'];

const CACHE_CONTROL = 'public, max-age=86400';

function redirect(status: 301 | 308, location: string): Response {
  return new Response(null, {
    status,
    statusText: status === 301 ? 'Moved Permanently' : 'Permanent Redirect',
    headers: { location, 'cache-control': CACHE_CONTROL },
  });
}

/** `to` with the request's query added (a target may carry its own). */
function withQuery(to: string, search: string): string {
  if (!search) return to;
  return to.includes('?') ? `${to}&${search.slice(1)}` : `${to}${search}`;
}

export interface RedirectAnswerer {
  /** The redirect for this request, or null: the request goes on to resources and pages. */
  answer(request: Request, url: URL): Promise<Response | null>;
}

export function createRedirectAnswerer(lookups: RedirectLookups, fixed: readonly FixedRedirect[] = appConfig.redirects): RedirectAnswerer {
  /** The stored redirect for a path without trailing slash, as a Location, or null. */
  async function stored(path: string, search: string): Promise<string | null> {
    if (path.length > MAX_REDIRECT_PATH_LENGTH) return null;
    const wordpress = (path === '/' || path === '/index.php') && search !== '';
    if (path === '/' && !wordpress) return null;
    // The common case needs no normalising: a plain path is its own key.
    const key = wordpress || path.includes('%') || path.includes('//') ? normaliseRedirectPath(wordpress ? `/${search}` : path) : path;
    if (key === null || key === '/') return null;
    let to: string | null;
    try {
      to = await lookups.find(key);
    } catch (error) {
      // The table unreachable: the page (or its error) answers, as it would without redirects.
      console.error('[redirects] lookup failed for', key, (error as Error).message);
      return null;
    }
    if (to === null) return null;
    // `?p=42` was the address itself; any other query is the reader's (campaign tags…) and goes along.
    return key.startsWith('/?') ? to : withQuery(to, search);
  }

  return {
    async answer(request, url) {
      const pageRequest =
        (request.method === 'GET' || request.method === 'HEAD') && !RESOURCE_PREFIXES.some((prefix) => url.pathname.startsWith(prefix));
      const slashed = pageRequest && url.pathname.length > 1 && url.pathname.endsWith('/');
      // Doubled slashes go too: the location must never start with `//` (another host).
      const path = slashed ? url.pathname.replace(/\/{2,}/g, '/').replace(/\/+$/, '') || '/' : url.pathname;
      const fixedTo = findRedirect(slashed ? new URL(`${path}${url.search}`, url) : url, fixed);
      if (fixedTo) {
        if (!pageRequest) return redirect(301, fixedTo);
        // A fixed redirect landing on an old address of the table: still one hop.
        const at = fixedTo.indexOf('?');
        const further = await stored(at === -1 ? fixedTo : fixedTo.slice(0, at), url.search);
        return redirect(301, further ?? fixedTo);
      }
      if (!pageRequest) return null;
      const to = await stored(slashed ? path : url.pathname, url.search);
      if (to) return redirect(301, to);
      // Doubled slashes keep their 301 (pageRequests.ts's doubledSlashRedirect), now straight to the final form.
      if (slashed) return redirect(url.pathname.includes('//') ? 301 : 308, `${path}${url.search}`);
      return null;
    },
  };
}
