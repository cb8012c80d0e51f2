/** Mosaics through the editorial workflow: list, write, save, publish or schedule, revisions. */
import * as contract from '../../../api/generated/zod.ts';
import { mosaicDeclaration } from '../../../formats/mosaicFormat.ts';
import type { ApiHandlerTable } from '../../http/apiTypes.ts';
import type { NewsroomStatus } from '../../../db/schema.ts';
import { findMosaicRow, listAdminMosaics, toAdminMosaic } from '../mosaics/mosaicQueries.ts';
import { mosaicWorkflow, mosaicPreviews } from '../mosaics/mosaicWorkflow.ts';
import { editorialHandlers } from './editorialHandlers.ts';
import { contractSchemas } from './editorialSchemas.ts';
import type { NewsroomDeps } from './newsroomHttp.ts';

export function mosaicHandlers(deps: NewsroomDeps) {
  return editorialHandlers(deps, {
    declaration: mosaicDeclaration,
    schemas: contractSchemas(mosaicDeclaration.operations),
    workflow: mosaicWorkflow,
    find: findMosaicRow,
    toAdmin: toAdminMosaic,
    list: (db, page) => listAdminMosaics(db, { ...page, status: page.status as NewsroomStatus | undefined }),
    previews: { links: mosaicPreviews, token: contract.GetMosaicPreviewParams },
  }) satisfies ApiHandlerTable;
}
