/**
 * The one rule for a format's images (issue 34, part 3), after the quizzes' which was already strict: an
 * image of the media library (its address is one of a stored image's variants: looked up, not guessed
 * from the path), one of the site's own generated media (`/media/svg/<kind>/<key>.svg`, drawn from the
 * key on request), or the very image the item already shows (seeded and older items keep theirs). Any
 * other path of the site (`/api/admin/audit`) or another host in disguise (`/\evil.example/x`) is refused
 * with the same French sentence in every format.
 */
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { media } from '../../db/schema.ts';
import { isMediaKind, isValidMediaKey } from '../media/svgImage.ts';
import { type NewsroomResult, refused } from './newsroomResult.ts';

/** A variant of the library: `/media/library/<sha-256>-<name>`, nothing else (no `..`, no backslash). */
const LIBRARY = /^\/media\/library\/([0-9a-f]{64})-[A-Za-z0-9._-]+$/;
const GENERATED = /^\/media\/svg\/([a-z]+)\/([^/]+)\.svg$/;

export const libraryImageMessage = (label: string) => `${label} doit venir de la médiathèque du site.`;

/** The library's variants named by these addresses: url → its size. */
export async function libraryVariants(db: Database, urls: string[]): Promise<Map<string, { width: number; height: number }>> {
  const hashes = [...new Set(urls.map((u) => LIBRARY.exec(u)?.[1]).filter((h): h is string => h !== undefined))];
  const found = new Map<string, { width: number; height: number }>();
  if (hashes.length === 0) return found;
  // Locked until the save commits: a deletion under way waits, or has already removed the row (deleteMedia).
  const rows = await db.select({ variants: media.variants }).from(media).where(inArray(media.hash, hashes)).for('key share');
  for (const row of rows) for (const v of row.variants) found.set(v.url, { width: v.width, height: v.height });
  return found;
}

/**
 * The width in pixels of the library image an address shows (the image's own, which its largest variant
 * keeps), or null when the address is not the library's (a generated SVG scales to any width, a seeded image
 * is not measured).
 */
export async function libraryImageWidth(db: Database, url: string): Promise<number | null> {
  const hash = LIBRARY.exec(url)?.[1];
  if (!hash) return null;
  const [row] = await db.select({ width: media.width }).from(media).where(eq(media.hash, hash));
  return row?.width ?? null;
}

function isGeneratedMedia(url: string): boolean {
  const match = GENERATED.exec(url);
  return match !== null && isMediaKind(match[1] ?? '') && isValidMediaKey(match[2] ?? '');
}

export interface ImageRef {
  url: string;
  /** How the refusal names it ("L'image", "L'image de couverture"). */
  label: string;
  /** The input's path of the image ("image", "images.2.image"); the refusal names its `url`. */
  field: string;
  /** The field is the address itself (an article's share image, a popin's part), not an image with a `url`. */
  isAddress?: boolean;
}

/**
 * `checked` when each image is the library's, the site's generated media, or among `kept` (what the item
 * shows now); else the first one refused.
 */
export async function withLibraryImages<T>(
  db: Database,
  checked: NewsroomResult<T>,
  images: readonly ImageRef[],
  kept: Iterable<string> = [],
): Promise<NewsroomResult<T>> {
  if (!checked.ok) return checked;
  const keptUrls = new Set(kept);
  const library = await libraryVariants(
    db,
    images.map((image) => image.url),
  );
  for (const image of images) {
    if (library.has(image.url) || isGeneratedMedia(image.url) || keptUrls.has(image.url)) continue;
    return refused.bad(libraryImageMessage(image.label), image.isAddress ? image.field : `${image.field}.url`);
  }
  return checked;
}

/**
 * The common case of a format with one image, `image`, that its item already shows (contests, shopping,
 * generators, Instagram): `checked` when the input's image is the library's, generated, or the item's own.
 */
export function withItsImage<T>(
  db: Database,
  checked: NewsroomResult<T>,
  input: { image: { url: string } },
  current: { image: { url: string } } | null | undefined,
): Promise<NewsroomResult<T>> {
  return withLibraryImages(db, checked, [{ url: input.image.url, label: "L'image", field: 'image' }], current ? [current.image.url] : []);
}
