/**
 * A Ghost export zip, opened defensively: the file comes from an operator, but may have been
 * crafted (paths escaping the archive, symlinks, zip bombs). Every entry is checked once, up front,
 * before a byte is inflated; then the export's JSON and the images under `content/images/` are read
 * lazily, entry by entry, with yauzl checking each entry's declared size while inflating.
 */
import { Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { ImportFileError } from '../importModel.ts';

/** Limits against archives made to exhaust the disk or the memory. */
export const ZIP_LIMITS = {
  maxEntries: 100_000,
  maxTotalBytes: 2 * 1024 ** 3,
  /** Entries over this size must not inflate more than `maxRatio` times. */
  ratioFromBytes: 1024 ** 2,
  maxRatio: 100,
} as const;

const IMAGES = 'content/images/';

export interface GhostZip {
  /** The export's JSON entry name (for messages). */
  jsonName: string;
  /** A fresh stream of the JSON's bytes (each pass opens its own). */
  openJson(): Promise<Readable>;
  /** The bytes of `content/images/<path>`, or null when the archive does not hold it. */
  readImage(imagePath: string): Promise<Uint8Array | null>;
  close(): void;
}

export async function openGhostZip(file: string): Promise<GhostZip> {
  let zip: ZipFile;
  try {
    zip = await yauzl.openPromise(file, {
      lazyEntries: true,
      autoClose: false,
      strictFileNames: true,
      validateEntrySizes: true,
    });
  } catch (error) {
    throw new ImportFileError(zipMessage(error));
  }
  try {
    return await indexZip(zip);
  } catch (error) {
    zip.close();
    throw error instanceof ImportFileError ? error : new ImportFileError(zipMessage(error));
  }
}

async function indexZip(zip: ZipFile): Promise<GhostZip> {
  if (zip.entryCount > ZIP_LIMITS.maxEntries) {
    throw new ImportFileError(`L’archive contient ${zip.entryCount} fichiers : au-delà de ${ZIP_LIMITS.maxEntries}, elle est refusée.`);
  }
  const jsons: Entry[] = [];
  const images = new Map<string, Entry>();
  let total = 0;
  for await (const entry of zip.eachEntry()) {
    checkEntry(entry);
    total += entry.uncompressedSize;
    if (total > ZIP_LIMITS.maxTotalBytes) {
      throw new ImportFileError('L’archive dépasse 2 Go une fois décompressée : elle est refusée.');
    }
    const name = entry.fileName;
    if (name.endsWith('/')) continue;
    const imageAt = imageIndex(name);
    if (imageAt >= 0) images.set(name.slice(imageAt + IMAGES.length), entry);
    else if (isExportJson(name)) jsons.push(entry);
  }
  const [json, ...others] = jsons;
  if (!json) throw new ImportFileError('L’archive ne contient aucun export JSON de Ghost.');
  if (others.length > 0) {
    const names = jsons.map((e) => e.fileName).join(', ');
    throw new ImportFileError(`L’archive contient plusieurs fichiers JSON (${names}) : un seul export est attendu.`);
  }
  return {
    jsonName: json.fileName,
    openJson: () => openEntry(zip, json),
    async readImage(imagePath) {
      const entry = images.get(imagePath);
      if (!entry) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of await openEntry(zip, entry)) chunks.push(chunk as Buffer);
      return new Uint8Array(Buffer.concat(chunks));
    },
    close: () => zip.close(),
  };
}

/** Refuses an entry that could write outside a folder, hide a link, or inflate out of measure. */
function checkEntry(entry: Entry): void {
  const name = entry.fileName;
  // yauzl already refuses these names; said again here so the rule does not hang on its options.
  if (name.includes('\\') || name.startsWith('/') || /^[a-zA-Z]:/.test(name) || name.split('/').includes('..')) {
    throw new ImportFileError(`L’archive contient un chemin dangereux (${name}) : elle est refusée.`);
  }
  // Unix mode in the high 16 bits of the external attributes: S_IFLNK.
  if (((entry.externalFileAttributes >>> 16) & 0o170000) === 0o120000) {
    throw new ImportFileError(`L’archive contient un lien symbolique (${name}) : elle est refusée.`);
  }
  if (entry.isEncrypted()) {
    throw new ImportFileError('L’archive est chiffrée : exportez-la de nouveau sans mot de passe.');
  }
  if (
    entry.uncompressedSize > ZIP_LIMITS.ratioFromBytes &&
    entry.uncompressedSize > ZIP_LIMITS.maxRatio * Math.max(entry.compressedSize, 1)
  ) {
    throw new ImportFileError(
      `L’archive contient un fichier anormalement compressé (${name}, plus de ${ZIP_LIMITS.maxRatio} pour 1) : elle est refusée.`,
    );
  }
}

/** Where `content/images/` starts in an entry name (at the root or under a folder), else -1. */
function imageIndex(name: string): number {
  if (name.startsWith(IMAGES)) return 0;
  const at = name.indexOf(`/${IMAGES}`);
  return at >= 0 ? at + 1 : -1;
}

/** A JSON that may be the export: not a theme's package.json, not Ghost's redirects file. */
function isExportJson(name: string): boolean {
  if (!name.toLowerCase().endsWith('.json')) return false;
  const parts = name.split('/');
  const base = parts.at(-1) ?? '';
  if (base.startsWith('.') || base === 'redirects.json') return false;
  return !parts.includes('themes') && !parts.includes('__MACOSX');
}

async function openEntry(zip: ZipFile, entry: Entry): Promise<Readable> {
  let stream: Readable;
  try {
    stream = await zip.openReadStreamPromise(entry);
  } catch (error) {
    throw new ImportFileError(zipMessage(error));
  }
  // Inflating errors (a size that lies, a corrupt deflate stream) surface while reading: say them in French.
  return Readable.from(translateErrors(stream), { objectMode: false });
}

async function* translateErrors(source: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  try {
    for await (const chunk of source) yield chunk;
  } catch (error) {
    throw new ImportFileError(zipMessage(error));
  }
}

/** yauzl's English errors, as one French sentence. */
export function zipMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  if (/absolute path|invalid relative path|invalid characters in fileName/.test(text)) {
    return `L’archive contient un chemin dangereux (${text.replace(/^[^:]*: /, '')}) : elle est refusée.`;
  }
  if (/too many bytes|too few bytes|size mismatch/.test(text)) {
    return 'L’archive ment sur la taille d’un fichier (taille annoncée ≠ taille décompressée) : elle est refusée.';
  }
  if (/encrypt/i.test(text)) return 'L’archive est chiffrée : exportez-la de nouveau sans mot de passe.';
  return 'L’archive zip est illisible ou tronquée.';
}
