/**
 * The cache tags the CDN has not purged yet (decision 032). Written in the transaction of the change readers
 * can see: committed together, so a process killed after the commit loses no purge; the `cdn.drain` job
 * (cdnJobs.ts) reads them in order, purges them and deletes what the CDN accepted.
 */
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { cdnPurgeTags } from '../../db/schema.ts';
import { normaliseTags } from '../cache/cacheTags.ts';

export interface PendingTag {
  tag: string;
  /** Taken anew each time the tag is recorded: a purge clears only the recording it read. */
  seq: number;
}

/**
 * Notes `tags` (invalid ones dropped) in the caller's transaction. A tag already waiting takes a new `seq`
 * (its row is locked until the change commits). Sorted, so that two changes noting the same tags lock their
 * rows in the same order and never wait on each other in a cycle; callers note last in their transaction.
 */
export async function notePurgeTags(db: Database, tags: readonly string[]): Promise<number> {
  const list = normaliseTags(tags);
  if (list.length === 0) return 0;
  await db
    .insert(cdnPurgeTags)
    .values(list.map((tag) => ({ tag })))
    .onConflictDoUpdate({
      target: cdnPurgeTags.tag,
      set: { seq: sql`excluded.seq`, queuedAt: sql`excluded.queued_at` },
    });
  return list.length;
}

/** The oldest recordings first, at most `limit`. */
export async function pendingPurgeTags(db: Database, limit: number): Promise<PendingTag[]> {
  return db.select({ tag: cdnPurgeTags.tag, seq: cdnPurgeTags.seq }).from(cdnPurgeTags).orderBy(asc(cdnPurgeTags.seq)).limit(limit);
}

/** Whether `tag` waits (`site`: the drain then purges it alone). */
export async function isTagPending(db: Database, tag: string): Promise<boolean> {
  const rows = await db.select({ tag: cdnPurgeTags.tag }).from(cdnPurgeTags).where(eq(cdnPurgeTags.tag, tag)).limit(1);
  return rows.length > 0;
}

/** How many tags wait (the boot's log line, tests). */
export async function countPendingPurgeTags(db: Database): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(cdnPurgeTags);
  return row?.n ?? 0;
}

/**
 * Clears the recordings a purge carried. A tag recorded again since it was read has a new `seq` and keeps
 * its row: that later change is purged by the next call. Rows a change is writing right now are skipped,
 * not waited for (`SKIP LOCKED`): that change gives them a new `seq` anyway, and the drain never holds one
 * row while waiting on a writer that waits for another (no deadlock with a publish).
 */
export async function clearPurgedTags(db: Database, purged: readonly PendingTag[]): Promise<void> {
  if (purged.length === 0) return;
  const pairs = purged.map((entry) => and(eq(cdnPurgeTags.tag, entry.tag), eq(cdnPurgeTags.seq, entry.seq)));
  const free = db
    .select({ tag: cdnPurgeTags.tag })
    .from(cdnPurgeTags)
    .where(
      and(
        inArray(
          cdnPurgeTags.tag,
          purged.map((entry) => entry.tag),
        ),
        or(...pairs),
      ),
    )
    .for('update', { skipLocked: true });
  await db.delete(cdnPurgeTags).where(inArray(cdnPurgeTags.tag, free));
}

/** Without a CDN nothing is purged: what a former setting left waiting is dropped rather than kept forever. */
export async function dropPendingPurgeTags(db: Database): Promise<number> {
  const removed = await db.delete(cdnPurgeTags).returning({ tag: cdnPurgeTags.tag });
  return removed.length;
}
