/**
 * The images of a source draft's preview (issue 35). A draft is never written, so its images are not in the media
 * library; a preview page pointing at the source's own addresses would have the reader's browser call another
 * origin (and, for a private WordPress upload, need the source's credentials). So the front serves them itself:
 * `/api/preview/source/{token}/images/{n}`, the n-th image of the draft as the source serves it, read through the
 * adapter's guarded fetch at each request, sniffed, never stored. The token is the preview's own (same expiry, same
 * purpose), and `n` is checked against the draft as the source holds it now: no address from the request is ever
 * fetched, only one the draft names, and only on the source's own host.
 *
 * When the preview opens, each image is read once to learn its size (no layout jump) and whether the library already
 * holds it (a published post's image, by content hash): those use the library's own address and variants.
 */
import { createHash } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { ImageBlock } from '../../api/types.ts';
import type { Database } from '../../db/client.ts';
import { media } from '../../db/schema.ts';
import type { ImportPost } from '../import/importModel.ts';
import { htmlToDoc } from '../import/htmlToDoc.ts';
import { type SniffedType, sniffImage } from '../newsroom/media/imageFiles.ts';
import { readSourcePreviewToken } from '../newsroom/previewTokens.ts';
import type { LibraryImage } from '../newsroom/richText.ts';
import type { LiveSource } from './liveSource.ts';

/** The main image and the body's 50 images at most (richText's MAX_BODY_IMAGES). */
export const PREVIEW_IMAGES_MAX = 51;
/** Images read at once when a preview opens: a draft of 50 images is not 50 requests at the same instant. */
const READ_AT_ONCE = 4;
const MAX_PIXELS = 50_000_000;

export const sourcePreviewImagePath = (token: string, n: number) => `/api/preview/source/${token}/images/${n}`;

/**
 * The draft's image addresses, absolute, each once: its main image first, then the body's in reading order. The
 * position in this list is the `n` of an image's preview address, at the opening and at each image's request alike.
 */
export function draftImageUrls(post: ImportPost, siteUrl: string): string[] {
  const urls: string[] = [];
  const add = (url: string) => {
    let absolute: string;
    try {
      absolute = new URL(url, `${siteUrl}/`).href;
    } catch {
      return;
    }
    if (!urls.includes(absolute)) urls.push(absolute);
  };
  if (post.featureImage) add(post.featureImage.url);
  for (const image of htmlToDoc(post.bodyHtml, { baseUrl: siteUrl }).images) add(image.url);
  return urls.slice(0, PREVIEW_IMAGES_MAX);
}

/** Only the source's own host (scheme, name and port): an image elsewhere is not read for a preview. */
export function onSourceHost(url: string, siteUrl: string): boolean {
  try {
    const target = new URL(url);
    const site = new URL(siteUrl);
    return target.protocol === site.protocol && target.host === site.host;
  } catch {
    return false;
  }
}

const TYPES: Record<SniffedType, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', avif: 'image/avif' };

export type PreviewImageAnswer =
  | { ok: true; bytes: Uint8Array; contentType: string }
  | { ok: false; why: 'token' | 'not-in-draft' | 'elsewhere' | 'unreadable' };

/**
 * The n-th image of the draft a token opens. Throws SourceUnavailable when the draft cannot be read now; a token
 * that opens nothing (forged, expired, the post published or gone) is `token`.
 */
export async function readSourcePreviewImage(
  source: LiveSource,
  secret: string,
  token: string,
  n: number,
  now: Date,
  signal: AbortSignal,
): Promise<PreviewImageAnswer> {
  const sourceId = readSourcePreviewToken(secret, token, now);
  if (sourceId === null || !source.readsDrafts) return { ok: false, why: 'token' };
  const post = await source.post(sourceId, { drafts: true }, signal);
  if (post?.kind !== 'post' || post.status === 'published' || post.status === 'trash') return { ok: false, why: 'token' };
  const url = draftImageUrls(post, source.siteUrl)[n - 1];
  if (url === undefined) return { ok: false, why: 'not-in-draft' };
  if (!onSourceHost(url, source.siteUrl)) return { ok: false, why: 'elsewhere' };
  const bytes = await source.readImage(url, signal);
  const type = bytes ? sniffImage(bytes) : null;
  if (!bytes || type === null) return { ok: false, why: 'unreadable' };
  return { ok: true, bytes, contentType: TYPES[type] };
}

