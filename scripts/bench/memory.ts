/**
 * bench:memory — what the production server holds resident (issue 38), and how fast it starts.
 *
 * For each database (PGlite in a fresh copy of the demo data, then a throwaway PostgreSQL database): start the
 * built server (scripts/serve.mjs) and time it until the first page answers (on an existing data directory:
 * the seed ran before), twice; a third start under memoryProbe.mjs requests 200 pages (home, categories,
 * articles, tags, search), waits, then reads the resident memory of the server's processes from /proc
 * (status and smaps_rollup) and where it goes (V8's heap, WebAssembly memory, modules loaded, PGlite's settings).
 * Idle is read 3 s after the last page and again after `--idle` seconds (default IDLE_SETTLE_SECONDS, 15: V8's
 * memory reducer has run). `--under-load` then drives wrk over the same addresses and samples the peak.
 *
 * npm run bench:memory -- [--db=pglite|postgres] [--pages=200] [--starts=3] [--under-load] [--seconds=10]
 *   [--connections=32] [--port=4420] [--idle=15] [--uncached (PAGE_CACHE_MAX_BYTES=0)]
 */
import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../src/db/client.ts';
import { DEFAULT_DEMO_ARTICLES } from '../../src/server/seed/seedDemoContent.server.ts';
import {
  type BenchDatabase,
  type BenchDatabaseHandle,
  databasesFromArgs,
  ensureBuild,
  IDLE_SETTLE_SECONDS,
  numberArg,
  prepareBenchDatabase,
  readProbeReport,
} from './benchServer.ts';
import { cpuTicks, loadAverage, processTree } from './procStats.ts';
import { clockTicks, ensureWrk, runWrk } from './wrk.ts';
import { median } from './stats.ts';

const root = resolve(import.meta.dirname, '../..');
const argv = process.argv.slice(2);
const pageCount = numberArg(argv, 'pages', 200);
const starts = numberArg(argv, 'starts', 3);
const seconds = numberArg(argv, 'seconds', 10);
const idleSeconds = numberArg(argv, 'idle', IDLE_SETTLE_SECONDS);
const connections = numberArg(argv, 'connections', 32);
const basePort = numberArg(argv, 'port', 4420);
const underLoad = argv.includes('--under-load');
const uncached = argv.includes('--uncached');

const MB = 1024 * 1024;
const mb = (bytes: number) => Math.round(bytes / MB);

interface ProcMemory {
  /** VmRSS, RssAnon, RssFile, VmHWM (peak), VmSwap of every process, summed, in kB. */
  rss: number;
  anon: number;
  file: number;
  peak: number;
  swap: number;
  /** smaps_rollup: proportional set size and private dirty pages, in kB. */
  pss: number;
  privateDirty: number;
}

function statusField(text: string, name: string): number {
  return Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0);
}

/** The server's processes (the process and its children) read from /proc. */
function readMemory(pid: number): ProcMemory {
  const total: ProcMemory = { rss: 0, anon: 0, file: 0, peak: 0, swap: 0, pss: 0, privateDirty: 0 };
  for (const each of processTree(pid)) {
    try {
      const status = readFileSync(`/proc/${each}/status`, 'utf8');
      total.rss += statusField(status, 'VmRSS');
      total.anon += statusField(status, 'RssAnon');
      total.file += statusField(status, 'RssFile');
      total.peak += statusField(status, 'VmHWM');
      total.swap += statusField(status, 'VmSwap');
      const rollup = readFileSync(`/proc/${each}/smaps_rollup`, 'utf8');
      total.pss += statusField(rollup, 'Pss');
      total.privateDirty += statusField(rollup, 'Private_Dirty');
    } catch {
      // Gone.
    }
  }
  return total;
}

interface Started {
  baseUrl: string;
  pid: number;
  readyMs: number;
  /** CPU time the server spent until then (user + system): what start costs apart from the machine's load. */
  readyCpuMs: number;
  stop: () => Promise<void>;
}

