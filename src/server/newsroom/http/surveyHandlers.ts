/** What readers answered to the survey popins: totals per button, for editors. */
import * as contract from '../../../api/generated/zod.ts';
import type { ApiHandlerTable } from '../../http/apiTypes.ts';
import { parseParams, queryRecord } from '../../http/parseParams.ts';
import { surveySinceDay, tallySurveys } from '../../popinSurvey/popinSurveyAnswers.server.ts';
import { editors, type NewsroomDeps, noStore, staffOnly } from './newsroomHttp.ts';

export function surveyHandlers(deps: NewsroomDeps) {
  return {
    // Editors steer the magazine from these answers, as they run the categories and the media library;
    // contributors and authors write articles and have no use for the readers' votes.
    listSurveyResults: staffOnly(deps, editors, 'de lire les résultats des sondages', async (ctx) => {
      const query = parseParams(contract.ListSurveyResultsQueryParams, queryRecord(ctx.url), ['days']);
      if (!query.ok) return query.response;
      const since = surveySinceDay(query.value.days ?? null, deps.clock.now());
      return ctx.reply(200, { since, results: await tallySurveys(ctx.db, since) }, noStore);
    }),
  } satisfies ApiHandlerTable;
}
