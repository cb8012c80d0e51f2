/**
 * Requests for pages (everything but the API): only GET and HEAD make sense, and a path with doubled
 * slashes is answered with its clean form. The clean form is a relative Location: the host of a request
 * is the client's to choose, so it never ends up in our redirects.
 */
const PAGE_METHODS = 'GET, HEAD';

export function pageMethodNotAllowed(request: Request): Response | null {
  if (request.method === 'GET' || request.method === 'HEAD') return null;
  return new Response('Cette adresse ne peut être que consultée : méthode non acceptée.\n', {
    status: 405,
    statusText: 'Method Not Allowed',
    headers: {
      allow: PAGE_METHODS,
      'content-type': 'text/plain; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}

/** `//x//y/` → 301 to `/x/y/` (query kept). The result always starts with exactly one slash. */
export function doubledSlashRedirect(url: URL): Response | null {
  if (!url.pathname.includes('//')) return null;
  const clean = url.pathname.replace(/\/{2,}/g, '/');
  return new Response(null, {
    status: 301,
    statusText: 'Moved Permanently',
    headers: { location: `${clean}${url.search}`, 'cache-control': 'public, max-age=3600' },
  });
}
