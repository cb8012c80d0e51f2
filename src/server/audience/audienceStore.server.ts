/**
 * The audience tables (migration 0027): batches added with one upsert per table, the purge of old days,
 * and the newsroom's report. Rows are totals per day; nothing here can name a reader.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { AudienceCount, AudienceDayPoint, AudienceFunnel, AudiencePage, AudienceReport } from '../../api/types.ts';
import type { Database } from '../../db/client.ts';
import { rowsOf } from '../../db/queryResults.ts';
import { audienceSettings } from './audienceSettings.ts';

export interface AudienceBatch {
  pages: { day: string; path: string; views: number; visits: number }[];
  sources: { day: string; path: string; dimension: string; value: string; hits: number }[];
  events: { day: string; path: string; kind: string; subject: string; step: number; count: number }[];
}

const json = (rows: unknown) => sql`${JSON.stringify(rows)}::jsonb`;

/**
 * One statement per table, rows in key order: two processes flushing at once lock the same rows in the same
 * order, so they wait for each other instead of deadlocking.
 */
export async function writeAudienceBatch(db: Database, batch: AudienceBatch): Promise<void> {
  const byKey =
    <T>(key: (row: T) => string) =>
    (a: T, b: T) =>
      key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;
  const pages = [...batch.pages].sort(byKey((r) => `${r.day} ${r.path}`));
  const sources = [...batch.sources].sort(byKey((r) => `${r.day} ${r.dimension} ${r.value} ${r.path}`));
  const events = [...batch.events].sort(byKey((r) => `${r.day} ${r.kind} ${r.subject} ${r.step} ${r.path}`));
  if (pages.length > 0)
    await db.execute(sql`
      insert into audience_pages (day, path, views, visits)
      select day, path, views, visits from jsonb_to_recordset(${json(pages)}) as x(day date, path text, views int, visits int)
      on conflict (day, path) do update
        set views = audience_pages.views + excluded.views, visits = audience_pages.visits + excluded.visits`);
  if (sources.length > 0)
    await db.execute(sql`
      insert into audience_sources (day, path, dimension, value, hits)
      select day, path, dimension, value, hits
        from jsonb_to_recordset(${json(sources)}) as x(day date, path text, dimension text, value text, hits int)
      on conflict (day, dimension, value, path) do update set hits = audience_sources.hits + excluded.hits`);
  if (events.length > 0)
    await db.execute(sql`
      insert into audience_events (day, path, kind, subject, step, count)
      select day, path, kind, subject, step, count
        from jsonb_to_recordset(${json(events)}) as x(day date, path text, kind text, subject text, step smallint, count int)
      on conflict (day, kind, subject, step, path) do update set count = audience_events.count + excluded.count`);
}

/** The first day kept: `months` months before `now`'s day (UTC). */
export function retentionCutoff(now: Date, months: number): string {
  const cutoff = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, now.getUTCDate()));
  return cutoff.toISOString().slice(0, 10);
}

/** Deletes every day older than the retention (the CNIL's 25 months). */
export async function purgeAudience(db: Database, now: Date, months: number): Promise<void> {
  const cutoff = retentionCutoff(now, months);
  for (const table of ['audience_pages', 'audience_sources', 'audience_events'])
    await db.execute(sql`delete from ${sql.identifier(table)} where day < ${cutoff}::date`);
}

export interface ReportScope {
  from: string;
  to: string;
  previousFrom: string;
  previousTo: string;
  /** One page, or null for the site. */
  path: string | null;
  /** The only paths this reader may see (a contributor's own articles), or null for all. */
  allowedPaths: string[] | null;
}

const DAY_MS = 86_400_000;
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

/** Every day from `from` to `to` (inclusive). */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += DAY_MS) days.push(dayOf(t));
  return days;
}

/** The period of the same length that ends the day before `from`. */
export function previousPeriod(from: string, to: string): { from: string; to: string } {
  const start = Date.parse(`${from}T00:00:00Z`);
  const length = Date.parse(`${to}T00:00:00Z`) - start + DAY_MS;
  return { from: dayOf(start - length), to: dayOf(start - DAY_MS) };
}

function pathFilter(scope: ReportScope, column: SQL = sql`path`): SQL {
  const parts: SQL[] = [];
  if (scope.path !== null) parts.push(sql`${column} = ${scope.path}`);
  if (scope.allowedPaths !== null) parts.push(sql`${column} in (select jsonb_array_elements_text(${json(scope.allowedPaths)}))`);
  return parts.length === 0 ? sql`true` : sql.join(parts, sql` and `);
}

const int = (value: unknown) => Number(value ?? 0);

async function dayPoints(db: Database, scope: ReportScope, from: string, to: string): Promise<AudienceDayPoint[]> {
  const rows = rowsOf<{ day: string; views: unknown; visits: unknown }>(
    await db.execute(sql`
      select to_char(day, 'YYYY-MM-DD') as day, sum(views) as views, sum(visits) as visits from audience_pages
      where day between ${from}::date and ${to}::date and ${pathFilter(scope)} group by day`),
  );
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return daysBetween(from, to).map((day) => ({ day, views: int(byDay.get(day)?.views), visits: int(byDay.get(day)?.visits) }));
}

const totalsOf = (points: AudienceDayPoint[]) => ({
  views: points.reduce((sum, p) => sum + p.views, 0),
  visits: points.reduce((sum, p) => sum + p.visits, 0),
});

