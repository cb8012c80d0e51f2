/**
 * The roll-up of old days (issue 37, "Cost"): every whole month that ended more than `rollupAfterDays` ago
 * is kept as one row per key, dated the month's first day, instead of one row per day. Same tables, same
 * keys: the report reads both without knowing (a period that contains a rolled month's first day counts the
 * whole month, which is what a 12-month or custom period over old data asks for), and 25 months of a large
 * magazine stay small because most old rows are a page's few views spread over many days.
 *
 * One statement per table: the month's rows are deleted and summed into its first day's row in the same
 * statement, so a crash leaves either the days or the month, never both nor neither; a month already rolled
 * has only its first day's row left, so running again changes nothing.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

/** The first day of the oldest month not rolled up: the month of `now` minus `days` (UTC). */
export function rollupBoundary(now: Date, days: number): string {
  const then = new Date(now.getTime() - days * 86_400_000);
  return new Date(Date.UTC(then.getUTCFullYear(), then.getUTCMonth(), 1)).toISOString().slice(0, 10);
}

/** Rolls the days of every month before `rollupBoundary(now, days)` into that month's first day. */
export async function rollUpAudience(db: Database, now: Date, days: number): Promise<void> {
  const boundary = rollupBoundary(now, days);
  const month = sql`date_trunc('month', day)::date`;
  const old = sql`day < ${boundary}::date and day <> ${month}`;
  await db.execute(sql`
    with moved as (delete from audience_pages where ${old} returning ${month} as day, path, views, visits)
    insert into audience_pages (day, path, views, visits)
    select day, path, sum(views), sum(visits) from moved group by day, path order by day, path
    on conflict (day, path) do update
      set views = audience_pages.views + excluded.views, visits = audience_pages.visits + excluded.visits`);
  await db.execute(sql`
    with moved as (delete from audience_sources where ${old} returning ${month} as day, path, dimension, value, hits)
    insert into audience_sources (day, path, dimension, value, hits)
    select day, path, dimension, value, sum(hits) from moved group by day, dimension, value, path order by day, dimension, value, path
    on conflict (day, dimension, value, path) do update set hits = audience_sources.hits + excluded.hits`);
  await db.execute(sql`
    with moved as (delete from audience_events where ${old} returning ${month} as day, path, kind, subject, step, count)
    insert into audience_events (day, path, kind, subject, step, count)
    select day, path, kind, subject, step, sum(count) from moved
    group by day, kind, subject, step, path order by day, kind, subject, step, path
    on conflict (day, kind, subject, step, path) do update set count = audience_events.count + excluded.count`);
}
