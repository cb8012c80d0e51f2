/**
 * The media library: images uploaded by the newsroom, their type sniffed from their bytes (never from the
 * name or the header), bounded in bytes and pixels, turned by sharp into AVIF and WebP variants at a few
 * widths (metadata such as EXIF/GPS dropped, orientation applied), written under MEDIA_DIR (default
 * DATA_DIR/media) with content-hashed names. An image's original is kept nowhere: only the variants exist.
 * Sounds (a quiz question's audio: MP3, Ogg, M4A, see audioFiles.ts) are kept as uploaded, once. The library's
 * rules live here; the files' storage in mediaStorage.ts, their serving over HTTP in ../media/mediaFiles.ts, the
 * limits in ../config/newsroomConfig.ts.
 */
import { createHash } from 'node:crypto';
import { and, asc, desc, eq, ilike, inArray, like, or, sql } from 'drizzle-orm';
import { appConfig } from '../../../app.config.ts';
import type { Audio, MediaEntry, MediaItem, MediaKind, MediaSound } from '../../api/types.ts';
import type { Database } from '../../db/client.ts';
import { articles, type MediaVariant, media, newsroomArticles, newsroomQuizzes } from '../../db/schema.ts';
import { type AudioFormat, audioMimeTypes, sniffAudio } from './audioFiles.ts';
import { audit } from './audit.server.ts';
import { articlesShowingInBody } from './bodyImages.server.ts';
import { MAIL_WIDTHS, mailRenditionName, mailRenditions } from '../media/mailRenditions.ts';
import type { MediaStorage } from './mediaStorage.ts';
import type { StaffMember } from './staff.server.ts';

export const MEDIA_WIDTHS = appConfig.newsroom.mediaWidths;
const MAX_PIXELS = 50_000_000;

export type SniffedType = 'jpeg' | 'png' | 'webp' | 'avif';

export interface UploadLimits {
  imageBytes: number;
  audioBytes: number;
}

const megabytes = (bytes: number) => `${Math.floor(bytes / (1024 * 1024))} Mo`;

export const uploadMessages = {
  type: 'Seules les images JPEG, PNG, WebP et AVIF et les sons MP3, Ogg (Opus, Vorbis) et M4A (AAC) sont acceptés.',
  imageTooLarge: (max: number) => `L'image est trop lourde : ${megabytes(max)} au plus.`,
  soundTooLarge: (max: number) => `Le son est trop lourd : ${megabytes(max)} au plus.`,
} as const;

/** A sound's one file: `<hash>-audio.<mp3|ogg|m4a>`. */
const soundFileName = (hash: string, format: string) => `${hash}-audio.${format}`;

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

type MediaRow = typeof media.$inferSelect;

