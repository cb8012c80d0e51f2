/**
 * An uploaded image's bytes: its type sniffed from them (never from the name or the header), decoded by sharp
 * bounded in pixels, and turned into AVIF and WebP variants at a few widths (metadata such as EXIF/GPS dropped,
 * orientation applied). The original is kept nowhere: only the variants exist.
 */
import { appConfig } from '../../../../app.config.ts';
import { mailRenditions } from '../../media/mailRenditions.ts';

const MEDIA_WIDTHS = appConfig.newsroom.mediaWidths;
const MAX_PIXELS = 50_000_000;

export type SniffedType = 'jpeg' | 'png' | 'webp' | 'avif';

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/** The image type its first bytes say, or null (SVG, GIF, HTML, anything else). */
export function sniffImage(bytes: Uint8Array): SniffedType | null {
  if (bytes.length < 16) return null;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if ([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b)) return 'png';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (ascii(bytes, 4, 8) === 'ftyp') {
    const boxSize = ((bytes[0] ?? 0) << 24) | ((bytes[1] ?? 0) << 16) | ((bytes[2] ?? 0) << 8) | (bytes[3] ?? 0);
    const end = Math.min(Math.max(boxSize, 16), bytes.length, 64);
    const brands = [ascii(bytes, 8, 12)];
    for (let at = 16; at + 4 <= end; at += 4) brands.push(ascii(bytes, at, at + 4));
    if (brands.includes('avif') || brands.includes('avis')) return 'avif';
  }
  return null;
}

/** A JPEG rendition for mails (`<hash>-mail-<width>.jpg`): stored beside the variants, not listed with them. */
export type MailFile = Awaited<ReturnType<typeof mailRenditions>>[number];

export interface ImageVariantFile {
  name: string;
  format: 'avif' | 'webp';
  width: number;
  height: number;
  bytes: Buffer;
}

type Refusal = { ok: false; status: 400; message: string };

/**
 * The image decoded (its size once oriented) and its variants made, named `<hash>-<width>.<avif|webp>`; a
 * failure here is the image's (a 400), never the server's.
 */
export async function imageVariants(
  bytes: Uint8Array,
  type: SniffedType,
  hash: string,
): Promise<{ ok: true; width: number; height: number; files: ImageVariantFile[]; mailFiles: MailFile[] } | Refusal> {
  const { default: sharp } = await import('sharp');
  let width: number;
  let height: number;
  try {
    const metadata = await sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error', autoOrient: true }).metadata();
    const format = metadata.format === 'heif' ? 'avif' : metadata.format;
    if (format !== type || !metadata.width || !metadata.height) {
      return { ok: false, status: 400, message: "Le contenu de l'image ne correspond pas à son format, ou elle est illisible." };
    }
    width = metadata.autoOrient?.width ?? metadata.width;
    height = metadata.autoOrient?.height ?? metadata.height;
  } catch {
    return { ok: false, status: 400, message: "L'image est illisible ou trop grande (50 millions de pixels au plus)." };
  }

  const widths = [...new Set([...MEDIA_WIDTHS.filter((w) => w < width), Math.min(width, MEDIA_WIDTHS.at(-1) ?? width)])].sort(
    (a, b) => a - b,
  );
  const files: ImageVariantFile[] = [];
  let mailFiles: MailFile[];
  try {
    for (const w of widths) {
      const h = Math.max(1, Math.round((height * w) / width));
      for (const format of ['avif', 'webp'] as const) {
        const pipeline = sharp(bytes, { limitInputPixels: MAX_PIXELS, autoOrient: true }).resize({
          width: w,
          height: h,
          fit: 'fill',
        });
        // Effort kept low: uploads happen on the same small machine that serves readers.
        const made = await (format === 'avif'
          ? pipeline.avif({ quality: 55, effort: 2 })
          : pipeline.webp({ quality: 80, effort: 3 })
        ).toBuffer();
        files.push({ name: `${hash}-${w}.${format}`, format, width: w, height: h, bytes: made });
      }
    }
    // What newsletters show (Gmail and Outlook read neither AVIF nor, for Outlook, WebP): JPEG, not variants.
    mailFiles = await mailRenditions(sharp, hash, bytes, { width, height }, { limitInputPixels: MAX_PIXELS });
  } catch {
    return { ok: false, status: 400, message: "L'image n'a pas pu être convertie : essayez de l'enregistrer de nouveau en JPEG ou PNG." };
  }
  return { ok: true, width, height, files, mailFiles };
}
