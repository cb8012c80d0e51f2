/** What the team reads about itself and its readers: the audit log (admins) and survey totals (editors). */
import * as contract from '../../../api/generated/zod.ts';
import type { ApiHandlerTable } from '../../http/apiTypes.ts';
import { parseParams, queryRecord } from '../../http/parseParams.ts';
import { json } from '../../http/responses.ts';
import { surveySinceDay, tallySurveys } from '../../popinSurvey/popinSurveyAnswers.server.ts';
import { listAudit } from '../audit.server.ts';
import { admins, editors, type NewsroomDeps, noStore, staffOnly } from './newsroomHttp.ts';

export function auditHandlers(deps: NewsroomDeps) {
  return {
    listAuditLog: staffOnly(deps, admins, 'de lire le journal', async (ctx) => {
      const query = parseParams(contract.ListAuditLogQueryParams, queryRecord(ctx.url), ['limit', 'offset']);
      if (!query.ok) return query.response;
      return json({ results: await listAudit(ctx.db, { limit: query.value.limit ?? 50, offset: query.value.offset ?? 0 }) }, noStore);
    }),
    // Editors steer the magazine from these answers, as they run the categories and the media library;
    // contributors and authors write articles and have no use for the readers' votes.
    listSurveyResults: staffOnly(deps, editors, 'de lire les résultats des sondages', async (ctx) => {
      const query = parseParams(contract.ListSurveyResultsQueryParams, queryRecord(ctx.url), ['days']);
      if (!query.ok) return query.response;
      const since = surveySinceDay(query.value.days ?? null, deps.clock.now());
      return json({ since, results: await tallySurveys(ctx.db, since) }, noStore);
    }),
  } satisfies ApiHandlerTable;
}
