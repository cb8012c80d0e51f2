/** Mosaics through the editorial workflow: list, write, save, publish or schedule, revisions. */
import * as contract from '../../../api/generated/zod.ts';
import type { ApiHandlerTable } from '../../http/apiTypes.ts';
import type { NewsroomStatus } from '../../../db/schema.ts';
import { findMosaicRow, listAdminMosaics, toAdminMosaic } from '../mosaics/mosaicQueries.ts';
import { mosaicWorkflow, mosaicPreviews } from '../mosaics/mosaicWorkflow.ts';
import { editorialHandlers } from './editorialHandlers.ts';
import { type NewsroomDeps, newsroomMessages } from './newsroomHttp.ts';

export function mosaicHandlers(deps: NewsroomDeps) {
  return editorialHandlers(deps, {
    operations: {
      list: 'listAdminMosaics',
      create: 'createAdminMosaic',
      get: 'getAdminMosaic',
      update: 'updateAdminMosaic',
      status: 'changeAdminMosaicStatus',
      revisions: 'listMosaicRevisions',
      restore: 'restoreMosaicRevision',
      previewLink: 'createMosaicPreviewLink',
      preview: 'getMosaicPreview',
    },
    schemas: {
      listQuery: contract.ListAdminMosaicsQueryParams,
      id: contract.GetAdminMosaicParams,
      create: contract.CreateAdminMosaicBody,
      update: contract.UpdateAdminMosaicBody,
      status: contract.ChangeAdminMosaicStatusBody,
      restoreParams: contract.RestoreMosaicRevisionParams,
      restore: contract.RestoreMosaicRevisionBody,
    },
    workflow: mosaicWorkflow,
    find: findMosaicRow,
    toAdmin: toAdminMosaic,
    list: (db, page) => listAdminMosaics(db, { ...page, status: page.status as NewsroomStatus | undefined }),
    notFound: newsroomMessages.mosaic,
    thisItem: 'cette mosaïque',
    previews: { links: mosaicPreviews, token: contract.GetMosaicPreviewParams },
    createWhat: 'de créer une mosaïque',
  }) satisfies ApiHandlerTable;
}
