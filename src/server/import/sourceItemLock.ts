import { sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';

/**
 * Serialises the writers of one live source's item (issue 35: a webhook in one process, a pass in another) until
 * the transaction ends, so the copy each reads under it is the last committed one. An advisory lock rather than
 * only `FOR UPDATE`: a post not yet copied has no row to lock.
 */
export async function lockSourceItem(tx: Transaction, source: string, sourceId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`source-item:${source}:${sourceId}`}, 0))`);
}
