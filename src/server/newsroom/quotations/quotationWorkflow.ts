/**
 * The quotation workflow: the shared editorial workflow bound to the quotation format, plus the
 * scheduler's query. What the newsroom's HTTP layer and the scheduler call.
 */
import type { Database } from '../../../db/client.ts';
import { quotationDeclaration } from '../../../formats/quotationFormat.ts';
import { toQuotation } from '../../content/quotations.server.ts';
import { staffName } from '../articles/articleQueries.ts';
import { editorialWorkflow } from '../workflow/editorialWorkflow.ts';
import { previewLinks } from '../workflow/previewLinks.ts';
import { quotationFormat } from './quotationFormat.ts';
import { quotationRows } from './quotationQueries.ts';

export const quotationWorkflow = editorialWorkflow(quotationFormat, staffName);

/** Signed links to the footer's typewriter typing it (`/apercu-citation/{token}`): whoever may read it may share it. */
export const quotationPreviews = previewLinks({
  entity: quotationDeclaration.entity,
  purpose: 'quotation',
  find: quotationRows.find,
  pageOf: (_row, token) => `${quotationDeclaration.previewPath}${token}`,
  readerCopy: async (_db, row) => toQuotation(row),
});

/** The scheduler's pass: publishes every scheduled quotation whose time has come. Answers their ids. */
export async function publishDueQuotations(db: Database, now: Date): Promise<number[]> {
  return quotationWorkflow.publishDue(db, await quotationRows.due(db, now), now);
}
