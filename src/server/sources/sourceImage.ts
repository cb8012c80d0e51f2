/**
 * An image a live source names (issue 35), read through the guarded fetch: what its answer holds only when it is an
 * image the media library takes, by its type and its first bytes (an HTML page served as `image/jpeg` is not one).
 */
import { sniffImage } from '../newsroom/media/imageFiles.ts';
import { guardedFetch, type OutboundPolicy, type Resolver } from '../security/guardedFetch.ts';

export interface SourceImageOptions {
  timeoutMs: number;
  imageMaxBytes: number;
  resolve?: Resolver;
}

/** `url` absolute, or relative to the source's `base`; null when unreadable or not an image (`refused` is told). */
export async function readSourceImage(
  url: string,
  base: string,
  policy: OutboundPolicy,
  options: SourceImageOptions,
  refused: (path: string) => void = () => {},
): Promise<Uint8Array | null> {
  let target: URL;
  try {
    target = new URL(url, `${base}/`);
  } catch {
    return null;
  }
  const answer = await guardedFetch(target, policy, {
    timeoutMs: options.timeoutMs,
    maxBytes: options.imageMaxBytes,
    ...(options.resolve ? { resolve: options.resolve } : {}),
  });
  if (!answer.ok || answer.status !== 200) return null;
  const type = String(answer.headers['content-type'] ?? '').toLowerCase();
  if (!type.startsWith('image/') || sniffImage(answer.body) === null) {
    refused(target.pathname);
    return null;
  }
  return new Uint8Array(answer.body);
}
