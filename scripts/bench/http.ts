/**
 * npm run bench:http [-- --db=pglite|postgres --articles=2000 --seconds=10 --connections=32 --workers=2]
 * One side-by-side HTTP benchmark of the production build (issue 13), on loopback, with the load
 * generator (autocannon) on the same machine:
 *  - for PGlite and PostgreSQL: uncached pages (page cache off: PAGE_CACHE_MAX_BYTES=0, articles spread
 *    over the corpus), then cached ones (the page cache on, as shipped), and /api/search; requests per
 *    second, latency percentiles and the server's peak memory (RSS, summed over its processes);
 *  - on PostgreSQL with --workers=n (default 2): the same uncached article with WORKERS=1 and n, then the
 *    page cache shared through Redis (REDIS_URL, else the local default; skipped when Redis does not
 *    answer) with WORKERS=1 and n, over 1 000 articles;
 *  - when nginx is installed: nginx serving the very bytes of the cached article (gzip_static), and
 *    deploy/nginx.conf's micro-cache in front of our server; the ratios are printed. Without nginx,
 *    those rows are skipped with a note.
 * Bounded: a short warm-up and one measured run per row.
 */
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { notifyContentChanged } from '../../src/server/http/pageCacheInvalidation.ts';
import { redisReachable } from '../../src/testing/redisReachable.ts';
import { type BenchDatabaseHandle, databasesFromArgs, ensureBuild, numberArg, prepareBenchDatabase, serveBench } from './benchServer.ts';

const argv = process.argv.slice(2);
const articles = numberArg(argv, 'articles', 2000);
const seconds = numberArg(argv, 'seconds', 10);
const connections = numberArg(argv, 'connections', 32);
const workers = numberArg(argv, 'workers', 2);
const root = resolve(import.meta.dirname, '../..');
const PORT = 4610;
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const NGINX_PORT = 4611;

interface Row {
  setup: string;
  page: string;
  'req/s': number;
  'p50 ms': number;
  'p90 ms': number;
  'p99 ms': number;
  'max RSS MB': number | string;
  errors: number;
}
const rows: Row[] = [];

