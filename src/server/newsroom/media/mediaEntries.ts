/**
 * A library row as the newsroom sees it (an image with its variants, or a sound) and the files it has in
 * storage: an image's variants, or a sound's one file, kept as uploaded.
 */
import type { MediaEntry, MediaItem, MediaSound } from '../../../api/types.ts';
import type { media } from '../../../db/schema.ts';
import { type AudioFormat, audioMimeTypes } from './audioFiles.ts';
import { MAIL_WIDTHS, mailRenditionName } from '../../media/mailRenditions.ts';

export type MediaRow = typeof media.$inferSelect;

/** A sound's one file: `<hash>-audio.<mp3|ogg|m4a>`. */
export const soundFileName = (hash: string, format: string) => `${hash}-audio.${format}`;

export function toSound(row: MediaRow): MediaSound {
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

export function toItem(row: MediaRow): MediaItem {
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

export function toEntry(row: MediaRow): MediaEntry {
  return row.kind === 'audio' ? toSound(row) : toItem(row);
}

/** The files a library entry has in storage: an image's variants, or a sound's one file. */
export function filesOf(row: MediaRow): string[] {
  if (row.kind === 'audio') return [soundFileName(row.hash, row.sourceFormat)];
  // The mail renditions are named from the hash (older items have none: removing a missing file is no error).
  return [...row.variants.map((v) => v.url.slice('/media/library/'.length)), ...MAIL_WIDTHS.map((w) => mailRenditionName(row.hash, w))];
}
