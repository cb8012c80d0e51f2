/**
 * npm run bench:search [-- --db=pglite|postgres --articles=100000 --rounds=20]
 * Seeds a large corpus, then prints p50/p95/p99 of GET /api/search handled by the server's own
 * API handler (in-process: server latency, without the HTTP socket) for a mix of French queries.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../../src/db/client.ts';
import { contentHandlers } from '../../src/server/http/contentApi.ts';
import { createTestApiHandler } from '../../src/testing/testApiHandler.ts';
import { seedDemoContent } from '../../src/server/seed/seedDemoContent.server.ts';
import { progressBar } from '../lib/progressBar.ts';
import { benchPostgresUrl, databasesFromArgs, numberArg } from './benchServer.ts';
import { QUERY_MIX } from './searchQueries.ts';

const argv = process.argv.slice(2);
const articles = numberArg(argv, 'articles', 100_000);
const rounds = numberArg(argv, 'rounds', 20);

async function openBenchDatabase(kind: 'pglite' | 'postgres'): Promise<[DatabaseHandle, () => Promise<void>]> {
  if (kind === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'piquante-search-'));
    const handle = await openDatabase({ kind: 'pglite', dataDir: dir });
    return [handle, async () => rmSync(dir, { recursive: true, force: true })];
  }
  const name = `piquante_search_${process.pid}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: benchPostgresUrl });
    await client.connect();
    await client.query(sql).finally(() => client.end());
  };
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(benchPostgresUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString() });
  return [handle, () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)];
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

const rows: string[] = [];
for (const kind of databasesFromArgs(argv)) {
  const [database, drop] = await openBenchDatabase(kind);
  try {
    console.log(`Seeding ${articles} articles into ${kind}…`);
    const bar = progressBar(articles, 'articles');
    await seedDemoContent(database.db, { articles, onProgress: (done) => bar.update(done) });
    bar.done();
    if (kind === 'postgres') await database.exec('ANALYZE');
    const handle = createTestApiHandler(database.db, contentHandlers);
    const run = async (q: string) => {
      const started = performance.now();
      const response = await handle(new Request(`http://bench/api/search?q=${encodeURIComponent(q)}`));
      await response.arrayBuffer();
      if (response.status !== 200 && q.length >= 3) throw new Error(`${q} answered ${response.status}`);
      return performance.now() - started;
    };
    for (const q of QUERY_MIX) await run(q); // warm-up
    const timings: number[] = [];
    for (let round = 0; round < rounds; round++) {
      for (const q of QUERY_MIX) timings.push(await run(q));
    }
    timings.sort((a, b) => a - b);
    const f = (n: number) => n.toFixed(1);
    rows.push(
      `| ${kind} | ${articles} | ${timings.length} | ${f(percentile(timings, 50))} | ${f(percentile(timings, 95))} | ${f(percentile(timings, 99))} |`,
    );
  } finally {
    await database.close();
    await drop();
  }
}
console.log(`\n/api/search, ${QUERY_MIX.length} queries × ${rounds} rounds, server latency (in-process handler)`);
console.log('| database | articles | requests | p50 (ms) | p95 (ms) | p99 (ms) |');
console.log('|---|---:|---:|---:|---:|---:|');
for (const row of rows) console.log(row);
