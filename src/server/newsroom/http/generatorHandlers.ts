/** Repartee generators through the editorial workflow: list, write, save, publish or schedule, revisions. */
import * as contract from '../../../api/generated/zod.ts';
import type { NewsroomStatus } from '../../../db/schema.ts';
import { generatorDeclaration } from '../../../formats/generatorFormat.ts';
import type { ApiHandlerTable } from '../../http/apiTypes.ts';
import { findGeneratorRow, listAdminGenerators, toAdminGenerator } from '../generators/generatorQueries.ts';
import { generatorWorkflow, generatorPreviews } from '../generators/generatorWorkflow.ts';
import { editorialHandlers } from './editorialHandlers.ts';
import { contractSchemas } from './editorialSchemas.ts';
import type { NewsroomDeps } from './newsroomHttp.ts';

export function generatorHandlers(deps: NewsroomDeps) {
  return editorialHandlers(deps, {
    declaration: generatorDeclaration,
    schemas: contractSchemas(generatorDeclaration.operations),
    workflow: generatorWorkflow,
    find: findGeneratorRow,
    toAdmin: toAdminGenerator,
    list: (db, page) => listAdminGenerators(db, { ...page, status: page.status as NewsroomStatus | undefined }),
    previews: { links: generatorPreviews, token: contract.GetGeneratorPreviewParams },
  }) satisfies ApiHandlerTable;
}