function toSound(row: MediaRow): MediaSound {
  return {
    id: row.id,
    kind: 'audio',
    url: `/media/library/${soundFileName(row.hash, row.sourceFormat)}`,
    mimeType: (row.mimeType ?? audioMimeTypes[row.sourceFormat as AudioFormat]) as MediaSound['mimeType'],
    durationSeconds: row.durationSeconds ?? 0,
    bytes: row.bytes ?? 1,
    alt: row.alt,
    name: row.name ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

function toEntry(row: MediaRow): MediaEntry {
  return row.kind === 'audio' ? toSound(row) : toItem(row);
}

/** The files a library entry has in storage: an image's variants, or a sound's one file. */
function filesOf(row: MediaRow): string[] {
  if (row.kind === 'audio') return [soundFileName(row.hash, row.sourceFormat)];
  // The mail renditions are named from the hash (older items have none: removing a missing file is no error).
  return [...row.variants.map((v) => v.url.slice('/media/library/'.length)), ...MAIL_WIDTHS.map((w) => mailRenditionName(row.hash, w))];
}

function toItem(row: MediaRow): MediaItem {
  const webp = row.variants.filter((v) => v.format === 'webp').sort((a, b) => b.width - a.width)[0];
  const url = webp?.url ?? row.variants[0]?.url ?? '';
  return {
    id: row.id,
    kind: 'image',
    mimeType: url.endsWith('.avif') ? 'image/avif' : 'image/webp',
    url,
    alt: row.alt,
    name: row.name ?? null,
    width: webp?.width ?? row.width ?? 1,
    height: webp?.height ?? row.height ?? 1,
    focalX: row.focalX ?? null,
    focalY: row.focalY ?? null,
    variants: row.variants.map(({ format, width, height, url }) => ({ format, width, height, url })),
    createdAt: row.createdAt.toISOString(),
  };
}

const SOUND_PATH = /^\/media\/library\/([0-9a-f]{64})-audio\.(?:mp3|ogg|m4a)$/;

/** The library's sounds named by these addresses, as a question's Audio (the library's type and length): url → Audio. */
export async function librarySounds(db: Database, urls: string[]): Promise<Map<string, Audio>> {
  const hashes = [...new Set(urls.map((u) => SOUND_PATH.exec(u)?.[1]).filter((h): h is string => h !== undefined))];
  const found = new Map<string, Audio>();
  if (hashes.length === 0) return found;
  const rows = await db
    .select()
    .from(media)
    .where(and(inArray(media.hash, hashes), eq(media.kind, 'audio')));
  for (const row of rows) {
    const sound = toSound(row);
    found.set(sound.url, { url: sound.url, mimeType: sound.mimeType, durationSeconds: sound.durationSeconds });
  }
  return found;
}

/** LIKE's own wildcards and escape, taken literally: a search for "100%" finds "100%", not everything. */
const likeLiteral = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * One page of the library, newest first; `q` keeps the entries whose file name or alt text contains it,
 * `kind` only the images or only the sounds.
 */
export async function listMedia(
  db: Database,
  page: { limit: number; offset: number; q?: string; kind?: MediaKind },
): Promise<MediaEntry[]> {
  const q = page.q?.trim() ?? '';
  const pattern = likeLiteral(q);
  const rows = await db
    .select()
    .from(media)
    .where(
      and(
        q === '' ? undefined : or(ilike(media.alt, pattern), ilike(media.name, pattern)),
        page.kind ? eq(media.kind, page.kind) : undefined,
      ),
    )
    .orderBy(desc(media.createdAt), desc(media.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map(toEntry);
}

/** C0 controls and DEL: no file name or alt text holds one, and PostgreSQL text cannot hold NUL. */
export const isControlCharacter = (c: string) => {
  const code = c.charCodeAt(0);
  return code < 32 || code === 127;
};
export const hasControlCharacter = (text: string) => [...text].some(isControlCharacter);

/** The file name a browser sent, without any path, control characters or surrounding spaces; null when nothing is left. */
export function uploadedFileName(raw: string | null | undefined): string | null {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const clean = [...base]
    .filter((c) => !isControlCharacter(c))
    .join('')
    .trim()
    .slice(0, 200)
    // A cut through an emoji leaves half of it: dropped.
    .replace(/[\ud800-\udbff]$/, '')
    .trim();
  return clean === '' ? null : clean;
}

export type UploadResult =
  | { ok: true; item: MediaEntry; created: boolean }
  | { ok: false; status: 400 | 413 | 415 | 503 | 507; message: string };

export const storageMessages = {
  full: "Le disque du serveur est plein : l'image n'a pas été enregistrée. Prévenez l'équipe technique, puis réessayez.",
  unavailable: "Le stockage des images ne répond pas : l'image n'a pas été enregistrée. Réessayez dans un instant.",
} as const;

/** A full disk (or quota, or a read-only file system) is the operator's to fix: a 507; anything else, the store is away: a 503. */
function storageFailure(error: unknown, what: 'image' | 'son' = 'image'): { status: 503 | 507; message: string } {
  const code = (error as NodeJS.ErrnoException).code;
  // The messages speak of an image; a sound is "le son", masculine.
  const forSound = (message: string) =>
    what === 'son' ? message.replace("l'image n'a pas été enregistrée", "le son n'a pas été enregistré") : message;
  if (code === 'ENOSPC' || code === 'EDQUOT' || code === 'EROFS') return { status: 507, message: forSound(storageMessages.full) };
  return { status: 503, message: forSound(storageMessages.unavailable) };
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
  const hash = createHash('sha256').update(input.bytes).digest('hex');
  const [existing] = await db.select().from(media).where(eq(media.hash, hash));
  if (existing) return { ok: true, item: toEntry(existing), created: false };

  const { default: sharp } = await import('sharp');
  let width: number;
  let height: number;
  try {
    const metadata = await sharp(input.bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error', autoOrient: true }).metadata();
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
  // Conversion first (a failure is the image's: 400), then storage (a failure is ours: a logged 500).
  const made: { name: string; format: 'avif' | 'webp' | 'jpeg'; width: number; height: number; bytes: Buffer }[] = [];
  try {
    for (const w of widths) {
      const h = Math.max(1, Math.round((height * w) / width));
      for (const format of ['avif', 'webp'] as const) {
        const pipeline = sharp(input.bytes, { limitInputPixels: MAX_PIXELS, autoOrient: true }).resize({
          width: w,
          height: h,
          fit: 'fill',
        });
        // Effort kept low: uploads happen on the same small machine that serves readers.
        const bytes = await (format === 'avif'
          ? pipeline.avif({ quality: 55, effort: 2 })
          : pipeline.webp({ quality: 80, effort: 3 })
        ).toBuffer();
        made.push({ name: `${hash}-${w}.${format}`, format, width: w, height: h, bytes });
      }
    }
    // What newsletters show (Gmail and Outlook read neither AVIF nor, for Outlook, WebP): JPEG, not variants.
    const forMail = await mailRenditions(sharp, hash, input.bytes, { width, height }, { limitInputPixels: MAX_PIXELS });
    made.push(...forMail.map((r) => ({ ...r, format: 'jpeg' as const })));
  } catch {
    return { ok: false, status: 400, message: "L'image n'a pas pu être convertie : essayez de l'enregistrer de nouveau en JPEG ou PNG." };
  }
  const variants: MediaVariant[] = [];
  try {
    for (const v of made) {
      await storage.put(v.name, v.bytes, `image/${v.format}`);
      if (v.format !== 'jpeg') {
        variants.push({ format: v.format, width: v.width, height: v.height, url: `/media/library/${v.name}`, bytes: v.bytes.byteLength });
      }
    }
  } catch (error) {
    // Nothing half-written: the variants already stored go, and no row points at missing files.
    console.error(`[media] storing ${hash} failed (${storage.describe}):`, (error as Error).message);
    for (const v of made) await storage.remove(v.name).catch(() => {});
    return { ok: false, ...storageFailure(error) };
  }
  const { stored, created } = await insertUploaded(
    db,
    who,
    input,
    { hash, width, height, sourceFormat: type, focalX: input.focalX, focalY: input.focalY, variants },
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
  const hash = createHash('sha256').update(input.bytes).digest('hex');
  const [existing] = await db.select().from(media).where(eq(media.hash, hash));
  if (existing) return { ok: true, item: toEntry(existing), created: false };
  const name = soundFileName(hash, sound.format);
  try {
    await storage.put(name, input.bytes, sound.mimeType);
  } catch (error) {
    console.error(`[media] storing ${hash} failed (${storage.describe}):`, (error as Error).message);
    await storage.remove(name).catch(() => {});
    return { ok: false, ...storageFailure(error, 'son') };
  }
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

export type DeleteMediaResult =
  | { ok: true; removedFiles: number; failedFiles: string[] }
  | { ok: false; kind: 'notFound' }
  | { ok: false; kind: 'taken'; message: string };

/** « A », « B » et 3 autres: who to go and change before the image can go. */
function inUseMessage(titles: string[]): string {
  const named = titles.slice(0, 5).map((t) => `« ${t} »`);
  const rest = titles.length - named.length;
  const list = rest > 0 ? `${named.join(', ')} et ${rest} autre${rest > 1 ? 's' : ''}` : named.join(', ');
  const who = titles.length === 1 ? `l’article ${list}` : `${titles.length} articles : ${list}`;
  return `Cette image est utilisée par ${who}. Choisissez-leur une autre image avant de la supprimer.`;
}

/** The same sentence about a sound: « Ce son est utilisé par le quiz … Choisissez-lui un autre son … ». */
const soundInUse = (message: string) =>
  message.replace('Cette image est utilisée', 'Ce son est utilisé').replace('une autre image', 'un autre son');

function quizInUseMessage(titles: string[]): string {
  const named = titles.slice(0, 5).map((t) => `« ${t} »`);
  const rest = titles.length - named.length;
  const list = rest > 0 ? `${named.join(', ')} et ${rest} autre${rest > 1 ? 's' : ''}` : named.join(', ');
  const who = titles.length === 1 ? `le quiz ${list}` : `${titles.length} quiz : ${list}`;
  return `Cette image est utilisée par ${who}. Choisissez-${titles.length === 1 ? 'lui' : 'leur'} une autre image avant de la supprimer.`;
}

/**
 * Deletes an image no article or quiz uses (main, sharing or in-body image, in any state; old revisions do not count), then
 * the files of its variants. The row goes first: a file left behind by a storage failure is an unreferenced,
 * content-named orphan (reported in the audit log), never an article pointing at nothing.
 */
export async function deleteMedia(
  db: Database,
  who: StaffMember,
  id: number,
  storage: MediaStorage,
  now: Date,
): Promise<DeleteMediaResult> {
  const [row] = await db.select().from(media).where(eq(media.id, id));
  if (!row) return { ok: false, kind: 'notFound' };
  // Every variant's address starts so ('/media/library/<sha-256>-'): the hash is hex, nothing to escape.
  const prefix = `/media/library/${row.hash}-%`;
  const editorial = await db
    .select({ id: newsroomArticles.id, title: newsroomArticles.title })
    .from(newsroomArticles)
    .where(or(like(sql`${newsroomArticles.mainImage}->>'url'`, prefix), like(newsroomArticles.ogImage, prefix)))
    .orderBy(asc(newsroomArticles.title));
  // Published rows share their id with their editorial copy; an article from an import not yet backfilled would not.
  const published = await db
    .select({ id: articles.id, title: articles.title })
    .from(articles)
    .where(or(like(sql`${articles.mainImage}->>'url'`, prefix), like(articles.ogImage, prefix)));
  // In the body too: an image placed in the text is named there by its library id.
  const inBody = await articlesShowingInBody(db, id);
  const users = new Map([...published, ...editorial, ...inBody].map((a) => [a.id, a.title]));
  if (users.size > 0)
    return { ok: false, kind: 'taken', message: inUseMessage([...users.values()].sort((a, b) => a.localeCompare(b, 'fr'))) };
  // A quiz shows it (cover, result, picture answer), in any state: its working copy holds every image it publishes.
  const quizUsers = await db
    .select({ title: newsroomQuizzes.title })
    .from(newsroomQuizzes)
    .where(
      or(
        like(sql`${newsroomQuizzes.image}->>'url'`, prefix),
        like(sql`${newsroomQuizzes.results}::text`, `%${prefix}`),
        like(sql`${newsroomQuizzes.questions}::text`, `%${prefix}`),
      ),
    )
    .orderBy(asc(newsroomQuizzes.title));
  if (quizUsers.length > 0) {
    const message = quizInUseMessage(quizUsers.map((q) => q.title));
    return { ok: false, kind: 'taken', message: row.kind === 'audio' ? soundInUse(message) : message };
  }

  // The row and its audit line go together. The files are removed inside the transaction (the line says how
  // many went): storage is not transactional, so a failed audit brings the row back but not removed files.
  return db.transaction(async (tx) => {
    const [deleted] = await tx.delete(media).where(eq(media.id, id)).returning();
    if (!deleted) return { ok: false, kind: 'notFound' } as const;
    const failedFiles: string[] = [];
    const files = filesOf(deleted);
    for (const name of files) {
      try {
        await storage.remove(name);
      } catch (error) {
        console.error(`[newsroom] media ${id}: could not remove ${name}:`, (error as Error).message);
        failedFiles.push(name);
      }
    }
    const removedFiles = files.length - failedFiles.length;
    const detail = { hash: deleted.hash, alt: deleted.alt, removedFiles, failedFiles };
    await audit(tx, who, { action: 'media.delete', entity: 'media', entityId: id, detail }, now);
    return { ok: true, removedFiles, failedFiles } as const;
  });
}