/** What a draft's image shows as in its preview: the library's image, the front's preview address, or nothing. */
export type PreviewImage =
  | { kind: 'library'; image: LibraryImage }
  | { kind: 'preview'; n: number; url: string; width: number; height: number; format: SniffedType };

/**
 * Each image of the draft read once (a few at a time, within the preview's own time), by address: in the library
 * already (same bytes), or served by the front at its preview address with its real size. An image that cannot be
 * read, is not one, or is not on the source's host is absent: the preview shows its alt text, as the sync would.
 */
export async function previewImagesOf(
  db: Database,
  source: Pick<LiveSource, 'siteUrl' | 'readImage'>,
  post: ImportPost,
  token: string,
  signal: AbortSignal,
): Promise<Map<string, PreviewImage>> {
  const urls = draftImageUrls(post, source.siteUrl);
  // Only what each image is (kept, a few bytes) outlives its read: at most READ_AT_ONCE images are held at a time.
  const read = new Map<string, { n: number; type: SniffedType; hash: string; width: number; height: number }>();
  const { default: sharp } = await import('sharp');
  let next = 0;
  const worker = async () => {
    while (next < urls.length && !signal.aborted) {
      const index = next++;
      const url = urls[index] as string;
      if (!onSourceHost(url, source.siteUrl)) continue;
      const bytes = await source.readImage(url, signal).catch(() => null);
      const type = bytes ? sniffImage(bytes) : null;
      if (!bytes || type === null) continue;
      try {
        const metadata = await sharp(bytes, { limitInputPixels: MAX_PIXELS, autoOrient: true }).metadata();
        const width = metadata.autoOrient?.width ?? metadata.width;
        const height = metadata.autoOrient?.height ?? metadata.height;
        if (!width || !height) continue;
        read.set(url, { n: index + 1, type, hash: createHash('sha256').update(bytes).digest('hex'), width, height });
      } catch {
        // Undecodable: absent, as the library would refuse it.
      }
    }
  };
  await Promise.all(Array.from({ length: READ_AT_ONCE }, worker));

  const hashes = [...new Set([...read.values()].map((r) => r.hash))];
  const rows =
    hashes.length === 0
      ? []
      : await db
          .select({ id: media.id, hash: media.hash, width: media.width, height: media.height, variants: media.variants })
          .from(media)
          .where(and(inArray(media.hash, hashes), eq(media.kind, 'image')));
  const out = new Map<string, PreviewImage>();
  for (const [url, image] of read) {
    const row = rows.find((r) => r.hash === image.hash);
    const library = row ? libraryImageOf(row) : undefined;
    out.set(
      url,
      library
        ? { kind: 'library', image: library }
        : {
            kind: 'preview',
            n: image.n,
            url: sourcePreviewImagePath(token, image.n),
            width: image.width,
            height: image.height,
            format: image.type,
          },
    );
  }
  return out;
}

function libraryImageOf(row: { id: number; width: number | null; height: number | null; variants: LibraryImage['variants'] }) {
  const variants = row.variants.map(({ format, width, height, url }) => ({ format, width, height, url }));
  const webp = variants.filter((v) => v.format === 'webp').sort((a, b) => b.width - a.width)[0];
  return webp ? { id: row.id, url: webp.url, width: webp.width, height: webp.height, variants } : undefined;
}

/** A preview image as the body's block wants it: its own address is its one variant, its rank its id. */
export function previewLibraryImage(image: Extract<PreviewImage, { kind: 'preview' }>, id: number): LibraryImage {
  const variant: ImageBlock['variants'][number] = { format: image.format, width: image.width, height: image.height, url: image.url };
  return { id, url: image.url, width: image.width, height: image.height, variants: [variant] };
}