/** Resident memory of a process and its children (cluster workers), in MB. */
function rssMb(pid: number): number {
  let total = 0;
  const pids = [pid];
  try {
    pids.push(
      ...execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
        .split('\n')
        .filter(Boolean)
        .map(Number),
    );
  } catch {
    // No children.
  }
  for (const each of pids) {
    try {
      const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${each}/status`, 'utf8'));
      total += match ? Number(match[1]) : 0;
    } catch {
      // Gone.
    }
  }
  return Math.round(total / 1024);
}

const HEADERS = { accept: 'text/html,application/json', 'accept-encoding': 'gzip, br' };

async function measure(setup: string, page: string, baseUrl: string, nextPath: () => string, pid?: number): Promise<Row> {
  const run = (duration: number) =>
    autocannon({
      url: baseUrl,
      connections,
      duration,
      headers: HEADERS,
      requests: [{ setupRequest: (request) => ({ ...request, path: nextPath() }) }],
    });
  const probePath = nextPath();
  const probe = await fetch(`${baseUrl}${probePath}`, { headers: HEADERS });
  await probe.arrayBuffer();
  if (!probe.ok) console.warn(`  ${setup} ${page}: ${probePath} answers ${probe.status}`);
  await run(Math.min(3, seconds)); // warm-up, discarded
  let peak = 0;
  const sampler = pid ? setInterval(() => (peak = Math.max(peak, rssMb(pid))), 250) : null;
  const result = await run(seconds);
  if (sampler) clearInterval(sampler);
  const row: Row = {
    setup,
    page,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p90 ms': result.latency.p90,
    'p99 ms': result.latency.p99,
    'max RSS MB': pid ? peak : '',
    errors: result.errors + result.non2xx,
  };
  rows.push(row);
  console.log(
    `${setup.padEnd(28)} ${page.padEnd(24)} ${String(row['req/s']).padStart(6)} req/s  p50 ${row['p50 ms']} ms  p99 ${row['p99 ms']} ms  ${pid ? `${peak} MB` : ''}`,
  );
  return row;
}

async function samplePaths(baseUrl: string) {
  const articlePaths: string[] = [];
  for (let offset = 0; offset < Math.min(articles, 1000); offset += 100) {
    const response = await fetch(`${baseUrl}/api/articles?limit=100&offset=${offset}`);
    const { results } = (await response.json()) as { results: { fullUrl: string }[] };
    articlePaths.push(...results.map((r) => r.fullUrl));
  }
  if (articlePaths.length === 0) throw new Error('no article to render');
  return articlePaths;
}

/** Reads every path once, a few at a time (fills the page caches before a measurement). */
async function warm(baseUrl: string, paths: string[]): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < paths.length) {
        const response = await fetch(`${baseUrl}${paths[next++]}`, { headers: HEADERS });
        await response.arrayBuffer();
      }
    }),
  );
}

const rotate = (paths: string[]) => {
  let i = 0;
  return () => paths[i++ % paths.length] as string;
};
const fixed = (path: string) => () => path;

async function benchDatabase(database: BenchDatabaseHandle): Promise<{ article: string; baseBytes: Buffer | null }> {
  const label = database.kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
  const uncached = await serveBench(database, PORT, { PAGE_CACHE_MAX_BYTES: '0' });
  let article = '/';
  try {
    const paths = await samplePaths(uncached.baseUrl);
    article = paths[0] as string;
    await measure(`${label}, uncached`, 'article', uncached.baseUrl, rotate(paths), uncached.pid);
    await measure(`${label}, uncached`, 'home', uncached.baseUrl, fixed('/'), uncached.pid);
    await measure(`${label}, uncached`, 'category', uncached.baseUrl, fixed('/mode'), uncached.pid);
    await measure(`${label}`, '/api/search?q=cuisine', uncached.baseUrl, fixed('/api/search?q=cuisine'), uncached.pid);
  } finally {
    await uncached.stop();
  }
  const cached = await serveBench(database, PORT);
  let bytes: Buffer | null = null;
  try {
    await measure(`${label}, page cache`, 'article', cached.baseUrl, fixed(article), cached.pid);
    await measure(`${label}, page cache`, 'home', cached.baseUrl, fixed('/'), cached.pid);
    await measure(`${label}, page cache`, 'category', cached.baseUrl, fixed('/mode'), cached.pid);
    const response = await fetch(`${cached.baseUrl}${article}`, { headers: { 'accept-encoding': 'identity' } });
    bytes = Buffer.from(await response.arrayBuffer());
  } finally {
    await cached.stop();
  }
  if (database.kind === 'postgres' && workers > 1) {
    for (const n of [1, workers]) {
      const server = await serveBench(database, PORT, { PAGE_CACHE_MAX_BYTES: '0', WORKERS: String(n) });
      try {
        const paths = await samplePaths(server.baseUrl);
        await measure(`PostgreSQL, uncached, WORKERS=${n}`, 'article', server.baseUrl, rotate(paths), server.pid);
      } finally {
        await server.stop();
      }
    }
    // The page cache shared through Redis: 1 000 articles read in turn. Each run starts from an empty Redis (a
    // purge) and reads every article once before measuring, so both measure the cache warm, not the other's pages.
    if (await redisReachable(redisUrl)) {
      for (const n of [1, workers]) {
        await notifyContentChanged({ REDIS_URL: redisUrl });
        const server = await serveBench(database, PORT, { WORKERS: String(n), REDIS_URL: redisUrl });
        try {
          const paths = await samplePaths(server.baseUrl);
          await warm(server.baseUrl, paths);
          await measure(`PostgreSQL, cache + Redis, WORKERS=${n}`, 'article (1 000)', server.baseUrl, rotate(paths), server.pid);
        } finally {
          await server.stop();
        }
      }
    } else {
      console.log(`Redis does not answer at ${redisUrl}: the rows with the page cache shared through Redis are skipped.`);
    }
  }
  return { article, baseBytes: bytes };
}

function nginxInstalled(): string | null {
  for (const candidate of ['/usr/sbin/nginx', '/usr/bin/nginx', '/usr/local/sbin/nginx']) if (existsSync(candidate)) return candidate;
  return null;
}

/** Runs nginx with `serverBlock` in a throwaway prefix; answers a stop function. */
async function startNginx(binary: string, dir: string, serverBlock: string): Promise<() => Promise<void>> {
  const conf = join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    `worker_processes 1;\ndaemon off;\npid ${dir}/nginx.pid;\nerror_log ${dir}/error.log warn;\nevents { worker_connections 1024; }\nhttp {\n  access_log off;\n  include /etc/nginx/mime.types;\n  client_body_temp_path ${dir}/body;\n  proxy_temp_path ${dir}/proxy;\n  fastcgi_temp_path ${dir}/fastcgi;\n  uwsgi_temp_path ${dir}/uwsgi;\n  scgi_temp_path ${dir}/scgi;\n${serverBlock}\n}\n`,
  );
  const child = spawn(binary, ['-p', dir, '-c', conf], { stdio: ['ignore', 'inherit', 'inherit'] });
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      await fetch(`http://127.0.0.1:${NGINX_PORT}/`);
      break;
    } catch {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`nginx did not start (see ${dir}/error.log)`);
      await new Promise((done) => setTimeout(done, 100));
    }
  }
  return async () => {
    child.kill('SIGQUIT');
    await new Promise((done) => child.once('exit', done));
  };
}

