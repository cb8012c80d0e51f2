/**
 * Deleting from the media library: refused while anything shows the entry (mediaUsage.ts says what), else its
 * row and audit line go together, then its files.
 */
import { eq } from 'drizzle-orm';
import type { MediaUsage } from '../../../api/types.ts';
import type { Database } from '../../../db/client.ts';
import { media } from '../../../db/schema.ts';
import { audit } from '../audit.server.ts';
import type { MediaStorage } from '../mediaStorage.ts';
import { usagesOfHash } from '../mediaUsage.ts';
import type { StaffMember } from '../staff.server.ts';
import { filesOf } from './mediaEntries.ts';

export type DeleteMediaResult =
  | { ok: true; removedFiles: number; failedFiles: string[] }
  | { ok: false; kind: 'notFound' }
  | { ok: false; kind: 'inUse'; mediaKind: 'image' | 'audio'; usages: MediaUsage[] };

/**
 * Deletes an entry nothing shows (any format, any state; old revisions do not count), then its files. The
 * lookup and the delete are one transaction holding the row locked: a save that names the entry locks it too
 * while it checks its images (libraryImage.ts, FOR KEY SHARE), so either the save commits first and the lookup
 * sees it, or the delete does and the save finds no such image — never a page left pointing at nothing.
 * The row goes before the files: a file left behind by a storage failure is an unreferenced, content-named
 * orphan (reported in the audit log).
 */
export async function deleteMedia(
  db: Database,
  who: StaffMember,
  id: number,
  storage: MediaStorage,
  now: Date,
): Promise<DeleteMediaResult> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(media).where(eq(media.id, id)).for('update');
    if (!row) return { ok: false, kind: 'notFound' } as const;
    // A statement after the lock: under READ COMMITTED it sees every save that held the row before us.
    const usages = await usagesOfHash(tx, row.hash, id);
    if (usages.length > 0) return { ok: false, kind: 'inUse', mediaKind: row.kind, usages } as const;
    await tx.delete(media).where(eq(media.id, id));
    // The files are removed inside the transaction (the audit line says how many went): storage is not
    // transactional, so a failed audit brings the row back but not removed files.
    const failedFiles: string[] = [];
    const files = filesOf(row);
    for (const name of files) {
      try {
        await storage.remove(name);
      } catch (error) {
        console.error(`[newsroom] media ${id}: could not remove ${name}:`, (error as Error).message);
        failedFiles.push(name);
      }
    }
    const removedFiles = files.length - failedFiles.length;
    const detail = { hash: row.hash, alt: row.alt, removedFiles, failedFiles };
    await audit(tx, who, { action: 'media.delete', entity: 'media', entityId: id, detail }, now);
    return { ok: true, removedFiles, failedFiles } as const;
  });
}
