/**
 * The handlers of every format on the editorial workflow, built in one place from each format's module
 * (`<format>Workflow.ts`: its declaration, contract schemas, workflow, admin shapes and previews). Joined
 * here to the API's table, so the compiler checks every step's body against its operation in the contract.
 */
import type { ApiHandlerTable } from '../../http/apiTypes.ts';
import { contestModule } from '../contests/contestWorkflow.ts';
import { generatorModule } from '../generators/generatorWorkflow.ts';
import { instagramModule } from '../instagram/instagramWorkflow.ts';
import { mosaicModule } from '../mosaics/mosaicWorkflow.ts';
import { popinModule } from '../popins/popinWorkflow.ts';
import { quizModule } from '../quizzes/quizWorkflow.ts';
import { quotationModule } from '../quotations/quotationWorkflow.ts';
import { shoppingModule } from '../shopping/shoppingWorkflow.ts';
import { editorialHandlers } from './editorialHandlers.ts';
import type { NewsroomDeps } from './newsroomHttp.ts';

export function formatHandlers(deps: NewsroomDeps) {
  return {
    ...editorialHandlers(deps, quizModule),
    ...editorialHandlers(deps, popinModule),
    ...editorialHandlers(deps, generatorModule),
    ...editorialHandlers(deps, quotationModule),
    ...editorialHandlers(deps, shoppingModule),
    ...editorialHandlers(deps, instagramModule),
    ...editorialHandlers(deps, mosaicModule),
    ...editorialHandlers(deps, contestModule),
  } satisfies ApiHandlerTable;
}
