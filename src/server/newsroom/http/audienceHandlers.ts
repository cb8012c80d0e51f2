/**
 * GET /api/admin/audience (openapi/resources/newsroom/audience.yaml): the Audience page's figures. Editors and
 * admins read the whole site; other roles read their own articles only, and no site-wide events. Pending
 * counters are written first, so the page shows every beacon this process has answered.
 */
import { eq, sql } from 'drizzle-orm';
import * as contract from '../../../api/generated/zod.ts';
import type { Database } from '../../../db/client.ts';
import { categories, newsroomArticles } from '../../../db/schema.ts';
import type { ApiHandlerTable } from '../../http/apiTypes.ts';
import { parseParams, queryRecord } from '../../http/parseParams.ts';
import { errorJson } from '../../http/responses.ts';
import { type NewsroomDeps, noStore, readsEverything, staffOnly } from './newsroomHttp.ts';
import { countedPath } from '../../audience/audienceInput.ts';
import type { AudienceRecorder } from '../../audience/audienceRecorder.ts';
import { audienceSettings } from '../../audience/audienceSettings.ts';
import { audienceReport, previousPeriod } from '../../audience/audienceStore.server.ts';

export const audienceReportMessages = {
  day: (field: string) => `Le paramètre « ${field} » doit être une date (AAAA-MM-JJ).`,
  order: 'Le premier jour doit précéder le dernier.',
  tooLong: `La période ne peut dépasser ${audienceSettings.maxReportDays} jours.`,
  notYours: "Vous ne pouvez lire l'audience que de vos propres articles.",
} as const;

const isDay = (value: string) => {
  const time = Date.parse(`${value}T00:00:00Z`);
  return Number.isFinite(time) && new Date(time).toISOString().slice(0, 10) === value;
};

/** The public paths of the articles a member created (`/{category}/{slug}`). */
async function ownArticlePaths(db: Database, memberId: number): Promise<string[]> {
  const rows = await db
    .select({ path: sql<string>`'/' || ${categories.slug} || '/' || ${newsroomArticles.slug}` })
    .from(newsroomArticles)
    .innerJoin(categories, eq(categories.id, newsroomArticles.categoryId))
    .where(eq(newsroomArticles.createdBy, memberId));
  return rows.map((row) => row.path);
}

export function audienceReportHandlers(deps: NewsroomDeps, recorder: AudienceRecorder) {
  return {
    getAudienceReport: staffOnly(deps, null, "de lire l'audience", async (ctx, session) => {
      const query = parseParams(contract.GetAudienceReportQueryParams, queryRecord(ctx.url));
      if (!query.ok) return query.response;
      const { from, to } = query.value;
      for (const [field, value] of [
        ['from', from],
        ['to', to],
      ] as const) {
        if (!isDay(value)) return errorJson(400, audienceReportMessages.day(field), { [field]: audienceReportMessages.day(field) });
      }
      if (from > to) return errorJson(400, audienceReportMessages.order, { from: audienceReportMessages.order });
      if ((Date.parse(to) - Date.parse(from)) / 86_400_000 >= audienceSettings.maxReportDays)
        return errorJson(400, audienceReportMessages.tooLong, { to: audienceReportMessages.tooLong });
      const path = query.value.path === undefined ? null : countedPath(query.value.path);
      const everything = readsEverything(session.member);
      const allowedPaths = everything ? null : await ownArticlePaths(ctx.db, session.member.id);
      if (allowedPaths !== null && path !== null && !allowedPaths.includes(path)) return errorJson(403, audienceReportMessages.notYours);
      await recorder.flush(ctx.db);
      const previous = previousPeriod(from, to);
      const scope = { from, to, previousFrom: previous.from, previousTo: previous.to, path, allowedPaths };
      return ctx.reply(200, await audienceReport(ctx.db, scope, everything), noStore);
    }),
  } satisfies ApiHandlerTable;
}
