/**
 * A contest's entries in the newsroom (editors and admins: entrants' personal data): the counts and a page,
 * the CSV export, and the one draw of the winners after the closing.
 */
import * as contract from '../../../api/generated/zod.ts';
import type { Database } from '../../../db/client.ts';
import { countEntries, listEntries, toContestEntry } from '../../contests/contestEntries.server.ts';
import { contestEntriesCsv } from '../../contests/contestEntriesCsv.ts';
import { newSeed } from '../../contests/contestDraw.ts';
import { drawContest, findDraw, toContestDraw } from '../../contests/contestDraws.server.ts';
import type { ApiHandlerTable } from '../../http/apiTypes.ts';
import { parseParams, queryRecord } from '../../http/parseParams.ts';
import { errorJson, json } from '../../http/responses.ts';
import type { JobQueue } from '../../jobs/jobQueue.server.ts';
import { contestRows } from '../contests/contestQueries.ts';
import { editors, type NewsroomDeps, noStore, publicWrite, readBody, staffOnly, whenDone } from './newsroomHttp.ts';

const notFound = "Ce concours n'existe pas.";

export interface ContestEntryDeps {
  jobs: Pick<JobQueue, 'enqueue'>;
  /** The site's address, for the links of the winners' mails. */
  siteUrl: string;
}

async function contestOf(db: Database, params: Record<string, string>) {
  const id = parseParams(contract.ListContestEntriesParams, params, ['id']);
  if (!id.ok) return { ok: false as const, response: id.response };
  const row = await contestRows.find(db, id.value.id);
  if (!row) return { ok: false as const, response: errorJson(404, notFound) };
  return { ok: true as const, row };
}

export function contestEntryHandlers(deps: NewsroomDeps, entries: ContestEntryDeps) {
  return {
    listContestEntries: staffOnly(deps, editors, 'de voir les participations aux concours', async (ctx) => {
      const contest = await contestOf(ctx.db, ctx.params as Record<string, string>);
      if (!contest.ok) return contest.response;
      const query = parseParams(contract.ListContestEntriesQueryParams, queryRecord(ctx.url), ['limit', 'offset']);
      if (!query.ok) return query.response;
      const id = contest.row.id;
      const [counts, rows, draw] = await Promise.all([
        countEntries(ctx.db, id),
        listEntries(ctx.db, id, { limit: query.value.limit ?? 100, offset: query.value.offset ?? 0 }),
        findDraw(ctx.db, id),
      ]);
      return ctx.reply(
        200,
        { ...counts, results: rows.map(toContestEntry), draw: draw ? await toContestDraw(ctx.db, draw) : null },
        noStore,
      );
    }),
    exportContestEntries: staffOnly(deps, editors, 'd’exporter les participations aux concours', async (ctx) => {
      const contest = await contestOf(ctx.db, ctx.params as Record<string, string>);
      if (!contest.ok) return contest.response;
      const rows = await listEntries(ctx.db, contest.row.id, { limit: null, offset: 0 });
      return new Response(contestEntriesCsv(rows.map(toContestEntry)), {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="participations-${contest.row.url}.csv"`,
          'cache-control': 'no-store',
          'x-content-type-options': 'nosniff',
        },
      });
    }),
    drawContestWinners: staffOnly(deps, editors, 'de tirer au sort les gagnants d’un concours', async (ctx, session) => {
      const contest = await contestOf(ctx.db, ctx.params as Record<string, string>);
      if (!contest.ok) return contest.response;
      const body = await readBody(ctx, contract.DrawContestWinnersBody);
      if (!body.ok) return body.response;
      // The contest's page now names its winners: purged once the draw and the winners' mails committed.
      const result = await publicWrite(
        deps,
        ctx.db,
        (tx) =>
          drawContest(tx, entries.jobs, entries.siteUrl, {
            contest: contest.row,
            count: body.value.winners,
            seed: body.value.seed ?? newSeed(),
            who: { id: session.member.id, email: session.member.email },
            now: deps.clock.now(),
            retentionMonths: deps.config.contests.retentionMonths,
          }),
        whenDone,
      );
      if (!result.ok) return json({ error: 'conflict', message: result.message }, { status: 409, ...noStore });
      return ctx.reply(201, await toContestDraw(ctx.db, result.draw), noStore);
    }),
  } satisfies ApiHandlerTable;
}
