/**
 * Images of an import into the media library (its variants, `srcset`): the bytes from the export itself
 * (WordPress `--uploads`, the Ghost zip) or downloaded from their address when allowed. The same file is
 * stored once (the library keys images by content hash); an image that cannot be had leaves the article
 * importable and is named in the report.
 */
import type { Database } from '../../db/client.ts';
import { sniffImage } from '../newsroom/media/imageFiles.ts';
import { uploadMedia } from '../newsroom/media/mediaUpload.ts';
import type { UploadLimits } from '../newsroom/media/uploadRules.ts';
import type { MediaStorage } from '../newsroom/mediaStorage.ts';
import { guardedFetch, type OutboundPolicy, type Resolver } from '../security/guardedFetch.ts';
import type { ImportSource } from './importModel.ts';

export interface LibraryEntry {
  mediaId: number;
  src: string;
  width: number;
  height: number;
}

export type ImageOutcome = { ok: true; entry: LibraryEntry } | { ok: false; reason: string; refused?: true };

/** Where an image's download may go and, in tests, how names resolve. */
export interface DownloadAccess {
  policy: OutboundPolicy;
  resolve?: Resolver;
}

export interface ImageOptions {
  /** false: only what the export holds (tests, and operators who want no outgoing request). */
  download: boolean;
  storage: MediaStorage;
  now: Date;
  /** The library's limits (MEDIA_MAX_BYTES…): a downloaded image larger than its limit is not kept. */
  limits: UploadLimits;
  /** Default: public addresses only. */
  access?: DownloadAccess;
}

/** The report's words for an address the guarded fetch would not contact (nothing said of what is there). */
export const REFUSED_ADDRESS = 'adresse refusée (réseau interne ou non autorisé)';

const DOWNLOAD_TIMEOUT_MS = 15_000;
const PUBLIC_ONLY: DownloadAccess = { policy: { allowHosts: [] } };

/**
 * An http(s) image, at most the library's size limit, or why not. The export names the address, so it
 * goes through the guarded fetch: an internal address is `refused` and never contacted, on any hop.
 */
export async function downloadImage(
  url: string,
  max: number,
  access: DownloadAccess = PUBLIC_ONLY,
): Promise<Uint8Array | { reason: string; refused?: true }> {
  const answer = await guardedFetch(url, access.policy, {
    maxBytes: max,
    timeoutMs: DOWNLOAD_TIMEOUT_MS,
    ...(access.resolve ? { resolve: access.resolve } : {}),
  });
  if (answer.ok) return answer.status >= 200 && answer.status < 300 ? answer.body : { reason: `le serveur a répondu ${answer.status}` };
  switch (answer.failure) {
    case 'refused':
      return { reason: REFUSED_ADDRESS, refused: true };
    case 'invalid':
      return { reason: 'adresse invalide ou ni http ni https' };
    case 'too-large':
      return { reason: 'image trop lourde' };
    case 'too-many-redirects':
      return { reason: 'téléchargement impossible (trop de redirections)' };
    case 'timeout':
      return { reason: 'téléchargement impossible (délai dépassé)' };
    default:
      return { reason: 'téléchargement impossible (serveur injoignable)' };
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
    let bytes: Uint8Array | { reason: string; refused?: true } | null = await source.readImage(url).catch(() => null);
    if (bytes === null)
      bytes = options.download ? await downloadImage(url, options.limits.imageBytes, options.access) : { reason: 'absente de l’export' };
    if ('reason' in bytes) {
      // Dropped from the text (replaceImportImages), nothing stored: the line says so, not what answered.
      if (bytes.refused) return { ok: false, refused: true, reason: `Image ignorée : ${REFUSED_ADDRESS} : ${url}` };
      return { ok: false, reason: `image ${url} : ${bytes.reason}` };
    }
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
