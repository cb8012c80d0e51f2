/**
 * The sync's own row (source_sync_state): its cursor, the first synchronisation's progress, the outage under
 * way. Written after every page of posts, so a synchronisation cut short resumes where it was.
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { frenchTime, PARIS } from '../../lib/frenchDates.ts';
import { type ImportSourceKind, sourceSyncState } from '../../db/schema.ts';

export type SyncStateRow = typeof sourceSyncState.$inferSelect;

export async function readSyncState(db: Database, source: ImportSourceKind): Promise<SyncStateRow> {
  await db.insert(sourceSyncState).values({ source }).onConflictDoNothing();
  const [row] = await db.select().from(sourceSyncState).where(eq(sourceSyncState.source, source));
  if (!row) throw new Error('source_sync_state row missing after insert');
  return row;
}

export async function saveSyncProgress(
  db: Database,
  source: ImportSourceKind,
  change: { cursor: string | null; postsDone: number; postsTotal?: number | null; firstSyncDone?: Date },
): Promise<void> {
  await db
    .update(sourceSyncState)
    .set({
      cursor: change.cursor,
      postsDone: change.postsDone,
      ...(change.postsTotal !== undefined ? { postsTotal: change.postsTotal } : {}),
      ...(change.firstSyncDone ? { firstSyncDoneAt: sql`coalesce(${sourceSyncState.firstSyncDoneAt}, ${change.firstSyncDone})` } : {}),
      updatedAt: new Date(),
    })
    .where(eq(sourceSyncState.source, source));
}

/** A pass that worked: the outage, if any, is over (returns since when it lasted, to say so once). */
export async function recordSyncSuccess(db: Database, source: ImportSourceKind, now: Date, reconciled: boolean): Promise<Date | null> {
  const [before] = await db
    .select({ failingSince: sourceSyncState.failingSince })
    .from(sourceSyncState)
    .where(eq(sourceSyncState.source, source));
  await db
    .update(sourceSyncState)
    .set({ lastSuccessAt: now, lastError: null, failingSince: null, updatedAt: now, ...(reconciled ? { lastReconcileAt: now } : {}) })
    .where(eq(sourceSyncState.source, source));
  return before?.failingSince ?? null;
}

/** A pass that failed: the first failure of an outage sets its start (true: the caller logs it, once). */
export async function recordSyncFailure(db: Database, source: ImportSourceKind, now: Date, message: string): Promise<boolean> {
  const [before] = await db
    .select({ failingSince: sourceSyncState.failingSince, lastError: sourceSyncState.lastError })
    .from(sourceSyncState)
    .where(eq(sourceSyncState.source, source));
  await db
    .update(sourceSyncState)
    .set({ lastError: message.slice(0, 500), failingSince: before?.failingSince ?? now, updatedAt: now })
    .where(eq(sourceSyncState.source, source));
  return !before?.failingSince;
}

/** « WordPress injoignable depuis 12:03 » for the newsroom; null while it answers. */
export function outageSentence(label: string, row: Pick<SyncStateRow, 'failingSince' | 'lastError'>, timeZone = PARIS): string | null {
  if (!row.failingSince) return null;
  const at = frenchTime(row.failingSince, timeZone);
  return `${label} injoignable depuis ${at}${row.lastError ? ` (${row.lastError})` : ''}`;
}

/** What the newsroom shows of the sync (the contract's SourceSyncDetail). */
export async function sourceSyncSummary(db: Database, source: ImportSourceKind, label: 'Ghost' | 'WordPress', timeZone = PARIS) {
  const [row] = await db.select().from(sourceSyncState).where(eq(sourceSyncState.source, source));
  const state = row ?? { firstSyncDoneAt: null, postsDone: 0, postsTotal: null, lastSuccessAt: null, failingSince: null, lastError: null };
  const outage = outageSentence(label, state, timeZone);
  const message =
    outage ??
    (state.firstSyncDoneAt
      ? `${label} : à jour${state.lastSuccessAt ? ` (dernier passage à ${frenchTime(state.lastSuccessAt, timeZone)})` : ''}`
      : `${label} : première synchronisation, ${state.postsDone} articles lus${state.postsTotal ? ` sur ${state.postsTotal}` : ''}`);
  return {
    label,
    firstSyncDone: state.firstSyncDoneAt !== null,
    postsDone: state.postsDone,
    postsTotal: state.postsTotal,
    lastSuccessAt: state.lastSuccessAt?.toISOString() ?? null,
    failingSince: state.failingSince?.toISOString() ?? null,
    message,
  };
}
