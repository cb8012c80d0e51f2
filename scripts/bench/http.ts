/**
 * npm run bench:http [-- --db=postgres|pglite --articles=2000 --seconds=10 --connections=32 --workers=2 --threads=2 --hits-only]
 * The HTTP benchmark of the production build (issues 13 and 22), on loopback, in one run. The load comes from
 * wrk (`wrk -t2 -c32`, keep-alive, `Accept-Encoding: gzip`), installed from Debian when missing; each row prints
 * wrk's own CPU time so that one can see the generator was not what set the pace (autocannon, one Node process,
 * was: every figure above a few thousand requests per second measured it).
 *  - the reference rows, side by side on the same article bytes: nginx gzip_static serving a precompressed copy
 *    of the cached article (the limit), a 10-line node:http server answering the same buffer (bare Node), the
 *    same server sending our hit's own headers (what they cost Node itself),
 *    our server's page-cache hit, and deploy/nginx.conf in front of it (a proxy-cache hit);
 *  - on PostgreSQL, WORKERS=1, page cache off (PAGE_CACHE_MAX_BYTES=0): the article (100 addresses in turn),
 *    home and category rendered each time, /api/search; with --workers=n (default 2) the uncached article with
 *    WORKERS=n, and the page cache shared through Redis with WORKERS=1 and n over 1 000 articles;
 *  - on PGlite: the same uncached pages and search, and the page-cache hit.
 * Every row: requests per second, latency percentiles, the ratio to the nginx gzip_static row, wrk's CPU and the
 * server's (in cores: 1 = one core busy the whole run), the server's CPU time per request (what a request costs,
 * whatever else shares the cores), the server's peak memory, the load average at its end.
 * A markdown table at the end, for docs/performance.md. Bounded: a short warm-up and one measured run per row.
 */
