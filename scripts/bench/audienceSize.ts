/**
 * npm run bench:audience-size [-- --db=pglite|postgres --articles=100000 --days=105 --months=22]
 *
 * What 25 months of audience take for a large magazine (issue 37, "Cost"), once rolled up: `days` days kept
 * per day (the last 90 days and the rest of their first month) and `months` older months one row per key.
 * Sparse like a real magazine: article n is read on a given day with probability 3000 / (n + 3000), so the
 * newest few thousand are read daily and most of the archive a few times a month, with views falling off in the
 * same way. Each page-day also has its device rows and, one in three, a referrer; the features' events are a
 * few hundred a day. Prints each table's rows and `pg_total_relation_size` (indexes included), and what the
 * same 25 months would take kept per day, extrapolated from the daily part's bytes per row.
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../src/db/client.ts';
import { rowsOf } from '../../src/db/queryResults.ts';
import { type BenchDatabase, databasesFromArgs, numberArg, prepareBenchDatabase } from './benchServer.ts';

const argv = process.argv.slice(2);
const articles = numberArg(argv, 'articles', 100_000);
const days = numberArg(argv, 'days', 105);
const months = numberArg(argv, 'months', 22);
const TABLES = ['audience_pages', 'audience_sources', 'audience_events'] as const;

/** Pages read per period: `periods` dates from `first`, each article with its chance over a period of `length` days. */
function fill(first: string, periods: number, step: string, length: number) {
  const read = sql`1 - power(1 - 3000.0 / (a + 3000), ${length})`;
  return sql`
    create temporary table read_pages as
    select (${first}::date + (p * ${sql.raw(`interval '${step}'`)}))::date as day, '/rubrique/article-' || a as path,
           1 + floor(random() * ${length} * 20000.0 / (a + 200))::int as views
    from generate_series(0, ${periods - 1}) p, generate_series(1, ${articles}) a
    where random() < ${read}`;
}

async function filled(kind: BenchDatabase) {
  const database = await prepareBenchDatabase(kind, 1);
  const handle =
    kind === 'pglite'
      ? await openDatabase({ kind: 'pglite', dataDir: String(database.env.DATA_DIR) })
      : await openDatabase({ kind: 'postgres', url: String(database.env.DATABASE_URL) });
  const { db } = handle;
  try {
    const today = new Date().toISOString().slice(0, 10);
    const firstDay = new Date(Date.now() - (days - 1) * 86_400_000).toISOString().slice(0, 10);
    const firstMonth = new Date(Date.UTC(new Date(firstDay).getUTCFullYear(), new Date(firstDay).getUTCMonth() - months, 1))
      .toISOString()
      .slice(0, 10);
    const started = performance.now();
    const parts = [
      { what: 'daily', first: firstDay, periods: days, step: '1 day', length: 1 },
      { what: 'monthly', first: firstMonth, periods: months, step: '1 month', length: 30 },
    ];
    const perPart: Record<string, Record<string, number>> = {};
    for (const part of parts) {
      await db.execute(sql`drop table if exists read_pages`);
      await db.execute(fill(part.first, part.periods, part.step, part.length));
      const before = await sizes(db);
      await db.execute(sql`
        insert into audience_pages (day, path, views, visits)
        select day, path, views, greatest(1, views / 3) from read_pages`);
      await db.execute(sql`
        insert into audience_sources (day, path, dimension, value, hits)
        select day, path, 'device', 'mobile', greatest(1, views * 6 / 10) from read_pages
        union all select day, path, 'device', 'desktop', views / 3 from read_pages where views >= 3
        union all select day, path, 'referrer', 'www.google.com', greatest(1, views / 4) from read_pages where random() < 0.33`);
      await db.execute(sql`
        insert into audience_events (day, path, kind, subject, step, count)
        select day, path, 'search', 'recherche ' || (abs(hashtext(path)) % 500), 0, 1 from read_pages
        where random() < ${part.length === 1 ? 0.03 : 0.01}
        on conflict do nothing`);
      const after = await sizes(db);
      perPart[part.what] = Object.fromEntries(
        TABLES.flatMap((t) => [
          [`${t} rows`, (after[t]?.rows ?? 0) - (before[t]?.rows ?? 0)],
          [`${t} bytes`, (after[t]?.bytes ?? 0) - (before[t]?.bytes ?? 0)],
        ]),
      );
    }
    if (kind === 'postgres') await db.execute(sql`vacuum analyze audience_pages, audience_sources, audience_events`);
    const total = await sizes(db);
    console.log(
      `\n${kind}: ${articles} articles, ${days} days per day up to ${today} and ${months} months before, filled in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
    console.table(
      TABLES.map((t) => ({
        table: t,
        rows: total[t]?.rows,
        'size (MB)': mb(total[t]?.bytes ?? 0),
        'kept per day for 25 months (MB, extrapolated)': mb(((perPart.daily?.[`${t} bytes`] ?? 0) / days) * 760),
      })),
    );
    const all = TABLES.reduce((sum, t) => sum + (total[t]?.bytes ?? 0), 0);
    const unrolled = TABLES.reduce((sum, t) => sum + ((perPart.daily?.[`${t} bytes`] ?? 0) / days) * 760, 0);
    console.log(`Total: ${mb(all)} MB rolled up; ${mb(unrolled)} MB if every day were kept (extrapolated).`);
  } finally {
    await handle.close();
    await database.drop();
  }
}

const mb = (bytes: number) => Math.round(bytes / 1e5) / 10;

async function sizes(db: Awaited<ReturnType<typeof openDatabase>>['db']) {
  const out: Record<string, { rows: number; bytes: number }> = {};
  for (const table of TABLES) {
    const [row] = rowsOf<{ rows: unknown; bytes: unknown }>(
      await db.execute(
        sql`select (select count(*) from ${sql.identifier(table)}) as rows, pg_total_relation_size(${table}::regclass) as bytes`,
      ),
    );
    out[table] = { rows: Number(row?.rows ?? 0), bytes: Number(row?.bytes ?? 0) };
  }
  return out;
}

for (const kind of databasesFromArgs(argv)) await filled(kind);
