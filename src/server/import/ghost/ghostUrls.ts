/**
 * Ghost ≥ 4 stores its own links as `__GHOST_URL__/…` so a site can move domains. Outside Ghost
 * the placeholder means nothing: it becomes the old site's address when known, else it is dropped,
 * which leaves a site-relative path (`/content/images/…`) the writer resolves against the import.
 */
const PLACEHOLDER = /__GHOST_URL__/g;

export function resolveGhostUrls(value: string, siteUrl: string | null): string {
  return value.replace(PLACEHOLDER, siteUrl ? siteUrl.replace(/\/+$/, '') : '');
}

/**
 * The path under `content/images/` an image URL names, when it is one of the site's own uploads
 * (absolute, site-relative, or with the placeholder); Ghost's resized copies (`size/w600/`) map to
 * the original, the only one an export zip holds.
 */
export function contentImagePath(url: string): string | null {
  const at = url.indexOf('/content/images/');
  if (at < 0) return null;
  let path = url.slice(at + '/content/images/'.length).replace(/[?#].*$/, '');
  path = path.replace(/^size\/w\d+(?:h\d+)?\//, '');
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