import { spawn } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { existsSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { notifyContentChanged } from '../../src/server/http/pageCacheInvalidation.ts';
import { redisReachable } from '../../src/testing/redisReachable.ts';
import {
  articlePaths,
  type BenchDatabase,
  type BenchDatabaseHandle,
  type BenchServer,
  ensureBuild,
  numberArg,
  prepareBenchDatabase,
  serveBench,
} from './benchServer.ts';
import { frontServerBlocks, nginxBinary, nginxPrefix, startNginx, staticServerBlock } from './nginxBench.ts';
import { cpuTicks, loadAverage, processTree, rssMb } from './procStats.ts';
import { clockTicks, ensureWrk, runWrk, type WrkResult } from './wrk.ts';
import { contentChangeRoutesFromEnv } from '../../src/server/config/contentChangeRoutes.ts';

const argv = process.argv.slice(2);
const articles = numberArg(argv, 'articles', 2000);
const seconds = numberArg(argv, 'seconds', 10);
const connections = numberArg(argv, 'connections', 32);
const threads = numberArg(argv, 'threads', 2);
const workers = numberArg(argv, 'workers', 2);
// Only the reference rows and the hits (a minute): what to rerun after a change to the hit path.
const hitsOnly = argv.includes('--hits-only');
const dbArg = argv.find((arg) => arg.startsWith('--db='))?.slice(5);
const databases: BenchDatabase[] = dbArg === 'pglite' || dbArg === 'postgres' ? [dbArg] : ['postgres', 'pglite'];
const root = resolve(import.meta.dirname, '../..');
const APP_PORT = 4610;
const NGINX_PORT = 4611;
const NODE_PORT = 4612;
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const HEADERS = { accept: 'text/html,application/json', 'accept-encoding': 'gzip' };
const nodeBinary = existsSync(join(root, 'node_modules/node/bin/node')) ? join(root, 'node_modules/node/bin/node') : process.execPath;

interface Row {
  setup: string;
  page: string;
  rps: number;
  ratio: number | null;
  p50: number;
  p90: number;
  p99: number;
  errors: number;
  wrkCpu: number;
  serverCpu: number | null;
  rss: number | null;
  bytes: number;
  load: string;
}
const rows: Row[] = [];
let referenceRps: number | null = null;

/** A GET whose body is kept as sent (compressed when the server compresses), for the reference copies. */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((done, fail) => {
    httpRequest(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => done({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', fail);
    })
      .on('error', fail)
      .end();
  });
}

interface Target {
  setup: string;
  page: string;
  baseUrl: string;
  paths: string[];
  /** The server's processes (CPU, memory), when we know them. */
  pid?: number;
  /** For the gzip rows: the body must be gzip, as the reference's. */
  gzip?: boolean;
}

async function measure(wrk: string, target: Target): Promise<Row> {
  const probe = await rawGet(`${target.baseUrl}${target.paths[0]}`, HEADERS);
  if (probe.status !== 200) console.warn(`  ${target.setup} ${target.page}: ${target.paths[0]} answers ${probe.status}`);
  if (target.gzip && probe.headers['content-encoding'] !== 'gzip') {
    throw new Error(`${target.setup}: ${target.paths[0]} is not sent gzip (${String(probe.headers['content-encoding'])})`);
  }
  const options = { url: target.baseUrl, paths: target.paths, connections, threads, headers: HEADERS };
  await runWrk(wrk, { ...options, seconds: Math.min(2, seconds) }); // warm-up: JIT, connections, caches
  const pids = target.pid ? processTree(target.pid) : [];
  let peak = 0;
  const sampler = pids.length ? setInterval(() => (peak = Math.max(peak, rssMb(pids))), 500) : null;
  const before = cpuTicks(pids);
  let result: WrkResult;
  try {
    result = await runWrk(wrk, { ...options, seconds });
  } finally {
    if (sampler) clearInterval(sampler);
  }
  const serverCpu = pids.length ? (cpuTicks(pids) - before) / clockTicks() / result.seconds : null;
  if (pids.length) peak = Math.max(peak, rssMb(pids));
  const row: Row = {
    setup: target.setup,
    page: target.page,
    rps: result.rps,
    ratio: referenceRps ? result.rps / referenceRps : null,
    p50: result.p50,
    p90: result.p90,
    p99: result.p99,
    errors: result.errors,
    wrkCpu: result.cpuCores,
    serverCpu,
    rss: pids.length ? peak : null,
    bytes: probe.body.length,
    load: loadAverage().split(' ')[0] as string,
  };
  rows.push(row);
  console.log(
    `${row.setup.padEnd(40)} ${row.page.padEnd(22)} ${String(row.rps).padStart(6)} req/s ${fmtRatio(row.ratio).padStart(7)}  p50 ${row.p50} ms  p99 ${row.p99} ms  wrk ${row.wrkCpu.toFixed(2)} cores  server ${serverCpu === null ? '–' : `${serverCpu.toFixed(2)} cores, ${cpuPerRequest(serverCpu, row.rps)} µs/req`}  load ${row.load}${row.errors ? `  ${row.errors} errors` : ''}`,
  );
  return row;
}

/** Two decimals, more under 0.1 (an uncached render is a few thousandths of the reference). */
const ratioText = (ratio: number) => ratio.toFixed(ratio < 0.01 ? 4 : ratio < 0.1 ? 3 : 2);
/** Server CPU time per request, in µs (cores × 10⁶ / requests a second). */
const cpuPerRequest = (cores: number, rps: number) => {
  const us = (cores / Math.max(rps, 1)) * 1e6;
  return us < 100 ? us.toFixed(1) : us.toFixed(0);
};
const fmtRatio = (ratio: number | null) => (ratio === null ? '' : `${ratioText(ratio)} ×`);

/** Reads every path once, a few at a time (fills the page caches before a measurement). */
async function warm(baseUrl: string, paths: string[]): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < paths.length) await rawGet(`${baseUrl}${paths[next++]}`, HEADERS);
    }),
  );
}

