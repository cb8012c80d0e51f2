/**
 * An upload into the media library: sniffed, bounded by its kind's limit, its files stored under their content
 * hash (an image's variants, see imageFiles.ts; a sound once, as uploaded, see audioFiles.ts), then its row and
 * audit line written together. Where the files go is mediaStorage.ts's; how they are served, ../../media/mediaFiles.ts's.
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { MediaEntry } from '../../../api/types.ts';
import type { Database } from '../../../db/client.ts';
import { type MediaVariant, media } from '../../../db/schema.ts';
import { audit } from '../audit.server.ts';
import type { MediaStorage } from '../mediaStorage.ts';
import type { StaffMember } from '../staff.server.ts';
import { sniffAudio } from './audioFiles.ts';
import { imageVariants, sniffImage } from './imageFiles.ts';
import { type MediaRow, soundFileName, toEntry, toItem } from './mediaEntries.ts';
import { type UploadLimits, uploadedFileName, uploadMessages } from './uploadRules.ts';

export type UploadResult =
  | { ok: true; item: MediaEntry; created: boolean }
  | { ok: false; status: 400 | 413 | 415 | 503 | 507; message: string };

export const storageMessages = {
  full: "Le disque du serveur est plein : l'image n'a pas été enregistrée. Prévenez l'équipe technique, puis réessayez.",
  unavailable: "Le stockage des images ne répond pas : l'image n'a pas été enregistrée. Réessayez dans un instant.",
} as const;

/** A full disk (or quota, or a read-only file system) is the operator's to fix: a 507; anything else, the store is away: a 503. */
function storageFailure(error: unknown, what: 'image' | 'son'): { status: 503 | 507; message: string } {
  const code = (error as NodeJS.ErrnoException).code;
  // The messages speak of an image; a sound is "le son", masculine.
  const forSound = (message: string) =>
    what === 'son' ? message.replace("l'image n'a pas été enregistrée", "le son n'a pas été enregistré") : message;
  if (code === 'ENOSPC' || code === 'EDQUOT' || code === 'EROFS') return { status: 507, message: forSound(storageMessages.full) };
  return { status: 503, message: forSound(storageMessages.unavailable) };
}

/**
 * The files of one upload, stored; on a failure, nothing half-written: the files already stored go (no row
 * will point at missing files) and the failure is said in French.
 */
async function storeFiles(
  storage: MediaStorage,
  hash: string,
  files: { name: string; bytes: Uint8Array; contentType: string }[],
  what: 'image' | 'son',
): Promise<{ status: 503 | 507; message: string } | null> {
  try {
    for (const file of files) await storage.put(file.name, file.bytes, file.contentType);
    return null;
  } catch (error) {
    console.error(`[media] storing ${hash} failed (${storage.describe}):`, (error as Error).message);
    for (const file of files) await storage.remove(file.name).catch(() => {});
    return storageFailure(error, what);
  }
}

/** The bytes' content hash, and the entry already holding them: the same file uploaded twice is one entry. */
async function byContent(db: Database, bytes: Uint8Array): Promise<{ hash: string; existing: MediaRow | undefined }> {
  const hash = createHash('sha256').update(bytes).digest('hex');
  const [existing] = await db.select().from(media).where(eq(media.hash, hash));
  return { hash, existing };
}

type UploadInput = { bytes: Uint8Array; alt: string; name?: string | null; focalX: number | null; focalY: number | null };

/**
 * Sniffs; an image is decoded, made into variants, stored with its row (decoding is sharp's, bounded in
 * pixels); a sound is stored as it is. Each kind has its own limit in bytes.
 */
