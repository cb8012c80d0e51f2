/** Reading the media library: a page of it for the newsroom, and the sounds a quiz names. */
import { and, desc, eq, ilike, inArray, or } from 'drizzle-orm';
import type { Audio, MediaEntry, MediaKind } from '../../../api/types.ts';
import type { Database } from '../../../db/client.ts';
import { media } from '../../../db/schema.ts';
import { toEntry, toSound } from './mediaEntries.ts';

const SOUND_PATH = /^\/media\/library\/([0-9a-f]{64})-audio\.(?:mp3|ogg|m4a)$/;

/** The library's sounds named by these addresses, as a question's Audio (the library's type and length): url → Audio. */
export async function librarySounds(db: Database, urls: string[]): Promise<Map<string, Audio>> {
  const hashes = [...new Set(urls.map((u) => SOUND_PATH.exec(u)?.[1]).filter((h): h is string => h !== undefined))];
  const found = new Map<string, Audio>();
  if (hashes.length === 0) return found;
  const rows = await db
    .select()
    .from(media)
    .where(and(inArray(media.hash, hashes), eq(media.kind, 'audio')))
    // Locked until the save commits, as libraryImage.ts does: no deletion slips in between.
    .for('key share');
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
