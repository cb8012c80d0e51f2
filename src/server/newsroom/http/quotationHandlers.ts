/** The footer's quotations through the editorial workflow: list, write, save, publish or schedule, revisions, preview. */
import * as contract from '../../../api/generated/zod.ts';
import type { NewsroomStatus } from '../../../db/schema.ts';
import { quotationDeclaration } from '../../../formats/quotationFormat.ts';
import type { ApiHandlerTable } from '../../http/apiTypes.ts';
import { findQuotationRow, listAdminQuotations, toAdminQuotation } from '../quotations/quotationQueries.ts';
import { quotationPreviews, quotationWorkflow } from '../quotations/quotationWorkflow.ts';
import { editorialHandlers } from './editorialHandlers.ts';
import type { NewsroomDeps } from './newsroomHttp.ts';

export function quotationHandlers(deps: NewsroomDeps) {
  return editorialHandlers(deps, {
    declaration: quotationDeclaration,
    schemas: {
      listQuery: contract.ListAdminQuotationsQueryParams,
      id: contract.GetAdminQuotationParams,
      create: contract.CreateAdminQuotationBody,
      update: contract.UpdateAdminQuotationBody,
      status: contract.ChangeAdminQuotationStatusBody,
      restoreParams: contract.RestoreQuotationRevisionParams,
      restore: contract.RestoreQuotationRevisionBody,
    },
    workflow: quotationWorkflow,
    find: findQuotationRow,
    toAdmin: toAdminQuotation,
    list: (db, page) => listAdminQuotations(db, { ...page, status: page.status as NewsroomStatus | undefined }),
    previews: { links: quotationPreviews, token: contract.GetQuotationPreviewParams },
  }) satisfies ApiHandlerTable;
}
