/**
 * Shared by the benchmarks: a production build served on loopback over a database seeded with a large
 * corpus (PGlite in a temporary DATA_DIR, or a throwaway database on a PostgreSQL server).
 */
import { execSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Transform } from 'node:stream';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../src/db/client.ts';
import { seedDemoContent } from '../../src/server/seed/seedDemoContent.server.ts';
import { progressBar } from '../lib/progressBar.ts';

export type BenchDatabase = 'pglite' | 'postgres';

const root = resolve(import.meta.dirname, '../..');
export const benchPostgresUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export function ensureBuild(): void {
  if (!existsSync(join(root, 'dist/server/server.js')) || process.env.BENCH_REBUILD) {
    execSync('npx vite build', { cwd: root, stdio: 'inherit' });
  }
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: benchPostgresUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export interface BenchServer {
  baseUrl: string;
  /** The server process, for memory readings. */
  pid: number;
  stop: () => Promise<void>;
}

export interface BenchDatabaseHandle {
  kind: BenchDatabase;
  /** What the server needs to open it (DATA_DIR or DATABASE_URL). */
  env: NodeJS.ProcessEnv;
  drop: () => Promise<void>;
}

export interface SeedChoice {
  /** An archive (10 years, tagged, as `npm run seed -- --articles N`) instead of the demo's two untagged years. */
  archive?: boolean;
}

/** Seeds `articles` articles into a fresh database (a temporary PGlite directory or a throwaway PostgreSQL database). */
export async function prepareBenchDatabase(kind: BenchDatabase, articles: number, choice: SeedChoice = {}): Promise<BenchDatabaseHandle> {
  if (kind === 'pglite') {
    const dataDir = mkdtempSync(join(tmpdir(), 'piquante-bench-'));
    const db = await openDatabase({ kind: 'pglite', dataDir });
    await seed(db.db, articles, kind, choice);
    await db.close();
    return { kind, env: { DATA_DIR: dataDir, SEED_DEMO: '0' }, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const name = `piquante_bench_${process.pid}`;
  await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(benchPostgresUrl);
  url.pathname = `/${name}`;
  const db = await openDatabase({ kind: 'postgres', url: url.toString() });
  await seed(db.db, articles, kind, choice);
  await db.exec('ANALYZE');
  await db.close();
  return {
    kind,
    env: { DATABASE_URL: url.toString(), SEED_DEMO: '0' },
    drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/** Serves the built app on a prepared database; `env` adds settings (PAGE_CACHE_MAX_BYTES, WORKERS…). */
export async function serveBench(
  database: BenchDatabaseHandle,
  port: number,
  env: NodeJS.ProcessEnv = {},
  extraNodeArgs: string[] = [],
): Promise<BenchServer> {
  // BENCH_SERVER_NODE_ARGS: flags for the server's node only (e.g. `--cpu-prof --cpu-prof-dir=/tmp/p`, which NODE_OPTIONS refuses).
  const nodeArgs = [...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean), ...extraNodeArgs];
  const child = spawn(process.execPath, [...nodeArgs, 'scripts/serve.mjs'], {
    cwd: root,
    env: { ...process.env, ...database.env, ...env, PORT: String(port), HOST: '127.0.0.1', SIGNUP_RATE_LIMIT: '0' },
    stdio: ['ignore', 'inherit', 'pipe'],
  });
  child.stderr?.pipe(withoutAbortedRequests()).pipe(process.stderr);
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl, child);
  return {
    baseUrl,
    pid: child.pid as number,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((done) => child.once('exit', done));
      }
    },
  };
}

/**
 * The server's error output without the traces of requests aborted by the client (`Error: aborted` …
 * `code: 'ECONNRESET'` }): a load generator closes its connections mid-request when its time is up, by design.
 */
function withoutAbortedRequests(): Transform {
  let pending = '';
  let skipping = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      const kept: string[] = [];
      for (const line of lines) {
        if (line === 'Error: aborted') skipping = true;
        else if (!skipping) kept.push(line);
        else if (line === '}') skipping = false;
      }
      callback(null, kept.length ? `${kept.join('\n')}\n` : '');
    },
    flush(callback) {
      callback(null, pending);
    },
  });
}

/** Seeds `articles` articles into a fresh database and serves the built app on it. */
export async function startBenchServer(
  kind: BenchDatabase,
  articles: number,
  port: number,
  extraEnv: NodeJS.ProcessEnv = {},
  choice: SeedChoice = {},
): Promise<BenchServer> {
  const database = await prepareBenchDatabase(kind, articles, choice);
  const server = await serveBench(database, port, extraEnv);
  return {
    ...server,
    stop: async () => {
      await server.stop();
      await database.drop();
    },
  };
}

async function seed(db: Parameters<typeof seedDemoContent>[0], articles: number, kind: BenchDatabase, choice: SeedChoice) {
  console.log(`Seeding ${articles} articles into ${kind}${choice.archive ? ' (an archive)' : ''}…`);
  const bar = progressBar(articles, 'articles');
  const started = performance.now();
  await seedDemoContent(db, { articles, archive: choice.archive, onProgress: (done) => bar.update(done) });
  bar.done();
  console.log(`Seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** Waits until the server answers /healthz (`seconds` at most; a server under valgrind needs minutes). */
export async function waitForHealth(baseUrl: string, child: ChildProcess, seconds = 120): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/healthz`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`the server did not become healthy within ${seconds} s`);
}

export function databasesFromArgs(argv: string[]): BenchDatabase[] {
  const only = argv.find((arg) => arg.startsWith('--db='))?.slice(5);
  if (only === 'pglite' || only === 'postgres') return [only];
  return ['pglite', 'postgres'];
}

/** The addresses of the newest `count` published articles (fewer if there are fewer), read through the API. */
export async function articlePaths(baseUrl: string, count: number): Promise<string[]> {
  const paths: string[] = [];
  for (let offset = 0; paths.length < count; offset += 100) {
    const response = await fetch(`${baseUrl}/api/articles?limit=${Math.min(100, count - paths.length)}&offset=${offset}`);
    const { results } = (await response.json()) as { results: { fullUrl: string }[] };
    if (results.length === 0) break;
    paths.push(...results.map((r) => r.fullUrl));
  }
  if (paths.length === 0) throw new Error('no article to render');
  return paths;
}

/**
 * Seconds a server is left alone after its last request before its idle memory is read: V8's memory reducer gives
 * the young generation back 5 to 10 s after allocation stops, whatever its cap; a reading 3 s after lands anywhere
 * in the collector's cycle (decision 029, round 4).
 */
export const IDLE_SETTLE_SECONDS = 15;

/**
 * Asks a probe preloaded in the server (memoryProbe.mjs, gcProbe.mjs) for its report: SIGUSR2, then the JSON it
 * writes to `out`; null when none came within 5 s.
 */
export async function readProbeReport<T>(pid: number, out: string): Promise<T | null> {
  rmSync(out, { force: true });
  process.kill(pid, 'SIGUSR2');
  for (let i = 0; i < 100 && !existsSync(out); i++) await new Promise((done) => setTimeout(done, 50));
  // Written at once by writeFileSync, but give the process a moment to have closed it.
  await new Promise((done) => setTimeout(done, 100));
  return existsSync(out) ? (JSON.parse(readFileSync(out, 'utf8')) as T) : null;
}

export function numberArg(argv: string[], name: string, fallback: number): number {
  const raw = argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
  const value = raw === undefined ? fallback : Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} takes a positive number`);
  return value;
}
