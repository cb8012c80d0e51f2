/** The footer's quotations through the editorial workflow: list, write, save, publish or schedule, revisions, preview. */
import * as contract from '../../../api/generated/zod.ts';
import type { NewsroomStatus } from '../../../db/schema.ts';
import { quotationDeclaration } from '../../../formats/quotationFormat.ts';
import type { ApiHandlerTable } from '../../http/apiTypes.ts';
import { findQuotationRow, listAdminQuotations, toAdminQuotation } from '../quotations/quotationQueries.ts';
import { quotationPreviews, quotationWorkflow } from '../quotations/quotationWorkflow.ts';
import { editorialHandlers } from './editorialHandlers.ts';
import { contractSchemas } from './editorialSchemas.ts';
import type { NewsroomDeps } from './newsroomHttp.ts';

export function quotationHandlers(deps: NewsroomDeps) {
  return editorialHandlers(deps, {
    declaration: quotationDeclaration,
    schemas: contractSchemas(quotationDeclaration.operations),
    workflow: quotationWorkflow,
    find: findQuotationRow,
    toAdmin: toAdminQuotation,
    list: (db, page) => listAdminQuotations(db, { ...page, status: page.status as NewsroomStatus | undefined }),
    previews: { links: quotationPreviews, token: contract.GetQuotationPreviewParams },
  }) satisfies ApiHandlerTable;
}
