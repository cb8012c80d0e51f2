/** The Instagram feed through the editorial workflow: list, write, save, publish or schedule, revisions. */
import * as contract from '../../../api/generated/zod.ts';
import type { NewsroomStatus } from '../../../db/schema.ts';
import { instagramDeclaration } from '../../../formats/instagramFormat.ts';
import type { ApiHandlerTable } from '../../http/apiTypes.ts';
import { findInstagramRow, listAdminInstagramPosts, toAdminInstagramPost } from '../instagram/instagramQueries.ts';
import { instagramWorkflow, instagramPreviews } from '../instagram/instagramWorkflow.ts';
import { editorialHandlers } from './editorialHandlers.ts';
import { contractSchemas } from './editorialSchemas.ts';
import type { NewsroomDeps } from './newsroomHttp.ts';

export function instagramHandlers(deps: NewsroomDeps) {
  return editorialHandlers(deps, {
    declaration: instagramDeclaration,
    schemas: contractSchemas(instagramDeclaration.operations),
    workflow: instagramWorkflow,
    find: findInstagramRow,
    toAdmin: toAdminInstagramPost,
    list: (db, page) => listAdminInstagramPosts(db, { ...page, status: page.status as NewsroomStatus | undefined }),
    previews: { links: instagramPreviews, token: contract.GetInstagramPostPreviewParams },
  }) satisfies ApiHandlerTable;
}
