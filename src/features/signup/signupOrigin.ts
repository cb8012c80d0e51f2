/**
 * SPEC §7, the signup origin: on the inscription page, its route parameter; otherwise the form's source,
 * a dash, then 'home' for '/' or the path without its leading slash, inner slashes replaced by dashes.
 *
 * The result is then made to fit the contract's origin (`^[a-z0-9]+(?:-[a-z0-9]+)*$`, 500 characters at
 * most) so that a reader on an unusual URL is never refused: lower case, accents dropped, any other
 * character a dash, dashes collapsed. On ordinary paths ('/mode/les-jeans-larges') this changes nothing.
 */
export interface SignupOriginInput {
  /** The `{origin}` parameter of /inscription/{origin}, when the form is on that page. */
  routeOrigin?: string | null;
  /** Where the form is: 'footer', 'popin', 'inscription', … */
  source: string;
  /** The current path (location.pathname), without query or hash. */
  pathname: string;
}

export const ORIGIN_MAX_LENGTH = 500;

export function toOriginSlug(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, ORIGIN_MAX_LENGTH)
    .replace(/-+$/, '');
}

export function computeSignupOrigin({ routeOrigin, source, pathname }: SignupOriginInput): string {
  const fromRoute = routeOrigin ? toOriginSlug(routeOrigin) : '';
  if (fromRoute) return fromRoute;
  const path = pathname.split(/[?#]/)[0] ?? '';
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // A malformed escape is kept as typed; the slug step below cleans it.
  }
  const place = decoded === '/' || decoded === '' ? 'home' : decoded.replace(/^\//, '').replace(/\//g, '-');
  return toOriginSlug(`${source}-${place}`) || 'site';
}
