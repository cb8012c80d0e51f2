/**
 * npm run bench:instructions [-- --page=hit|article --against=/path/to/another/checkout --requests=N --warm=N]
 * Instructions the server executes per request, counted by valgrind's callgrind: two runs of one build side by side
 * agree within a few percent, where req/s and CPU time on these shared 2-core machines move by tens of percent. A
 * busy machine still raises them (timers, polling and the JIT's threads run in a longer window), so compare only
 * builds counted in the same run. For each build (this checkout's, and `--against`'s, built
 * there beforehand with `npx vite build`), it starts `scripts/serve.mjs` under callgrind (the server's own flags
 * included: valgrind follows its execve) on one PostgreSQL database of 2 000 articles, warms it up with counting
 * off, counts `--requests` requests (4 connections, `Accept-Encoding: gzip`), and prints instructions per request.
 * `hit`: one article from the page cache (default 3 000 requests after 1 500); `article`: uncached renders of 100
 * articles in turn (PAGE_CACHE_MAX_BYTES=0; 300 after 300). Slow (valgrind runs Node ~50 × slower): minutes.
 * Needs valgrind (Debian's package `valgrind`).
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { articlePaths, ensureBuild, numberArg, prepareBenchDatabase, waitForHealth } from './benchServer.ts';

const root = resolve(import.meta.dirname, '../..');
const argv = process.argv.slice(2);
const page = argv.find((arg) => arg.startsWith('--page='))?.slice(7) ?? 'hit';
if (page !== 'hit' && page !== 'article') throw new Error(`--page: hit or article, not ${page}`);
const against = argv.find((arg) => arg.startsWith('--against='))?.slice(10);
const requests = numberArg(argv, 'requests', page === 'hit' ? 3000 : 300);
const warm = numberArg(argv, 'warm', page === 'hit' ? 1500 : 300);
const port = numberArg(argv, 'port', 4700);
const CONNECTIONS = 4;

try {
  execFileSync('valgrind', ['--version'], { stdio: 'ignore' });
} catch {
  throw new Error('valgrind is missing: apt-get install -y valgrind');
}
ensureBuild();
const builds = [root, ...(against ? [resolve(against)] : [])];
for (const build of builds)
  if (!existsSync(join(build, 'dist/server/server.js'))) throw new Error(`${build} has no build: npx vite build there`);

// callgrind_control finds the server through vgdb, which names its pipes after USER and HOST.
const vgdbEnv = { ...process.env, USER: process.env.USER || 'root', LOGNAME: process.env.LOGNAME || 'root', HOST: '127.0.0.1' };

/** Turns callgrind's counting on or off in the running server. */
function instrumentation(pid: number, on: boolean): void {
  execFileSync('callgrind_control', ['-i', on ? 'on' : 'off', String(pid)], { env: vgdbEnv, stdio: 'ignore' });
}

/** `count` requests over `paths` in turn, CONNECTIONS at a time, each read to its end. */
async function drive(baseUrl: string, paths: string[], count: number): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (next < count) {
        const path = paths[next++ % paths.length];
        const response = await fetch(`${baseUrl}${path}`, { headers: { accept: 'text/html', 'accept-encoding': 'gzip' } });
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`${path}: ${response.status}`);
      }
    }),
  );
}

async function measure(build: string, databaseEnv: NodeJS.ProcessEnv, dir: string): Promise<number> {
  const out = join(dir, `callgrind.${builds.indexOf(build)}.out`);
  const child = spawn(
    'valgrind',
    [
      '-q',
      '--tool=callgrind',
      '--trace-children=yes',
      '--instr-atstart=no',
      `--callgrind-out-file=${out}`,
      process.execPath,
      'scripts/serve.mjs',
    ],
    {
      cwd: build,
      env: {
        ...vgdbEnv,
        ...databaseEnv,
        ...(page === 'article' ? { PAGE_CACHE_MAX_BYTES: '0' } : {}),
        PORT: String(port),
        HOST: '127.0.0.1',
        WORKERS: '1',
        // Valgrind runs the server ~50 × slower: the production bounds on a query would fail renders.
        DATABASE_QUERY_TIMEOUT_MS: '600000',
        DATABASE_ACQUIRE_TIMEOUT_MS: '600000',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(baseUrl, child, 600);
    const paths = page === 'hit' ? (await articlePaths(baseUrl, 1)).slice(0, 1) : await articlePaths(baseUrl, 100);
    await drive(baseUrl, paths, warm);
    instrumentation(child.pid as number, true);
    await drive(baseUrl, paths, requests);
    instrumentation(child.pid as number, false);
  } finally {
    const exited = new Promise((done) => child.once('exit', done));
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  }
  const totals = /^totals: (\d+)/m.exec(readFileSync(out, 'utf8'));
  if (!totals) throw new Error(`no totals in ${out}`);
  return Number(totals[1]) / requests;
}

const database = await prepareBenchDatabase('postgres', 2000);
const dir = mkdtempSync(join(tmpdir(), 'piquante-instructions-'));
const rows: [string, number][] = [];
try {
  for (const build of builds) {
    const perRequest = await measure(build, database.env, dir);
    rows.push([build, perRequest]);
    console.log(`${build}: ${Math.round(perRequest).toLocaleString('en')} instructions per request`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
  await database.drop();
}

const first = rows[0]?.[1] ?? 1;
console.log(`\n${page === 'hit' ? 'Page-cache hit' : 'Uncached article (100 in turn)'}: ${requests} requests counted after ${warm}\n`);
console.log('| build | instructions per request | × this checkout |');
console.log('| ----- | -----------------------: | --------------: |');
for (const [build, perRequest] of rows)
  console.log(`| ${build} | ${Math.round(perRequest).toLocaleString('en')} | ${(perRequest / first).toFixed(2)} |`);
