/**
 * The media library's files over HTTP (/media/library/…): long immutable caching (names are content hashes),
 * byte ranges for sounds (an <audio> element seeks with Range), and the most recent files kept in memory so
 * that a page's images do not each go back to the storage.
 */
import { audioMimeTypes } from '../newsroom/media/audioFiles.ts';
import type { MediaStorage } from '../newsroom/mediaStorage.ts';

/**
 * An image variant (`<hash>-<width>.avif|webp`), a newsletter's rendition (`<hash>-mail-600|1200.jpg`, see
 * mailRenditions.ts) or a sound (`<hash>-audio.mp3|ogg|m4a`).
 */
const LIBRARY_PATH = /^\/media\/library\/(([0-9a-f]{64})-(?:\d{1,5}\.(avif|webp)|mail-(?:600|1200)\.(jpg)|audio\.(mp3|ogg|m4a)))$/;

const FILE_TYPES: Record<string, string> = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg', ...audioMimeTypes };

/**
 * Variants read recently, kept in memory (bounded): when the bucket is unreachable or refuses, readers still
 * get the images they were getting, and the others a 503 that says to come back, never a 500. Variants are
 * immutable (content-hashed names): a kept copy is never stale.
 */
const MEMORY_BYTES = 32 * 1024 * 1024;
const recent = new Map<string, Uint8Array>();
let recentBytes = 0;

function remember(name: string, bytes: Uint8Array): void {
  if (bytes.byteLength > MEMORY_BYTES / 8 || recent.has(name)) return;
  recent.set(name, bytes);
  recentBytes += bytes.byteLength;
  for (const [oldest, kept] of recent) {
    if (recentBytes <= MEMORY_BYTES) break;
    recent.delete(oldest);
    recentBytes -= kept.byteLength;
  }
}

/**
 * The byte range a `Range` header asks of a file of `size` bytes: one range (`bytes=a-b`, `bytes=a-`,
 * `bytes=-n`); null when there is none or it cannot be read (the whole file is then sent, as RFC 9110
 * allows), 'unsatisfiable' when it starts past the end.
 */
export function requestedRange(header: string | null | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  const match = /^bytes=(\d{0,15})-(\d{0,15})$/.exec(header?.trim() ?? '');
  if (!match || (match[1] === '' && match[2] === '')) return null;
  const [, from = '', to = ''] = match;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size) return 'unsatisfiable';
  if (end < start) return null;
  return { start, end };
}

/**
 * A library file, served for a year as immutable (its name changes with its content), or null. A sound
 * answers byte ranges (206): browsers' <audio> asks for them to seek.
 */
export async function mediaFileResponse(pathname: string, storage: MediaStorage, range?: string | null): Promise<Response | null> {
  const match = LIBRARY_PATH.exec(pathname);
  if (!match) return null;
  const [, name = '', hash = '', imageExt, mailExt, soundExt] = match;
  const ext = imageExt ?? mailExt ?? soundExt ?? '';
  const what = soundExt ? 'Son' : 'Image';
  let bytes: Uint8Array | null;
  try {
    bytes = await storage.get(name);
    if (bytes) remember(name, bytes);
  } catch (error) {
    bytes = recent.get(name) ?? null;
    if (!bytes) {
      console.error(`[media] ${storage.describe} unavailable for ${name}:`, (error as Error).message);
      return new Response(`${what} momentanément indisponible.\n`, {
        status: 503,
        headers: {
          'content-type': 'text/plain; charset=utf-8',
          'cache-control': 'no-store',
          'retry-after': '30',
          'x-content-type-options': 'nosniff',
        },
      });
    }
  }
  if (bytes) {
    const headers: Record<string, string> = {
      'content-type': FILE_TYPES[ext] ?? 'application/octet-stream',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    };
    if (!soundExt) return new Response(bytes as Uint8Array<ArrayBuffer>, { headers });
    // The content hash is the entity tag: the same for the whole file and for its ranges.
    Object.assign(headers, { 'accept-ranges': 'bytes', etag: `"${hash}"` });
    const wanted = requestedRange(range, bytes.byteLength);
    if (wanted === 'unsatisfiable') {
      return new Response(null, { status: 416, headers: { ...headers, 'content-range': `bytes */${bytes.byteLength}` } });
    }
    if (wanted) {
      const part = bytes.subarray(wanted.start, wanted.end + 1);
      return new Response(part as Uint8Array<ArrayBuffer>, {
        status: 206,
        headers: { ...headers, 'content-range': `bytes ${wanted.start}-${wanted.end}/${bytes.byteLength}` },
      });
    }
    return new Response(bytes as Uint8Array<ArrayBuffer>, { headers });
  }
  return new Response(`${what} introuvable.\n`, {
    status: 404,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' },
  });
}
