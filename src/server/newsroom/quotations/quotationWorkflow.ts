/** The quotations' workflow, preview links to the footer's typewriter typing one, and the scheduler's pass. */
import { quotationDeclaration } from '../../../formats/quotationFormat.ts';
import { toQuotation } from '../../content/quotations.server.ts';
import { formatWorkflow } from '../workflow/formatWorkflow.ts';
import { quotationFormat } from './quotationFormat.ts';
import { quotationRows, toQuotationSummary } from './quotationQueries.ts';

const bound = formatWorkflow(quotationDeclaration, quotationRows, quotationFormat, {
  purpose: 'quotation',
  readerCopy: async (_db, row) => toQuotation(row),
  summary: toQuotationSummary,
});

export const {
  workflow: quotationWorkflow,
  previews: quotationPreviews,
  publishDue: publishDueQuotations,
  module: quotationModule,
} = bound;
