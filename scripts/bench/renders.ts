/**
 * npm run bench:renders [-- --seconds=10 --connections=16 --rounds=2 --port=4620 | --url=http://127.0.0.1:4620]
 * Uncached renders (issue 22): article, home and category pages with the page cache off
 * (PAGE_CACHE_MAX_BYTES=0), one process (WORKERS=1), on PostgreSQL with 2 000 articles (BENCH_DATABASE_URL,
 * default the local server), driven by wrk (2 threads) — articles rotate over 100 addresses. Prints req/s,
 * p50, p99, the server's CPU time per request (from /proc, so the machine's other load shows less than in
 * req/s) and the load average at the end of each row. With --url it measures a server already running
 * (then without CPU time). Bounded: a warm-up, then `rounds` runs of each page.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuild, numberArg, prepareBenchDatabase, serveBench } from './benchServer.ts';

const argv = process.argv.slice(2);
const seconds = numberArg(argv, 'seconds', 10);
const connections = numberArg(argv, 'connections', 16);
const rounds = numberArg(argv, 'rounds', 2);
const port = numberArg(argv, 'port', 4620);
const externalUrl = argv.find((arg) => arg.startsWith('--url='))?.slice(6);

const dir = mkdtempSync(join(tmpdir(), 'piquante-renders-'));
const database = externalUrl ? null : await prepareBenchDatabase('postgres', 2000);
if (!externalUrl) ensureBuild();
const server = database ? await serveBench(database, port, { PAGE_CACHE_MAX_BYTES: '0', WORKERS: '1' }) : null;
const baseUrl = (externalUrl ?? server?.baseUrl ?? '').replace(/\/+$/, '');

/** utime + stime of the server process, in ms (Linux). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

function wrk(script: string, path: string, duration: number): string {
  return execFileSync('wrk', ['-t2', `-c${connections}`, `-d${duration}s`, '--latency', '-s', script, `${baseUrl}${path}`], {
    encoding: 'utf8',
  });
}

try {
  const paths: string[] = [];
  for (let offset = 0; paths.length < 100; offset += 100) {
    const { results } = (await (await fetch(`${baseUrl}/api/articles?limit=100&offset=${offset}`)).json()) as {
      results: { fullUrl: string }[];
    };
    if (results.length === 0) break;
    paths.push(...results.filter((_, i) => i % 10 === 0).map((r) => r.fullUrl));
  }
  const headers = 'wrk.headers["Accept"] = "text/html"\nwrk.headers["Accept-Encoding"] = "gzip, br"\n';
  writeFileSync(join(dir, 'paths.txt'), `${paths.join('\n')}\n`);
  const rotate = join(dir, 'rotate.lua');
  writeFileSync(
    rotate,
    `${headers}local paths = {}\nfor line in io.lines("${join(dir, 'paths.txt')}") do paths[#paths + 1] = line end\nlocal i = 0\nrequest = function()\n  i = i % #paths + 1\n  return wrk.format("GET", paths[i])\nend\n`,
  );
  const single = join(dir, 'single.lua');
  writeFileSync(single, headers);
  const pages = [
    { page: 'article (100 addresses)', script: rotate, path: '' },
    { page: 'home /', script: single, path: '/' },
    { page: 'category /food', script: single, path: '/food' },
  ];
  for (const { script, path } of pages) wrk(script, path, 3); // warm-up
  const rows = [];
  for (let round = 1; round <= rounds; round++) {
    for (const { page, script, path } of pages) {
      const before = server ? cpuMs(server.pid) : 0;
      const out = wrk(script, path, seconds);
      const after = server ? cpuMs(server.pid) : 0;
      const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? 0);
      rows.push({
        round,
        page,
        'req/s': Math.round(Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0)),
        p50: /\s50%\s+(\S+)/.exec(out)?.[1],
        p99: /\s99%\s+(\S+)/.exec(out)?.[1],
        'non-2xx': Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0),
        'CPU ms/request': server && requests ? ((after - before) / requests).toFixed(2) : '–',
        load: loadavg()
          .map((n) => n.toFixed(2))
          .join(' '),
      });
    }
  }
  console.table(rows);
} finally {
  await server?.stop();
  await database?.drop();
  rmSync(dir, { recursive: true, force: true });
}