export async function uploadMedia(
  db: Database,
  /** null: an import run from the command line (no staff account). */
  who: StaffMember | null,
  input: UploadInput,
  storage: MediaStorage,
  now: Date,
  limits: UploadLimits,
): Promise<UploadResult> {
  const type = sniffImage(input.bytes);
  if (!type) {
    const sound = sniffAudio(input.bytes);
    if (!sound) return { ok: false, status: 415, message: uploadMessages.type };
    if (input.bytes.byteLength > limits.audioBytes) {
      return { ok: false, status: 413, message: uploadMessages.soundTooLarge(limits.audioBytes) };
    }
    return uploadSound(db, who, input, sound, storage, now);
  }
  if (input.bytes.byteLength > limits.imageBytes) {
    return { ok: false, status: 413, message: uploadMessages.imageTooLarge(limits.imageBytes) };
  }
  const { hash, existing } = await byContent(db, input.bytes);
  if (existing) return { ok: true, item: toEntry(existing), created: false };

  // Conversion first (a failure is the image's: 400), then storage (a failure is ours: a 503 or 507).
  const image = await imageVariants(input.bytes, type, hash);
  if (!image.ok) return image;
  const { width, height, files, mailFiles } = image;
  const contentType = (format: 'avif' | 'webp') => (format === 'avif' ? 'image/avif' : 'image/webp');
  const failure = await storeFiles(
    storage,
    hash,
    [...files.map((v) => ({ ...v, contentType: contentType(v.format) })), ...mailFiles.map((m) => ({ ...m, contentType: 'image/jpeg' }))],
    'image',
  );
  if (failure) return { ok: false, ...failure };
  const variants: MediaVariant[] = files.map((v) => ({
    format: v.format,
    width: v.width,
    height: v.height,
    url: `/media/library/${v.name}`,
    bytes: v.bytes.byteLength,
  }));
  const { stored, created } = await insertUploaded(
    db,
    who,
    input,
    { hash, width, height, sourceFormat: type, focalX: input.focalX, focalY: input.focalY, variants, mailRenditionsAt: now },
    { type, width, height },
    now,
  );
  return { ok: true, item: toItem(stored), created };
}

/** A sound: one file named by its content, and its row (type and length as read from the bytes). */
async function uploadSound(
  db: Database,
  who: StaffMember | null,
  input: UploadInput,
  sound: NonNullable<ReturnType<typeof sniffAudio>>,
  storage: MediaStorage,
  now: Date,
): Promise<UploadResult> {
  const { hash, existing } = await byContent(db, input.bytes);
  if (existing) return { ok: true, item: toEntry(existing), created: false };
  const name = soundFileName(hash, sound.format);
  const failure = await storeFiles(storage, hash, [{ name, bytes: input.bytes, contentType: sound.mimeType }], 'son');
  if (failure) return { ok: false, ...failure };
  const { stored, created } = await insertUploaded(
    db,
    who,
    input,
    {
      hash,
      kind: 'audio',
      sourceFormat: sound.format,
      mimeType: sound.mimeType,
      durationSeconds: sound.durationSeconds,
      bytes: input.bytes.byteLength,
      variants: [],
    },
    { type: sound.format, durationSeconds: sound.durationSeconds, bytes: input.bytes.byteLength },
    now,
  );
  return { ok: true, item: toEntry(stored), created };
}

type UploadedValues = Omit<typeof media.$inferInsert, 'alt' | 'name' | 'uploadedBy' | 'createdAt'> & { hash: string };

/**
 * The row of an upload whose files are stored, and its audit line. The same bytes uploaded at the same time
 * are one row: the second insert does nothing and reads the first one's row.
 */
async function insertUploaded(
  db: Database,
  who: StaffMember | null,
  input: UploadInput,
  values: UploadedValues,
  detail: Record<string, unknown>,
  now: Date,
): Promise<{ stored: MediaRow; created: boolean }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(media)
      .values({ ...values, alt: input.alt, name: uploadedFileName(input.name), uploadedBy: who?.id ?? null, createdAt: now })
      .onConflictDoNothing()
      .returning();
    const stored = row ?? (await tx.select().from(media).where(eq(media.hash, values.hash)))[0];
    if (!stored) throw new Error('media row missing after insert');
    await audit(tx, who, { action: 'media.upload', entity: 'media', entityId: stored.id, detail: { hash: values.hash, ...detail } }, now);
    return { stored, created: row !== undefined };
  });
}