/** Starts the built server and times it until the home page answers 200. */
async function startServer(database: BenchDatabaseHandle, port: number, probeOut: string | null): Promise<Started> {
  const baseUrl = `http://127.0.0.1:${port}`;
  const args = probeOut ? ['--import', './scripts/bench/memoryProbe.mjs', 'scripts/serve.mjs'] : ['scripts/serve.mjs'];
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      ...database.env,
      ...(probeOut ? { MEMORY_PROBE_OUT: probeOut } : {}),
      ...(uncached ? { PAGE_CACHE_MAX_BYTES: '0' } : {}),
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('no first page within 120 s');
    try {
      const response = await fetch(`${baseUrl}/`);
      await response.arrayBuffer();
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    await sleep(10);
  }
  const readyMs = performance.now() - started;
  const readyCpuMs = (cpuTicks(processTree(child.pid as number)) / clockTicks()) * 1000;
  return {
    baseUrl,
    pid: child.pid as number,
    readyMs,
    readyCpuMs,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The 200 addresses: home, categories, articles, tags and search, interleaved as readers would. */
async function pageMix(baseUrl: string, count: number): Promise<string[]> {
  const json = async <T>(path: string) => (await (await fetch(`${baseUrl}${path}`)).json()) as T;
  const { results: categories } = await json<{ results: { slug: string }[] }>('/api/categories');
  const { results: articles } = await json<{ results: { fullUrl: string }[] }>(`/api/articles?limit=100`);
  const tags = new Set<string>();
  for (const { fullUrl } of articles.slice(0, 10)) {
    const article = await json<{ tags?: { slug: string }[] }>(`/api/article${fullUrl}`);
    for (const tag of article.tags ?? []) tags.add(tag.slug);
  }
  const tagList = [...tags];
  const words = ['cuisine', 'mode', 'voyage', 'recette', 'beauté', 'santé', 'été', 'paris', 'jardin', 'musique'];
  const paths: string[] = [];
  for (let i = 0; paths.length < count; i++) {
    const slot = i % 10;
    if (slot === 0) paths.push('/');
    else if (slot === 1) paths.push(`/${pick(categories, i).slug}`);
    else if (slot === 2 && tagList.length) paths.push(`/tag/${pick(tagList, i)}`);
    else if (slot === 3) paths.push(`/api/search?q=${encodeURIComponent(pick(words, i))}`);
    else paths.push(pick(articles, i).fullUrl);
  }
  return paths;
}

interface ProbeReport {
  memoryUsage: NodeJS.MemoryUsage;
  heap: { total_heap_size: number; used_heap_size: number; heap_size_limit: number; malloced_memory: number };
  heapSpaces: { space: string; used: number; size: number }[];
  wasmMemories: number[];
  modules: number;
  owners: { owner: string; modules: number; bytes: number }[];
}

const SETTINGS = [
  'shared_buffers',
  'wal_buffers',
  'work_mem',
  'maintenance_work_mem',
  'temp_buffers',
  'max_connections',
  'effective_cache_size',
];

/** The database's memory settings (PGlite opened again with the server's own options, after it stopped). */
async function databaseSettings(database: BenchDatabaseHandle): Promise<Record<string, string>> {
  const settings: Record<string, string> = {};
  if (database.kind === 'pglite') {
    const handle = await openDatabase({ kind: 'pglite', dataDir: database.env.DATA_DIR as string });
    try {
      if (handle.driver.kind !== 'pglite') return settings;
      for (const name of SETTINGS) {
        const { rows } = await handle.driver.client.query<Record<string, string>>(`SHOW ${name}`);
        settings[name] = rows[0]?.[name] ?? '?';
      }
    } finally {
      await handle.close();
    }
    return settings;
  }
  const client = new pg.Client({ connectionString: database.env.DATABASE_URL as string });
  await client.connect();
  try {
    for (const name of SETTINGS) settings[name] = (await client.query(`SHOW ${name}`)).rows[0][name];
  } finally {
    await client.end();
  }
  return settings;
}

interface Row {
  kind: BenchDatabase;
  readyMs: number[];
  readyCpuMs: number[];
  /** 3 s after the last page. */
  soon: ProcMemory;
  /** After --idle seconds. */
  idle: ProcMemory;
  report: ProbeReport | null;
  settings: Record<string, string>;
  load?: { cpuUsPerRequest: number; rps: number; p99: number; errors: number; peakMb: number; hwmMb: number };
}

async function measure(kind: BenchDatabase, port: number): Promise<Row> {
  const database = await prepareBenchDatabase(kind, DEFAULT_DEMO_ARTICLES);
  const readyMs: number[] = [];
  const readyCpuMs: number[] = [];
  const probeOut = join(tmpdir(), `piquante-memory-probe-${process.pid}.json`);
  try {
    for (let i = 1; i < starts; i++) {
      const server = await startServer(database, port, null);
      readyMs.push(server.readyMs);
      readyCpuMs.push(server.readyCpuMs);
      await server.stop();
    }
    const server = await startServer(database, port, probeOut);
    readyMs.push(server.readyMs);
    readyCpuMs.push(server.readyCpuMs);
    try {
      const paths = await pageMix(server.baseUrl, pageCount);
      const timings: [number, string][] = [];
      for (const path of paths) {
        const t = performance.now();
        const response = await fetch(`${server.baseUrl}${path}`, { headers: { 'accept-encoding': 'gzip' } });
        await response.arrayBuffer();
        if (!response.ok) console.error(`  ${path}: ${response.status}`);
        timings.push([performance.now() - t, path]);
      }
      timings.sort((a, b) => b[0] - a[0]);
      console.log(
        `  slowest: ${timings
          .slice(0, 5)
          .map(([ms, path]) => `${path} ${Math.round(ms)} ms`)
          .join(', ')}`,
      );
      // Idle: the requests' garbage left to the collector's own pace, as a server between readers; read after 3 s
      // too, to show what the young generation holds meanwhile (IDLE_SETTLE_SECONDS).
      await sleep(3000);
      const soon = readMemory(server.pid);
      await sleep(Math.max(0, idleSeconds - 3) * 1000);
      const idle = readMemory(server.pid);
      const report = await readProbeReport<ProbeReport>(server.pid, probeOut);
      let load: Row['load'];
      if (underLoad) {
        const wrk = ensureWrk();
        let peak = 0;
        const sampler = setInterval(() => {
          peak = Math.max(peak, readMemory(server.pid).rss);
        }, 100);
        const ticksBefore = cpuTicks(processTree(server.pid));
        const result = await runWrk(wrk, {
          url: server.baseUrl,
          paths,
          seconds,
          connections,
          threads: 2,
          headers: { 'accept-encoding': 'gzip' },
        });
        clearInterval(sampler);
        const cpuSeconds = (cpuTicks(processTree(server.pid)) - ticksBefore) / clockTicks();
        load = {
          cpuUsPerRequest: Math.round((cpuSeconds * 1e6) / Math.max(1, result.requests)),
          rps: result.rps,
          p99: result.p99,
          errors: result.errors,
          peakMb: Math.round(peak / 1024),
          hwmMb: Math.round(readMemory(server.pid).peak / 1024),
        };
      }
      await server.stop();
      return { kind, readyMs, readyCpuMs, soon, idle, report, settings: await databaseSettings(database), load };
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(probeOut, { force: true });
    await database.drop();
  }
}

function pick<T>(list: T[], i: number): T {
  return list[i % list.length] as T;
}

function sleep(ms: number) {
  return new Promise((done) => setTimeout(done, ms));
}

function print(rows: Row[]) {
  console.log(
    `\nload average ${loadAverage()}; ${pageCount} pages, then idle (RSS read after 3 s and after ${idleSeconds} s)${uncached ? '; PAGE_CACHE_MAX_BYTES=0' : ''}\n`,
  );
  console.log(
    '| database | ready ms (each start) | CPU ms to ready | RSS after 3 s | idle RSS MB | anon | file | PSS | private dirty | swap | peak (VmHWM) |',
  );
  console.log(
    '| -------- | --------------------- | --------------: | ------------: | ----------: | ---: | ---: | --: | ------------: | ---: | -----------: |',
  );
  for (const { kind, readyMs, readyCpuMs, soon, idle } of rows) {
    const mbOf = (kb: number) => Math.round(kb / 1024);
    console.log(
      `| ${kind} | ${readyMs.map((ms) => Math.round(ms)).join(' / ')} (median ${Math.round(median(readyMs))}) | ${Math.round(median(readyCpuMs))} | ${mbOf(soon.rss)} | **${mbOf(idle.rss)}** | ${mbOf(idle.anon)} | ${mbOf(idle.file)} | ${mbOf(idle.pss)} | ${mbOf(idle.privateDirty)} | ${mbOf(idle.swap)} | ${mbOf(idle.peak)} |`,
    );
  }
  if (rows.some((row) => row.load)) {
    console.log(`\nUnder load: wrk -t2 -c${connections} -d${seconds}s over the same addresses, RSS sampled every 100 ms\n`);
    console.log('| database | req/s | server CPU µs/req | p99 ms | errors | peak RSS MB (sampled) | VmHWM MB |');
    console.log('| -------- | ----: | ----------------: | -----: | -----: | --------------------: | -------: |');
    for (const { kind, load } of rows) {
      if (load)
        console.log(
          `| ${kind} | ${load.rps} | ${load.cpuUsPerRequest} | ${load.p99} | ${load.errors} | **${load.peakMb}** | ${load.hwmMb} |`,
        );
    }
  }
  console.log('\nWhere it goes (the server process, memoryProbe.mjs, MB)\n');
  console.log(
    '| database | heap used / total | heap limit | V8 malloced | external | arrayBuffers | WebAssembly memory | modules loaded |',
  );
  console.log(
    '| -------- | ----------------: | ---------: | ----------: | -------: | -----------: | -----------------: | -------------: |',
  );
  for (const { kind, report } of rows) {
    if (!report) continue;
    const { memoryUsage: usage, heap } = report;
    console.log(
      `| ${kind} | ${mb(heap.used_heap_size)} / ${mb(heap.total_heap_size)} | ${mb(heap.heap_size_limit)} | ${mb(heap.malloced_memory)} | ${mb(usage.external)} | ${mb(usage.arrayBuffers)} | ${report.wasmMemories.map(mb).join(' + ') || 0} | ${report.modules} |`,
    );
  }
  for (const { kind, report, settings } of rows) {
    console.log(
      `\n${kind}: ${Object.entries(settings)
        .map(([name, value]) => `${name}=${value}`)
        .join(', ')}`,
    );
    if (!report) continue;
    console.log(
      `  heap spaces (used/size MB): ${report.heapSpaces
        .filter((s) => s.size > MB)
        .map((s) => `${s.space} ${mb(s.used)}/${mb(s.size)}`)
        .join(', ')}`,
    );
    console.log(`  modules by package (count, source kB), largest 20:`);
    for (const owner of report.owners.slice(0, 20))
      console.log(
        `    ${owner.owner.padEnd(48)} ${String(owner.modules).padStart(5)} ${String(Math.round(owner.bytes / 1024)).padStart(7)}`,
      );
  }
}

ensureBuild();
const rows: Row[] = [];
let port = basePort;
for (const kind of databasesFromArgs(argv)) {
  console.log(`\n${kind}…`);
  rows.push(await measure(kind, port++));
}
print(rows);