/** The bare Node reference: 10 lines of node:http answering one precompressed buffer, in a process of its own. */
async function startBareNode(file: string, ownHeaders?: Record<string, string>): Promise<{ pid: number; stop: () => Promise<void> }> {
  const headers = ownHeaders ?? {
    'content-type': 'text/html; charset=utf-8',
    'content-encoding': 'gzip',
    'content-length': '<length>',
    vary: 'accept-encoding',
  };
  const source = `
const body = require('node:fs').readFileSync(${JSON.stringify(file)});
const headers = ${JSON.stringify(headers)};
headers['content-length'] = String(body.length);
require('node:http')
  .createServer((request, response) => { response.writeHead(200, headers); response.end(body); })
  .listen(${NODE_PORT}, '127.0.0.1');`;
  const child = spawn(nodeBinary, ['-e', source], { stdio: ['ignore', 'inherit', 'inherit'] });
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      await fetch(`http://127.0.0.1:${NODE_PORT}/`);
      break;
    } catch {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error('the bare node:http server did not start');
      await new Promise((done) => setTimeout(done, 100));
    }
  }
  return {
    pid: child.pid as number,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((done) => child.once('exit', done));
    },
  };
}

/** An answer's headers as a server sets them (Node adds the date and the connection's own). */
function answerHeaders(headers: Record<string, unknown>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(name)) kept[name] = String(value);
  }
  return kept;
}

/** The reference rows side by side on one article's bytes: nginx gzip_static, bare Node (with its few headers, then ours), our hit, nginx in front. */
async function referenceRows(wrk: string, label: string, cached: BenchServer, article: string): Promise<void> {
  const gzip = await rawGet(`${cached.baseUrl}${article}`, HEADERS);
  const identity = await rawGet(`${cached.baseUrl}${article}`, { ...HEADERS, 'accept-encoding': 'identity' });
  if (gzip.headers['content-encoding'] !== 'gzip') throw new Error(`${article} is not sent gzip from the page cache`);
  const nginx = nginxBinary();
  const prefix = nginxPrefix();
  try {
    if (nginx) {
      const block = staticServerBlock(prefix.dir, NGINX_PORT, article, identity.body, gzip.body);
      const server = await startNginx(nginx, prefix.dir, NGINX_PORT, block);
      try {
        const row = await measure(wrk, {
          setup: 'nginx gzip_static (the limit)',
          page: 'article',
          baseUrl: `http://127.0.0.1:${NGINX_PORT}`,
          paths: [article],
          pid: server.pid,
          gzip: true,
        });
        referenceRps = row.rps;
        row.ratio = 1;
      } finally {
        await server.stop();
      }
    } else {
      console.log('nginx is not installed: the nginx rows are skipped and no ratio is printed (apt-get install nginx).');
    }
    const file = join(prefix.dir, 'article.html.gz');
    writeFileSync(file, gzip.body);
    // Bare Node with its four headers, then sending our hit's very headers (security headers, CSP, ETag…: about
    // 1 KB against 120 bytes): what those headers cost Node itself, apart from our code.
    for (const [setup, headers] of [
      ['bare node:http, same buffer', undefined],
      ['bare node:http, same buffer and headers as our hit', answerHeaders(gzip.headers)],
    ] as const) {
      const bare = await startBareNode(file, headers);
      try {
        await measure(wrk, { setup, page: 'article', baseUrl: `http://127.0.0.1:${NODE_PORT}`, paths: ['/'], pid: bare.pid, gzip: true });
      } finally {
        await bare.stop();
      }
    }
    await measure(wrk, {
      setup: `${label}, page-cache hit`,
      page: 'article',
      baseUrl: cached.baseUrl,
      paths: [article],
      pid: cached.pid,
      gzip: true,
    });
    if (nginx) {
      const front = await startNginx(nginx, prefix.dir, NGINX_PORT, frontServerBlocks(prefix.dir, NGINX_PORT, APP_PORT));
      try {
        const baseUrl = `http://127.0.0.1:${NGINX_PORT}`;
        const hit = await rawGet(`${baseUrl}${article}`, HEADERS);
        if (!/HIT|MISS|EXPIRED|UPDATING/.test(String(hit.headers['x-proxy-cache']))) console.warn('  nginx front: no X-Proxy-Cache header');
        await measure(wrk, {
          setup: `deploy/nginx.conf → ${label} (proxy-cache hit)`,
          page: 'article',
          baseUrl,
          paths: [article],
          pid: front.pid,
          gzip: true,
        });
        const status = String((await rawGet(`${baseUrl}${article}`, HEADERS)).headers['x-proxy-cache']);
        if (status !== 'HIT') console.warn(`  nginx front: the last request was a ${status}, not a HIT`);
      } finally {
        await front.stop();
      }
    }
  } finally {
    prefix.remove();
  }
}

