/**
 * Images every mail client shows (issue 39, point 8): Gmail and Outlook show neither SVG nor AVIF, and
 * Outlook no WebP, so a newsletter's images are JPEG renditions made by the media pipeline, at 600 px and at
 * 1 200 px (drawn at the column's width, the larger file keeps high-density screens sharp: mail HTML has no
 * srcset that every client reads).
 * - A library image gets its renditions at upload, next to its variants: `<hash>-mail-<width>.jpg`.
 * - A generated illustration (`/media/svg/<kind>/<key>.svg`) is rasterised on request from its key:
 *   `/media/mail/<kind>/<key>-<width>.jpg`, deterministic and cached as immutable.
 */
import type { Sharp, SharpOptions } from 'sharp';

export const MAIL_WIDTHS = [600, 1200] as const;
export type MailWidth = (typeof MAIL_WIDTHS)[number];
/** The file a mail links to: drawn at the column's width, sharp on high-density screens. */
export const MAIL_IMAGE_WIDTH: MailWidth = 1200;

const LIBRARY_VARIANT = /^\/media\/library\/([0-9a-f]{64})-\d{1,5}\.(?:avif|webp)$/;
const GENERATED = /^\/media\/svg\/([a-z]+)\/([^/]+)\.svg$/;

export const mailRenditionName = (hash: string, width: MailWidth) => `${hash}-mail-${width}.jpg`;

export function isMailWidth(width: number): width is MailWidth {
  return (MAIL_WIDTHS as readonly number[]).includes(width);
}

/** The content hash of a library variant's address (whose renditions are named from it), or null. */
export function libraryHashOf(url: string): string | null {
  return LIBRARY_VARIANT.exec(url.replace(/^https?:\/\/[^/]+/, ''))?.[1] ?? null;
}

/**
 * The address of an image's mail rendition (site-relative), or null when the image has none (an address
 * that is neither a library variant nor a generated illustration: better no image than one clients hide).
 */
export function mailImageUrl(url: string, width: MailWidth = MAIL_IMAGE_WIDTH): string | null {
  const path = url.replace(/^https?:\/\/[^/]+/, '');
  const library = LIBRARY_VARIANT.exec(path);
  if (library) return `/media/library/${mailRenditionName(library[1] ?? '', width)}`;
  const generated = GENERATED.exec(path);
  if (generated) return `/media/mail/${generated[1]}/${generated[2]}-${width}.jpg`;
  return null;
}

type SharpFactory = (input: Uint8Array | Buffer, options?: SharpOptions) => Sharp;

/**
 * One JPEG at `width` (never enlarged), on white (a transparent PNG would turn black), progressive and
 * without metadata. The height keeps the proportions.
 */
export async function jpegRendition(
  sharp: SharpFactory,
  input: Uint8Array | Buffer,
  source: { width: number; height: number },
  width: number,
  options: SharpOptions = {},
): Promise<{ width: number; height: number; bytes: Buffer }> {
  const w = Math.min(width, source.width);
  const h = Math.max(1, Math.round((source.height * w) / source.width));
  const bytes = await sharp(input, { autoOrient: true, ...options })
    .resize({ width: w, height: h, fit: 'fill' })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 80, progressive: true, mozjpeg: true })
    .toBuffer();
  return { width: w, height: h, bytes };
}

/** Both renditions of an uploaded image, named by its content hash. */
export async function mailRenditions(
  sharp: SharpFactory,
  hash: string,
  input: Uint8Array,
  source: { width: number; height: number },
  options: SharpOptions,
): Promise<{ name: string; width: number; height: number; bytes: Buffer }[]> {
  const made = [];
  for (const width of MAIL_WIDTHS) {
    made.push({ name: mailRenditionName(hash, width), ...(await jpegRendition(sharp, input, source, width, options)) });
  }
  return made;
}
