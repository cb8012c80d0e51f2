/** Proofs of consent: written once per choice, read only by the operator's export. */
import { asc, gt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { consentRecords } from '../../db/schema.ts';

export type ConsentChoice = Omit<typeof consentRecords.$inferInsert, 'id' | 'recordedAt'>;

export async function saveConsentRecord(db: Database, choice: ConsentChoice, at: Date): Promise<Date> {
  const [row] = await db
    .insert(consentRecords)
    .values({ ...choice, recordedAt: at })
    .returning({ recordedAt: consentRecords.recordedAt });
  return row?.recordedAt ?? at;
}

export type ConsentRecordRow = typeof consentRecords.$inferSelect;

/** Every record after `afterId`, oldest first, a page at a time (the export streams them). */
export async function listConsentRecords(db: Database, afterId: number, limit: number): Promise<ConsentRecordRow[]> {
  return db.select().from(consentRecords).where(gt(consentRecords.id, afterId)).orderBy(asc(consentRecords.id)).limit(limit);
}
