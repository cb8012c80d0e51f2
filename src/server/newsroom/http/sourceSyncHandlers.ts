/** Where the copy of the live source stands (issue 35), for the newsroom: progress, last pass, the outage under way. */
import type { ApiHandlerTable } from '../../http/apiTypes.ts';
import { sourceSyncSummary } from '../../sources/syncState.ts';
import { type NewsroomDeps, noStore, staffOnly } from './newsroomHttp.ts';

export function sourceSyncHandlers(deps: NewsroomDeps) {
  return {
    getSourceSync: staffOnly(deps, null, '', async (ctx) => {
      const source = deps.liveSource ? await sourceSyncSummary(ctx.db, deps.liveSource.kind, deps.liveSource.label) : null;
      return ctx.reply(200, { source }, noStore);
    }),
  } satisfies ApiHandlerTable;
}
