/**
 * The addresses whose page changed and that the search engines have not been told of yet (decision 031).
 * Written in the transaction of the change (a publication, a save, a move, a withdrawal): committed together,
 * so a crash after the commit loses no address; the `indexnow.ping` job reads and clears them.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { indexNowUrls } from '../../../db/schema.ts';

export interface ChangedPath {
  path: string;
  changedAt: Date;
}

/** Site-relative addresses (`/rubrique/slug`); a path noted twice keeps its latest change. */
export async function noteChangedPaths(db: Database, paths: readonly string[], now: Date): Promise<void> {
  const unique = [...new Set(paths)];
  if (unique.length === 0) return;
  await db
    .insert(indexNowUrls)
    .values(unique.map((path) => ({ path, changedAt: now })))
    .onConflictDoUpdate({ target: indexNowUrls.path, set: { changedAt: sql`excluded.changed_at` } });
}

/** The oldest changes first, at most `limit` (one IndexNow request's worth). */
export async function pendingPaths(db: Database, limit: number): Promise<ChangedPath[]> {
  return db
    .select({ path: indexNowUrls.path, changedAt: indexNowUrls.changedAt })
    .from(indexNowUrls)
    .orderBy(asc(indexNowUrls.changedAt), asc(indexNowUrls.path))
    .limit(limit);
}

/**
 * Clears what a ping carried. A path changed again since it was read keeps its row: the engines are told of
 * that later change by the next ping.
 */
export async function clearSentPaths(db: Database, sent: readonly ChangedPath[]): Promise<void> {
  if (sent.length === 0) return;
  await db.transaction(async (tx) => {
    const byTime = new Map<number, string[]>();
    for (const entry of sent) {
      const at = entry.changedAt.getTime();
      byTime.set(at, [...(byTime.get(at) ?? []), entry.path]);
    }
    for (const [at, paths] of byTime) {
      await tx.delete(indexNowUrls).where(and(inArray(indexNowUrls.path, paths), eq(indexNowUrls.changedAt, new Date(at))));
    }
  });
}

/** Without an endpoint nothing is sent: what waits is dropped at boot rather than kept forever. */
export async function dropPendingPaths(db: Database): Promise<void> {
  await db.delete(indexNowUrls);
}
