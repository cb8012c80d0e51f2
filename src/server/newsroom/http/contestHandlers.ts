/** Contests through the editorial workflow: list, write, save, publish or schedule, revisions. */
import * as contract from '../../../api/generated/zod.ts';
import type { NewsroomStatus } from '../../../db/schema.ts';
import { contestDeclaration } from '../../../formats/contestFormat.ts';
import type { ApiHandlerTable } from '../../http/apiTypes.ts';
import { findContestRow, listAdminContests, toAdminContest } from '../contests/contestQueries.ts';
import { contestWorkflow, contestPreviews } from '../contests/contestWorkflow.ts';
import { editorialHandlers } from './editorialHandlers.ts';
import { contractSchemas } from './editorialSchemas.ts';
import type { NewsroomDeps } from './newsroomHttp.ts';

export function contestHandlers(deps: NewsroomDeps) {
  return editorialHandlers(deps, {
    declaration: contestDeclaration,
    schemas: contractSchemas(contestDeclaration.operations),
    workflow: contestWorkflow,
    find: findContestRow,
    toAdmin: (db, row) => toAdminContest(db, row),
    list: (db, page) => listAdminContests(db, { ...page, status: page.status as NewsroomStatus | undefined }),
    previews: { links: contestPreviews, token: contract.GetContestPreviewParams },
  }) satisfies ApiHandlerTable;
}
