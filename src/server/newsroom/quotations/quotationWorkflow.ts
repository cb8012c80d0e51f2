/**
 * The quotation workflow: the shared editorial workflow bound to the quotation format, plus the
 * scheduler's query. What the newsroom's HTTP layer and the scheduler call.
 */
import { and, asc, eq, lte } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { quotations } from '../../../db/schema.ts';
import { staffName } from '../articles/articleQueries.ts';
import { editorialWorkflow } from '../workflow/editorialWorkflow.ts';
import { quotationFormat } from './quotationFormat.ts';

export const quotationWorkflow = editorialWorkflow(quotationFormat, staffName);

/** The scheduler's pass: publishes every scheduled quotation whose time has come. Answers their ids. */
export async function publishDueQuotations(db: Database, now: Date): Promise<number[]> {
  const due = await db
    .select()
    .from(quotations)
    .where(and(eq(quotations.status, 'scheduled'), lte(quotations.scheduledAt, now)))
    .orderBy(asc(quotations.scheduledAt));
  return quotationWorkflow.publishDue(db, due, now);
}
