/** The footer's quotations through the editorial workflow: list, write, save, publish or schedule, revisions. */
import * as contract from '../../../api/generated/zod.ts';
import type { NewsroomStatus } from '../../../db/schema.ts';
import type { ApiHandlerTable } from '../../http/apiTypes.ts';
import { findQuotationRow, listAdminQuotations, toAdminQuotation } from '../quotations/quotationQueries.ts';
import { quotationWorkflow, quotationPreviews } from '../quotations/quotationWorkflow.ts';
import { editorialHandlers } from './editorialHandlers.ts';
import type { NewsroomDeps } from './newsroomHttp.ts';

export function quotationHandlers(deps: NewsroomDeps) {
  return editorialHandlers(deps, {
    operations: {
      list: 'listAdminQuotations',
      create: 'createAdminQuotation',
      get: 'getAdminQuotation',
      update: 'updateAdminQuotation',
      status: 'changeAdminQuotationStatus',
      revisions: 'listQuotationRevisions',
      restore: 'restoreQuotationRevision',
      previewLink: 'createQuotationPreviewLink',
      preview: 'getQuotationPreview',
    },
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
    notFound: 'Cette citation est introuvable.',
    thisItem: 'cette citation',
    previews: { links: quotationPreviews, token: contract.GetQuotationPreviewParams },
    createWhat: 'de créer une citation',
  }) satisfies ApiHandlerTable;
}