async function topPages(db: Database, scope: ReportScope): Promise<AudiencePage[]> {
  const rows = rowsOf<{ path: string; views: unknown; visits: unknown; signups: unknown; title: string | null; category: string | null }>(
    await db.execute(sql`
      with counted as (
        select path, sum(views) as views, sum(visits) as visits from audience_pages
        where day between ${scope.from}::date and ${scope.to}::date and ${pathFilter(scope)}
        group by path order by sum(views) desc, path limit ${audienceSettings.reportRows}
      ), signups as (
        select path, sum(count) as signups from audience_events
        where kind = 'signup' and day between ${scope.from}::date and ${scope.to}::date and path in (select path from counted)
        group by path
      )
      select counted.path, counted.views, counted.visits, coalesce(signups.signups, 0) as signups,
             categories.name as category, case when categories.id is null then null else articles.title end as title
      from counted
      left join signups on signups.path = counted.path
      left join articles on articles.url = split_part(counted.path, '/', 3)
      left join categories on categories.id = articles.category_id and categories.slug = split_part(counted.path, '/', 2)
      order by counted.views desc, counted.path`),
  );
  return rows.map((row) => ({
    path: row.path,
    title: row.category === null ? null : row.title,
    category: row.category,
    views: int(row.views),
    visits: int(row.visits),
    signups: int(row.signups),
  }));
}

async function sourceCounts(db: Database, scope: ReportScope): Promise<Map<string, AudienceCount[]>> {
  const rows = rowsOf<{ dimension: string; value: string; count: unknown }>(
    await db.execute(sql`
      select dimension, value, sum(hits) as count from audience_sources
      where day between ${scope.from}::date and ${scope.to}::date and ${pathFilter(scope)}
      group by dimension, value order by sum(hits) desc, value`),
  );
  const byDimension = new Map<string, AudienceCount[]>();
  for (const row of rows) {
    const list = byDimension.get(row.dimension) ?? [];
    if (list.length < audienceSettings.reportRows) list.push({ value: row.value, count: int(row.count) });
    byDimension.set(row.dimension, list);
  }
  return byDimension;
}

type EventRow = { kind: string; subject: string; step: number; count: number };

async function eventCounts(db: Database, scope: ReportScope): Promise<EventRow[]> {
  const rows = rowsOf<{ kind: string; subject: string; step: unknown; count: unknown }>(
    await db.execute(sql`
      select kind, subject, step, sum(count) as count from audience_events
      where day between ${scope.from}::date and ${scope.to}::date and ${pathFilter(scope)}
      group by kind, subject, step`),
  );
  return rows.map((row) => ({ kind: row.kind, subject: row.subject, step: int(row.step), count: int(row.count) }));
}

function countsBy(rows: EventRow[], keep: (row: EventRow) => boolean): AudienceCount[] {
  const totals = new Map<string, number>();
  for (const row of rows) if (keep(row)) totals.set(row.subject, (totals.get(row.subject) ?? 0) + row.count);
  return [...totals]
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value))
    .slice(0, audienceSettings.reportRows);
}

const popinSteps = [
  ['popin-impression', 'affichages'],
  ['popin-click', 'clics'],
  ['popin-answer', 'réponses'],
  ['popin-signup', 'inscriptions'],
] as const;

function funnels(rows: EventRow[], prefix: string, steps: (subjectRows: EventRow[]) => AudienceCount[]): AudienceFunnel[] {
  const subjects = [...new Set(rows.filter((row) => row.kind.startsWith(prefix)).map((row) => row.subject))].sort();
  return subjects.map((subject) => ({
    subject,
    steps: steps(rows.filter((row) => row.subject === subject && row.kind.startsWith(prefix))),
  }));
}

const sumOf = (rows: EventRow[], keep: (row: EventRow) => boolean) => rows.filter(keep).reduce((sum, row) => sum + row.count, 0);

function quizSteps(rows: EventRow[]): AudienceCount[] {
  const questions = [...new Set(rows.filter((row) => row.kind === 'quiz-question').map((row) => row.step))].sort((a, b) => a - b);
  return [
    { value: 'débuts', count: sumOf(rows, (row) => row.kind === 'quiz-start') },
    ...questions.map((step) => ({
      value: `question ${step}`,
      count: sumOf(rows, (row) => row.kind === 'quiz-question' && row.step === step),
    })),
    { value: 'fins', count: sumOf(rows, (row) => row.kind === 'quiz-complete') },
  ];
}

/** The newsroom's report: the period, the one before, and every table of the Audience page. */
export async function audienceReport(db: Database, scope: ReportScope, withEvents: boolean): Promise<AudienceReport> {
  const days = await dayPoints(db, scope, scope.from, scope.to);
  const previousDays = await dayPoints(db, scope, scope.previousFrom, scope.previousTo);
  const pages = await topPages(db, scope);
  const sources = await sourceCounts(db, scope);
  const events = withEvents ? await eventCounts(db, scope) : [];
  return {
    from: scope.from,
    to: scope.to,
    previousFrom: scope.previousFrom,
    previousTo: scope.previousTo,
    path: scope.path,
    totals: totalsOf(days),
    previousTotals: totalsOf(previousDays),
    days,
    previousDays,
    pages,
    referrers: sources.get('referrer') ?? [],
    sources: sources.get('source') ?? [],
    mediums: sources.get('medium') ?? [],
    campaigns: sources.get('campaign') ?? [],
    devices: sources.get('device') ?? [],
    searches: countsBy(events, (row) => row.kind === 'search'),
    searchesWithoutResult: countsBy(events, (row) => row.kind === 'search' && row.step === 0),
    signups: countsBy(events, (row) => row.kind === 'signup'),
    popins: funnels(events, 'popin-', (rows) =>
      popinSteps.map(([kind, value]) => ({ value, count: sumOf(rows, (row) => row.kind === kind) })),
    ),
    quizzes: funnels(events, 'quiz-', quizSteps),
    repartee: countsBy(events, (row) => row.kind === 'repartee-draw'),
  };
}
