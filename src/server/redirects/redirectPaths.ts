/**
 * The one spelling of an old address (issue 20), for the redirect table's keys and for the lookup of a
 * request: an export's permalink (`https://old.example/2019/05/post/`), a Ghost slug, `?p=ID`, or a path
 * typed in the newsroom all become the same path, the way a request's own path is spelled before lookup.
 * Pure: no database, no configuration.
 */

/** Longer than any permalink worth keeping; also bounds what a request can make us normalise. */
export const MAX_REDIRECT_PATH_LENGTH = 2000;

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;
/** WordPress's query-only permalinks: the post or page id is the whole address. */
const WORDPRESS_ID_PARAMS = ['p', 'page_id'] as const;
const PARSE_BASE = 'http://redirect.invalid';

/**
 * The path of `input` as a redirect key, or null when it is no path of a web page.
 *
 * - An absolute http(s) URL of any host (the old site's domain is not ours) gives its path; with `siteUrl`,
 *   only a URL of that site is accepted (a redirect's target must stay on this site).
 * - `//host/x` is a URL without its scheme, never a path; `javascript:`, `mailto:`… and empty input are null.
 * - Percent-encoding is normalised (unreserved characters decoded, other escapes in upper case), dot
 *   segments resolved, doubled slashes collapsed, the trailing slash, fragment and query dropped — except
 *   WordPress's `?p=ID` and `?page_id=ID` on the home page (or index.php), kept as `/?p=ID`.
 */
export function normaliseRedirectPath(input: string, siteUrl?: string | null): string | null {
  const raw = input.trim();
  if (raw === '' || raw.length > MAX_REDIRECT_PATH_LENGTH) return null;
  let url: URL;
  try {
    const scheme = SCHEME.exec(raw)?.[1]?.toLowerCase();
    if (scheme !== undefined && scheme !== 'http' && scheme !== 'https') return null;
    if (scheme !== undefined || raw.startsWith('//')) {
      url = new URL(raw.startsWith('//') ? `http:${raw}` : raw);
      if (siteUrl !== undefined && !sameSite(url, siteUrl)) return null;
    } else {
      // A bare slug ("ancien-article") is a path of the site's root.
      url = new URL(raw.startsWith('/') ? raw : `/${raw}`, PARSE_BASE);
    }
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  const path = canonicalPathname(url.pathname);
  const wordpress = path === '/' || path === '/index.php' ? wordpressQuery(url.searchParams) : null;
  const result = wordpress ? `/?${wordpress}` : path;
  return result.length > MAX_REDIRECT_PATH_LENGTH ? null : result;
}

/**
 * A pathname as parsed by WHATWG URL, in the redirect table's spelling (no query). Exported for the request
 * side, whose pathname is already parsed.
 */
export function canonicalPathname(pathname: string): string {
  let path = pathname.replace(/%([0-9A-Fa-f]{2})/g, (_match, hex: string) => {
    const char = String.fromCharCode(Number.parseInt(hex, 16));
    return UNRESERVED.test(char) ? char : `%${hex.toUpperCase()}`;
  });
  // Decoding may have revealed dot segments (%2E%2E): resolve them as a request for that spelling would be.
  if (/(^|\/)\.\.?(\/|$)/.test(path)) path = new URL(path, PARSE_BASE).pathname;
  path = path.replace(/\/{2,}/g, '/').replace(/\/+$/, '');
  return path === '' ? '/' : path;
}

/** `p=42` or `page_id=42` (the id without leading zeros), or null. */
function wordpressQuery(params: URLSearchParams): string | null {
  for (const name of WORDPRESS_ID_PARAMS) {
    const value = params.get(name);
    if (value !== null && /^\d{1,12}$/.test(value) && Number(value) > 0) return `${name}=${Number(value)}`;
  }
  return null;
}

function sameSite(url: URL, siteUrl: string | null): boolean {
  if (!siteUrl) return false;
  try {
    return new URL(siteUrl).host === url.host;
  } catch {
    return false;
  }
}

/** The old path without a final `/amp` or `/feed` segment (WordPress's variants of every post), or null. */
export function withoutVariantSuffix(path: string): string | null {
  const match = /^(\/.+?)\/(?:amp|feed)$/.exec(path);
  return match?.[1] ?? null;
}

/**
 * Paths that belong to this site's own machinery or fixed pages: never a redirect's source, whatever was
 * imported (an old `/admin` or `/feed` of the previous site must not shadow ours). Whole first segments,
 * matched exactly (`/equipe`) or as a prefix (`/admin/…`). redirectPaths.test.ts checks the list against
 * src/routes.
 */
export const RESERVED_PREFIXES: readonly string[] = [
  '/admin',
  '/api',
  '/media',
  '/newsletter',
  '/apercu',
  '/apercu-quizz',
  '/apercu-generateur',
  '/apercu-citation',
  '/apercu-shopping',
  '/apercu-instagram',
  '/apercu-mosaique',
  '/apercu-concours',
  '/apercu-source',
  '/direct',
  '/auteur',
  '/_build',
  '/assets',
];
export const RESERVED_PAGES: readonly string[] = [
  '/',
  '/app',
  '/app-piquante',
  '/charte-editoriale',
  '/concours',
  '/desinscription',
  '/equipe',
  '/generateur-de-repartie',
  '/healthz',
  '/inscription',
  '/instagram',
  '/lettres',
  '/mentions-legales',
  '/mission',
  '/mosaique',
  '/mosaiques',
  '/politique-confidentialite',
  '/quizz',
  '/quizzes',
  '/robots.txt',
  '/rss.xml',
  '/shopping',
  '/sitemap.xml',
  '/sitemap-pages.xml',
  '/sitemap-news.xml',
  '/sitemap-authors.xml',
  '/sw.js',
  '/tag',
];

/** Why `path` (normalised) may not be a redirect's source, in French, or null. */
export function reservedPathReason(path: string): string | null {
  if (RESERVED_PAGES.includes(path)) return `L'adresse « ${path} » est une page du site : elle ne peut pas être redirigée.`;
  for (const prefix of RESERVED_PREFIXES) {
    if (path === prefix || path.startsWith(`${prefix}/`))
      return `Les adresses sous « ${prefix} » appartiennent au site : elles ne peuvent pas être redirigées.`;
  }
  return null;
}

/**
 * A redirect's target as typed or imported: a path of this site (an absolute URL only of `siteUrl`), in the
 * same spelling as a key, its query kept (`/recherche?q=robe`); null when it is off-site or no path.
 */
export function normaliseRedirectTarget(input: string, siteUrl: string | null): string | null {
  const path = normaliseRedirectPath(input, siteUrl);
  if (path === null || path.startsWith('/?')) return path;
  const raw = input.trim();
  const at = raw.indexOf('?');
  if (at === -1) return path;
  const search = new URLSearchParams(raw.slice(at + 1).split('#')[0]).toString();
  const target = search ? `${path}?${search}` : path;
  return target.length > MAX_REDIRECT_PATH_LENGTH ? null : target;
}
