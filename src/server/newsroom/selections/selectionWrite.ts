/**
 * How the newsroom saves a selection (the best-of): a list saved whole rather than a document with drafts. Their version is a fingerprint of the list as read, so two editors saving at once
 * cannot overwrite each other (409), and a save takes its selection's lock so that they take turns.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../../db/client.ts';
import { type NewsroomResult, refused } from '../newsroomResult.ts';

/** 16 hex digits standing for the list's content, in order. */
export function selectionVersion(parts: readonly string[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 16);
}

const staleMessage = (what: string) => `Quelqu’un a modifié ${what} entre-temps : rechargez la page, rien n’a été écrasé.`;

/**
 * Runs `write` in a transaction holding the selection's lock, if the selection is still the version the editor
 * read (`basedOn`); otherwise a 409 naming `what` (« la sélection »), and nothing written.
 */
export function writeSelection<T>(
  db: Database,
  selection: { lock: number; what: string; versionOf: (tx: Database) => Promise<string> },
  basedOn: string,
  write: (tx: Transaction) => Promise<NewsroomResult<T>>,
): Promise<NewsroomResult<T>> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${selection.lock})`);
    if ((await selection.versionOf(tx)) !== basedOn) return refused.taken(staleMessage(selection.what));
    return write(tx);
  });
}