async function uncachedRows(wrk: string, label: string, database: BenchDatabaseHandle, extraEnv: NodeJS.ProcessEnv = {}): Promise<void> {
  const server = await serveBench(database, APP_PORT, { PAGE_CACHE_MAX_BYTES: '0', WORKERS: '1', ...extraEnv });
  try {
    const paths = await articlePaths(server.baseUrl, 100);
    const setup = `${label}, uncached${database.kind === 'postgres' ? ', WORKERS=1' : ''}`;
    await measure(wrk, { setup, page: `article (${paths.length})`, baseUrl: server.baseUrl, paths, pid: server.pid });
    await measure(wrk, { setup, page: 'home', baseUrl: server.baseUrl, paths: ['/'], pid: server.pid });
    await measure(wrk, { setup, page: 'category', baseUrl: server.baseUrl, paths: ['/mode'], pid: server.pid });
    await measure(wrk, {
      setup: label,
      page: '/api/search?q=cuisine',
      baseUrl: server.baseUrl,
      paths: ['/api/search?q=cuisine'],
      pid: server.pid,
    });
  } finally {
    await server.stop();
  }
}

async function workerRows(wrk: string, database: BenchDatabaseHandle): Promise<void> {
  const server = await serveBench(database, APP_PORT, { PAGE_CACHE_MAX_BYTES: '0', WORKERS: String(workers) });
  try {
    const paths = await articlePaths(server.baseUrl, 100);
    await measure(wrk, {
      setup: `PostgreSQL, uncached, WORKERS=${workers}`,
      page: `article (${paths.length})`,
      baseUrl: server.baseUrl,
      paths,
      pid: server.pid,
    });
  } finally {
    await server.stop();
  }
  // The page cache shared through Redis: 1 000 articles read in turn. Each run starts from an empty Redis (a
  // purge) and reads every article once before measuring, so both measure the cache warm, not the other's pages.
  if (!(await redisReachable(redisUrl))) {
    console.log(`Redis does not answer at ${redisUrl}: the rows with the page cache shared through Redis are skipped.`);
    return;
  }
  for (const n of [1, workers]) {
    await notifyContentChanged(contentChangeRoutesFromEnv({ REDIS_URL: redisUrl }));
    const shared = await serveBench(database, APP_PORT, { WORKERS: String(n), REDIS_URL: redisUrl });
    try {
      const paths = await articlePaths(shared.baseUrl, 1000);
      await warm(shared.baseUrl, paths);
      await measure(wrk, {
        setup: `PostgreSQL, cache + Redis, WORKERS=${n}`,
        page: `article (${paths.length})`,
        baseUrl: shared.baseUrl,
        paths,
        pid: shared.pid,
      });
    } finally {
      await shared.stop();
    }
  }
}

function markdownTable(): string {
  const header = [
    'setup',
    'page',
    'req/s',
    '× nginx gzip_static',
    'p50 ms',
    'p99 ms',
    'wrk CPU',
    'server CPU',
    'server µs/req',
    'max RSS MB',
    'load',
    'errors',
  ];
  const body = rows.map((row) => [
    row.setup,
    row.page.startsWith('/') ? `\`${row.page}\`` : row.page,
    String(row.rps),
    row.ratio === null ? '–' : ratioText(row.ratio),
    String(row.p50),
    String(row.p99),
    row.wrkCpu.toFixed(2),
    row.serverCpu === null ? '–' : row.serverCpu.toFixed(2),
    row.serverCpu === null ? '–' : cpuPerRequest(row.serverCpu, row.rps),
    row.rss === null ? '–' : String(row.rss),
    row.load,
    String(row.errors),
  ]);
  const right = new Set([2, 3, 4, 5, 6, 7, 8, 9, 11]);
  const widths = header.map((title, i) => Math.max(title.length, 3, ...body.map((cells) => (cells[i] as string).length)));
  const line = (cells: string[]) =>
    `| ${cells.map((cell, i) => (right.has(i) ? cell.padStart(widths[i] as number) : cell.padEnd(widths[i] as number))).join(' | ')} |`;
  const rule = `| ${widths.map((width, i) => (right.has(i) ? `${'-'.repeat(width - 1)}:` : '-'.repeat(width))).join(' | ')} |`;
  return [line(header), rule, ...body.map(line)].join('\n');
}

