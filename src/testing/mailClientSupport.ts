/**
 * What the caniemail.com data (npm `caniemail`) says of a mail's HTML for the clients our readers use
 * (issue 39, point 8): the HTML and CSS features it flags as unsupported, and the image formats a client
 * does not show (the package checks markup and styles, not the files `<img>` points at).
 * Test-side only: the data is a devDependency.
 */
import { caniemail, rawData } from 'caniemail';

export const READER_CLIENTS = ['gmail.*', 'outlook.*', 'apple-mail.*', 'yahoo.*'] as const;
const FAMILIES = ['gmail', 'outlook', 'apple-mail', 'yahoo'];

/** Feature title → the clients that do not support it (caniemail's « errors »). */
export function unsupportedFeatures(html: string): Map<string, string[]> {
  const { issues } = caniemail({ clients: [...READER_CLIENTS], html });
  const byTitle = new Map<string, string[]>();
  for (const [client, list] of issues.errors) {
    for (const issue of list) byTitle.set(issue.title, [...new Set([...(byTitle.get(issue.title) ?? []), client])]);
  }
  return byTitle;
}

const EXTENSIONS: Record<string, string> = { jpg: 'jpg', jpeg: 'jpg', png: 'png', gif: 'gif', svg: 'svg', webp: 'webp', avif: 'avif' };

/**
 * Each `<img>` whose format some reader client does not fully show: `src → clients`. An unknown
 * extension counts as unsupported everywhere (a mail must say what it sends).
 */
export function unsupportedImages(html: string): Map<string, string[]> {
  const refused = new Map<string, string[]>();
  for (const [, src = ''] of html.matchAll(/<img\b[^>]*\bsrc="([^"]*)"/g)) {
    const ext = EXTENSIONS[/\.([a-z0-9]+)(?:[?#].*)?$/i.exec(src)?.[1]?.toLowerCase() ?? ''];
    const feature = rawData.data.find((f) => f.slug === `image-${ext}`);
    if (!feature) {
      refused.set(src, ['*']);
      continue;
    }
    const clients: string[] = [];
    for (const family of FAMILIES) {
      for (const [platform, versions] of Object.entries(feature.stats[family as keyof typeof feature.stats] ?? {})) {
        // The latest version's verdict: 'y' is full support; 'a' (partial), 'n' and 'u' (unknown) are not.
        const latest = String(Object.values(versions as Record<string, string>).at(-1) ?? 'u');
        if (!latest.startsWith('y')) clients.push(`${family}.${platform}`);
      }
    }
    if (clients.length > 0) refused.set(src, clients);
  }
  return refused;
}
