/**
 * The quotation workflow: the shared editorial workflow bound to the quotation format, plus the
 * scheduler's query. What the newsroom's HTTP layer and the scheduler call.
 */
import { and, asc, eq, lte } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { quotations } from '../../../db/schema.ts';
import { staffName } from '../articles/articleQueries.ts';
import { editorialWorkflow } from '../workflow/editorialWorkflow.ts';
import { previewLinks } from '../workflow/previewLinks.ts';
import { findQuotationRow } from './quotationQueries.ts';
import { toQuotation } from '../../content/quotations.server.ts';
import { quotationFormat } from './quotationFormat.ts';

export const quotationWorkflow = editorialWorkflow(quotationFormat, staffName);

/** Signed links to the footer's typewriter typing it (`/apercu-citation/{token}`): whoever may read it may share it. */
export const quotationPreviews = previewLinks({
  entity: 'quotation',
  purpose: 'quotation',
  find: findQuotationRow,
  pageOf: (_row, token) => `/apercu-citation/${token}`,
  readerCopy: async (_db, row) => toQuotation(row),
});

/** The scheduler's pass: publishes every scheduled quotation whose time has come. Answers their ids. */
export async function publishDueQuotations(db: Database, now: Date): Promise<number[]> {
  const due = await db
    .select()
    .from(quotations)
    .where(and(eq(quotations.status, 'scheduled'), lte(quotations.scheduledAt, now)))
    .orderBy(asc(quotations.scheduledAt));
  return quotationWorkflow.publishDue(db, due, now);
}
