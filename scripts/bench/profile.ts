/**
 * npm run bench:profile [-- --page=hit|article|home|category --db=postgres|pglite --seconds=8 --articles=500]
 * Where a request's CPU goes (issue 22): serves the production build under `node --cpu-prof` (WORKERS=1; page
 * cache off for renders, on for `hit`), loads it with wrk for a few seconds after a warm-up, stops the server
 * and prints the profile's self time by function (top 40) and by package. The `.cpuprofile` stays in
 * the printed directory for Chrome's DevTools.
 */
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { articlePaths, type BenchDatabase, ensureBuild, numberArg, prepareBenchDatabase, serveBench } from './benchServer.ts';
import { summariseCpuProfile } from './cpuProfileSummary.ts';
import { ensureWrk, runWrk } from './wrk.ts';

const argv = process.argv.slice(2);
const page = argv.find((arg) => arg.startsWith('--page='))?.slice(7) ?? 'article';
const db: BenchDatabase = argv.includes('--db=pglite') ? 'pglite' : 'postgres';
const seconds = numberArg(argv, 'seconds', 8);
const articles = numberArg(argv, 'articles', 500);
const PORT = 4620;
const HEADERS = { accept: 'text/html', 'accept-encoding': 'gzip, br' };

async function main(): Promise<void> {
  if (!['hit', 'article', 'home', 'category'].includes(page)) throw new Error(`--page: hit, article, home or category, not ${page}`);
  ensureBuild();
  const wrk = ensureWrk();
  const database = await prepareBenchDatabase(db, articles);
  const profileDir = mkdtempSync(join(tmpdir(), 'piquante-profile-'));
  try {
    const server = await serveBench(database, PORT, {
      WORKERS: '1',
      ...(page === 'hit' ? {} : { PAGE_CACHE_MAX_BYTES: '0' }),
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --cpu-prof --cpu-prof-dir=${profileDir}`.trim(),
    });
    try {
      const articlesRead = await articlePaths(server.baseUrl, 100);
      const paths = page === 'home' ? ['/'] : page === 'category' ? ['/mode'] : page === 'hit' ? articlesRead.slice(0, 1) : articlesRead;
      const options = { url: server.baseUrl, paths, threads: 2, connections: 16, headers: HEADERS };
      await runWrk(wrk, { ...options, seconds: 2 });
      const result = await runWrk(wrk, { ...options, seconds });
      console.log(`${page}: ${Math.round(result.rps)} req/s, p99 ${result.p99} ms, ${result.errors} errors (profile includes the warm-up)`);
    } finally {
      await server.stop();
    }
  } finally {
    await database.drop();
  }
  const profiles = readdirSync(profileDir).filter((name) => name.endsWith('.cpuprofile'));
  for (const name of profiles) {
    console.log(`\n${join(profileDir, name)}`);
    console.log(summariseCpuProfile(join(profileDir, name)));
  }
}

await main();
