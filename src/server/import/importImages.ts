/**
 * Images of an import into the media library (its variants, `srcset`): the bytes from the export itself
 * (WordPress `--uploads`, the Ghost zip) or downloaded from their address when allowed. The same file is
 * stored once (the library keys images by content hash); an image that cannot be had leaves the article
 * importable and is named in the report.
 */
import type { Database } from '../../db/client.ts';
import { sniffImage, type UploadLimits, uploadMedia } from '../newsroom/media.server.ts';
import type { MediaStorage } from '../newsroom/mediaStorage.ts';
import type { ImportSource } from './importModel.ts';

export interface LibraryEntry {
  mediaId: number;
  src: string;
  width: number;
  height: number;
}

export type ImageOutcome = { ok: true; entry: LibraryEntry } | { ok: false; reason: string };

export interface ImageOptions {
  /** false: only what the export holds (tests, and operators who want no outgoing request). */
  download: boolean;
  storage: MediaStorage;
  now: Date;
  /** The library's limits (MEDIA_MAX_BYTES…): a downloaded image larger than its limit is not kept. */
  limits: UploadLimits;
  fetchImpl?: typeof fetch;
}

const DOWNLOAD_TIMEOUT_MS = 15_000;

/** An http(s) image, at most the library's size limit, or a reason. */
export async function downloadImage(url: string, max: number, fetchImpl: typeof fetch = fetch): Promise<Uint8Array | string> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'adresse invalide';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'adresse ni http ni https';
  try {
    const response = await fetchImpl(parsed, { signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS), redirect: 'follow' });
    if (!response.ok || !response.body) return `le serveur a répondu ${response.status}`;
    const declared = Number(response.headers.get('content-length') ?? 0);
    if (declared > max) return 'image trop lourde';
    const chunks: Uint8Array[] = [];
    let total = 0;
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > max) {
        await reader.cancel();
        return 'image trop lourde';
      }
      chunks.push(value);
    }
    return Buffer.concat(chunks);
  } catch (error) {
    return `téléchargement impossible (${(error as Error).name === 'TimeoutError' ? 'délai dépassé' : 'serveur injoignable'})`;
  }
}

/**
 * One run's images. Addresses already stored in this run are not fetched again; an item whose transaction
 * is rolled back forgets what it stored (`forget`), since those library rows are gone with it.
 */
export function importImageLibrary(source: ImportSource, options: ImageOptions) {
  const known = new Map<string, ImageOutcome>();
  let pending: string[] = [];
  return {
    async image(db: Database, url: string, alt: string): Promise<ImageOutcome> {
      const cached = known.get(url);
      if (cached) return cached;
      const outcome = await store(db, url, alt);
      known.set(url, outcome);
      pending.push(url);
      return outcome;
    },
    /** The item committed: what it stored stays known. */
    keep() {
      pending = [];
    },
    /** The item was rolled back. */
    forget() {
      for (const url of pending) known.delete(url);
      pending = [];
    },
  };

  async function store(db: Database, url: string, alt: string): Promise<ImageOutcome> {
    let bytes: Uint8Array | string | null = await source.readImage(url).catch(() => null);
    if (bytes === null)
      bytes = options.download ? await downloadImage(url, options.limits.imageBytes, options.fetchImpl) : 'absente de l’export';
    if (typeof bytes === 'string') return { ok: false, reason: `image ${url} : ${bytes}` };
    if (!sniffImage(bytes)) return { ok: false, reason: `image ${url} : ni JPEG, ni PNG, ni WebP, ni AVIF` };
    const result = await uploadMedia(
      db,
      null,
      { bytes, alt: alt.slice(0, 1000), name: url.split(/[?#]/)[0], focalX: null, focalY: null },
      options.storage,
      options.now,
      options.limits,
    );
    if (!result.ok) return { ok: false, reason: `image ${url} : ${result.message}` };
    // Sniffed as an image above: the library cannot have made a sound of it.
    if (result.item.kind !== 'image') return { ok: false, reason: `image ${url} : ni JPEG, ni PNG, ni WebP, ni AVIF` };
    return { ok: true, entry: { mediaId: result.item.id, src: result.item.url, width: result.item.width, height: result.item.height } };
  }
}

export type ImportImageLibrary = ReturnType<typeof importImageLibrary>;

/** A storage that keeps nothing: a dry run makes the same library rows (rolled back), writes no file. */
export const noStorage: MediaStorage = {
  describe: 'essai à blanc',
  async put() {},
  async get() {
    return null;
  },
  async remove() {},
};
