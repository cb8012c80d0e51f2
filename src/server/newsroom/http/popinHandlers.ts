/** Marketing popins through the editorial workflow (editorialHandlers), and their signed preview links. */
import * as contract from '../../../api/generated/zod.ts';
import type { NewsroomStatus } from '../../../db/schema.ts';
import { popinDeclaration } from '../../../formats/popinFormat.ts';
import type { ApiHandlerTable } from '../../http/apiTypes.ts';
import { findPopinRow, listAdminPopins, toAdminPopin } from '../popins/popinQueries.ts';
import { popinPreviews, popinWorkflow } from '../popins/popinWorkflow.ts';
import { editorialHandlers } from './editorialHandlers.ts';
import { contractSchemas } from './editorialSchemas.ts';
import type { NewsroomDeps } from './newsroomHttp.ts';

export function popinHandlers(deps: NewsroomDeps) {
  return editorialHandlers(deps, {
    declaration: popinDeclaration,
    schemas: contractSchemas(popinDeclaration.operations),
    workflow: popinWorkflow,
    find: findPopinRow,
    toAdmin: toAdminPopin,
    list: (db, page) => listAdminPopins(db, { ...page, status: page.status as NewsroomStatus | undefined }),
    previews: { links: popinPreviews, token: contract.GetPopinPreviewParams },
  }) satisfies ApiHandlerTable;
}
