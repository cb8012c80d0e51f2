/**
 * Security headers (issue 3 §10, issue 13). Pages: a Content-Security-Policy that lists the SHA-256 of
 * each inline script of the rendered page (no nonce: the same bytes can be cached and served to every
 * reader; docs/decisions/009-http-caching.md), scripts from our origin, no 'unsafe-inline' nor 'unsafe-eval', nothing
 * third-party; and the usual X-Content-Type-Options, Referrer-Policy and framing rules. Every other
 * answer (API, media, feeds): a policy that allows nothing.
 */

/** The origins a page may reach beyond its own, from the server's configuration (config/pageSources.ts). */
export interface PageSources {
  /** API_BASE_URL's origin: pages may read an external host that implements the contract. */
  apiOrigin: string | null;
  /** ANALYTICS_URL's origin (issue 10): the self-hosted tag and its collector. */
  analyticsOrigin: string | null;
  /** CAPTCHA_PROVIDER=recaptcha (issue 5): Google's script and challenge frames. */
  recaptcha: boolean;
}

/**
 * `scriptHashes` are CSP sources ('sha256-…') of the page's inline scripts. No 'strict-dynamic': it
 * would ignore 'self' and so refuse the entry module TanStack Start loads with a plain src (trust
 * would have to come from a nonce); the code-split chunks come from 'self' too.
 */
export function contentSecurityPolicy(scriptHashes: readonly string[], sources: PageSources): string {
  const { apiOrigin, recaptcha } = sources;
  // The page adds the analytics tag only after the reader consents to its vendor; the CSP allows that
  // origin and no other.
  const analyticsOrigin = sources.analyticsOrigin ? ` ${sources.analyticsOrigin}` : '';
  const connect = ["'self'", ...(apiOrigin ? [apiOrigin] : [])].join(' ') + analyticsOrigin;
  const recaptchaScripts = recaptcha ? ' https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/' : '';
  return [
    "default-src 'self'",
    `script-src 'self'${scriptHashes.map((hash) => ` ${hash}`).join('')}${recaptchaScripts}${analyticsOrigin}`,
    ...(recaptcha ? ['frame-src https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/'] : []),
    // Style attributes (category colours) are inline; styles never run code.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${analyticsOrigin}`,
    "font-src 'self'",
    `connect-src ${connect}`,
    "media-src 'self'",
    "manifest-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

const PAGE_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'SAMEORIGIN',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
};

/**
 * Answers that are not pages (JSON, media, feeds): nothing in them is meant to run, load anything or be
 * framed, so a browser tricked into rendering one as a document gets nothing to work with.
 */
const RESOURCE_HEADERS: Record<string, string> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
};

/** A copy of `response` with the headers it does not set itself (a handler's own policy wins). */
function withDefaultHeaders(response: Response, defaults: Record<string, string>, forced: Record<string, string> = {}): Response {
  const headers = new Headers(response.headers);
  setDefaultHeaders(headers, defaults, forced);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

function setDefaultHeaders(headers: Headers, defaults: Record<string, string>, forced: Record<string, string>): void {
  for (const [name, value] of Object.entries(defaults)) if (!headers.has(name)) headers.set(name, value);
  for (const [name, value] of Object.entries(forced)) headers.set(name, value);
}

/**
 * Adds the headers to an SSR answer. `csp`: the page's sources, or null to leave the CSP out (development,
 * where Vite injects its own inline scripts for hot reload).
 */
export function withSecurityHeaders(response: Response, scriptHashes: readonly string[], options: { csp: PageSources | null }): Response {
  return withDefaultHeaders(response, PAGE_HEADERS, pagePolicy(scriptHashes, options));
}

/** The same headers as withSecurityHeaders, set on a page's `headers` (the page answerer builds its Response once). */
export function addPageSecurityHeaders(headers: Headers, scriptHashes: readonly string[], options: { csp: PageSources | null }): void {
  setDefaultHeaders(headers, PAGE_HEADERS, pagePolicy(scriptHashes, options));
}

function pagePolicy(scriptHashes: readonly string[], options: { csp: PageSources | null }): Record<string, string> {
  return options.csp ? { 'content-security-policy': contentSecurityPolicy(scriptHashes, options.csp) } : {};
}

/**
 * Adds the headers to an answer that is not a page. One that brings its own Content-Security-Policy
 * keeps it: the API reference page (/api/docs) runs its inlined Redoc, an SVG needs its inline styles.
 */
export function withResourceSecurityHeaders(response: Response): Response {
  return withDefaultHeaders(response, RESOURCE_HEADERS);
}