async function benchNginx(binary: string, article: string, bytes: Buffer, database: BenchDatabaseHandle): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'piquante-bench-nginx-'));
  // nginx's workers run as an unprivileged user: they must be able to read the files and write the cache.
  chmodSync(dir, 0o777);
  try {
    const docroot = join(dir, 'www');
    const file = join(docroot, `${article}.html`);
    mkdirSync(resolve(file, '..'), { recursive: true, mode: 0o755 });
    writeFileSync(file, bytes);
    execFileSync('gzip', ['-k', '-6', file]);
    const stopStatic = await startNginx(
      binary,
      dir,
      `  server {\n    listen 127.0.0.1:${NGINX_PORT};\n    root ${docroot};\n    gzip_static on;\n    location / { try_files $uri.html =404; default_type text/html; }\n  }`,
    );
    try {
      await measure('nginx, static file (gzip)', 'article', `http://127.0.0.1:${NGINX_PORT}`, fixed(article));
    } finally {
      await stopStatic();
    }
    // deploy/nginx.conf's front: the same server block, pointed at our server.
    const app = await serveBench(database, PORT);
    try {
      const front = readFileSync(join(root, 'deploy/nginx.conf'), 'utf8')
        .replace(/listen\s+[^;]+;/, `listen 127.0.0.1:${NGINX_PORT};`)
        .replace(/server\s+127\.0\.0\.1:3000/, `server 127.0.0.1:${PORT}`)
        .replace(/\/var\/cache\/nginx\/piquante/g, join(dir, 'cache'));
      const stopFront = await startNginx(binary, dir, front);
      try {
        await measure('nginx micro-cache → PostgreSQL', 'article', `http://127.0.0.1:${NGINX_PORT}`, fixed(article), app.pid);
      } finally {
        await stopFront();
      }
    } finally {
      await app.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

ensureBuild();
console.log(`bench:http: ${articles} articles, ${connections} connections, ${seconds} s per row (after a warm-up)\n`);
let last: { article: string; baseBytes: Buffer | null; database: BenchDatabaseHandle } | null = null;
const prepared: BenchDatabaseHandle[] = [];
try {
  for (const kind of databasesFromArgs(argv)) {
    const database = await prepareBenchDatabase(kind, articles);
    prepared.push(database);
    const { article, baseBytes } = await benchDatabase(database);
    last = { article, baseBytes, database };
  }
  const nginx = nginxInstalled();
  if (!nginx) console.log('\nnginx is not installed: the nginx rows are skipped (apt-get install nginx to add them).');
  else if (last?.baseBytes) await benchNginx(nginx, last.article, last.baseBytes, last.database);
} finally {
  for (const database of prepared) await database.drop();
}

console.log('');
console.table(rows);
const cachedArticle = rows.filter((r) => r.page === 'article' && r.setup.endsWith('page cache'));
const nginxRow = rows.find((r) => r.setup.startsWith('nginx, static'));
if (nginxRow) {
  for (const row of cachedArticle) {
    console.log(`${row.setup} article / nginx static: ${(row['req/s'] / nginxRow['req/s']).toFixed(2)} ×`);
  }
}
const one = rows.find((r) => r.setup.endsWith('WORKERS=1'));
const many = rows.find((r) => r.setup.endsWith(`WORKERS=${workers}`) && workers > 1);
if (one && many)
  console.log(`WORKERS=${workers} / WORKERS=1 (uncached article, PostgreSQL): ${(many['req/s'] / one['req/s']).toFixed(2)} ×`);
const sharedOne = rows.find((r) => r.setup === 'PostgreSQL, cache + Redis, WORKERS=1');
const sharedMany = rows.find((r) => r.setup === `PostgreSQL, cache + Redis, WORKERS=${workers}`);
if (sharedOne && sharedMany) {
  console.log(
    `WORKERS=${workers} / WORKERS=1 (page cache shared through Redis, PostgreSQL): ${(sharedMany['req/s'] / sharedOne['req/s']).toFixed(2)} ×`,
  );
}