const wrk = ensureWrk();
ensureBuild();
const startLoad = loadAverage();
const started = new Date();
console.log(
  `bench:http: ${articles} articles; wrk -t${threads} -c${connections} -d${seconds}s, keep-alive, Accept-Encoding: gzip; load average ${startLoad}\n`,
);
const prepared: BenchDatabaseHandle[] = [];
try {
  for (const kind of databases) {
    const database = await prepareBenchDatabase(kind, articles);
    prepared.push(database);
    const label = kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
    if (kind === databases[0]) {
      // The reference rows run first and one after the other, so that their ratios are taken under the same load.
      const cached = await serveBench(database, APP_PORT, { WORKERS: '1' });
      try {
        const [article] = await articlePaths(cached.baseUrl, 100);
        await warm(cached.baseUrl, [article as string]);
        await referenceRows(wrk, label, cached, article as string);
        await cached.stop();
        // The same hit without the node:http hit path (every request through srvx and the server entry): what it gave.
        const throughFramework = await serveBench(database, APP_PORT, { WORKERS: '1', PAGE_CACHE_HIT_PATH: '0' });
        try {
          await warm(throughFramework.baseUrl, [article as string]);
          await measure(wrk, {
            setup: `${label}, page-cache hit through the framework (PAGE_CACHE_HIT_PATH=0)`,
            page: 'article',
            baseUrl: throughFramework.baseUrl,
            paths: [article as string],
            pid: throughFramework.pid,
            gzip: true,
          });
        } finally {
          await throughFramework.stop();
        }
        // nginx runs a worker per core (worker_processes auto): the same hit with as many Node processes.
        if (workers > 1) {
          const several = await serveBench(database, APP_PORT, { WORKERS: String(workers) });
          try {
            await warm(several.baseUrl, [article as string]);
            await measure(wrk, {
              setup: `${label}, page-cache hit, WORKERS=${workers}`,
              page: 'article',
              baseUrl: several.baseUrl,
              paths: [article as string],
              pid: several.pid,
              gzip: true,
            });
          } finally {
            await several.stop();
          }
        }
      } finally {
        await cached.stop();
      }
      if (hitsOnly) break;
    } else {
      const cached = await serveBench(database, APP_PORT);
      try {
        const [article] = await articlePaths(cached.baseUrl, 100);
        await measure(wrk, {
          setup: `${label}, page-cache hit`,
          page: 'article',
          baseUrl: cached.baseUrl,
          paths: [article as string],
          pid: cached.pid,
        });
      } finally {
        await cached.stop();
      }
    }
    await uncachedRows(wrk, label, database);
    if (kind === 'postgres' && workers > 1) await workerRows(wrk, database);
  }
} finally {
  for (const database of prepared) await database.drop();
}

const endLoad = loadAverage();
console.log(`\nLoad average (1, 5, 15 min): ${startLoad} at the start, ${endLoad} at the end.`);
console.log(
  `\nnpm run bench:http${argv.length ? ` -- ${argv.join(' ')}` : ''}, ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC: wrk -t${threads} -c${connections} -d${seconds}s, keep-alive, Accept-Encoding: gzip; CPU in cores (1 = one core busy the whole run; the machine has ${availableParallelism()}); load average ${startLoad} → ${endLoad}.\n`,
);
console.log(markdownTable());
