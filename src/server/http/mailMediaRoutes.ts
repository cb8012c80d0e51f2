/**
 * The generated illustrations as newsletters show them: '/media/mail/<kind>/<key>-<600|1200>.jpg', the
 * SVG of '/media/svg/<kind>/<key>.svg' rasterised by sharp (Gmail shows no SVG). Deterministic, so cached
 * as immutable; anything else is a 404.
 */
import { DEFAULT_MEDIA_SIZES, isMediaKind, isValidMediaKey, renderSvgImage } from '../media/svgImage.ts';
import { isMailWidth, jpegRendition } from '../media/mailRenditions.ts';

const MAIL_PATH = /^\/media\/mail\/([a-z]+)\/([^/]+)-(\d{1,5})\.jpg$/;

export async function handleMailMediaRequest(url: URL): Promise<Response | null> {
  if (!url.pathname.startsWith('/media/mail/')) return null;
  const match = MAIL_PATH.exec(url.pathname);
  const [, kind = '', key = '', width = ''] = match ?? [];
  if (!(match && isMediaKind(kind) && isValidMediaKey(key) && isMailWidth(Number(width)))) {
    return new Response('Média introuvable.', {
      status: 404,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=60' },
    });
  }
  const size = DEFAULT_MEDIA_SIZES[kind];
  const { default: sharp } = await import('sharp');
  const { bytes } = await jpegRendition(sharp, Buffer.from(renderSvgImage(kind, key)), size, Number(width));
  return new Response(new Uint8Array(bytes), {
    headers: {
      'content-type': 'image/jpeg',
      'cache-control': 'public, max-age=31536000, immutable',
      'content-length': String(bytes.byteLength),
      'x-content-type-options': 'nosniff',
    },
  });
}
