/**
 * npm run bench:young-gen [-- --semi=8,16,32,64 --seconds=10 --connections=16 --rounds=2 --port=4640]
 * What V8's young generation costs a render, by its size (decision 029): for each `--max-semi-space-size` (MB),
 * the production server with the page cache off (PAGE_CACHE_MAX_BYTES=0, WORKERS=1, PostgreSQL, 2 000 articles,
 * as bench:renders) under wrk for the article (100 addresses), the home and a category. Prints per request the
 * time V8 spent collecting (from the preloaded gcProbe.mjs: minor and major collections, counted and timed) and
 * the server's CPU time. Pauses for garbage depend far less than CPU time on what else shares the machine: they
 * show what a size costs where whole renders drown it in noise. Sizes alternate within each round.
 */
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { articlePaths, ensureBuild, numberArg, prepareBenchDatabase, readProbeReport, serveBench } from './benchServer.ts';
import { median } from './stats.ts';
import { ensureWrk, runWrk } from './wrk.ts';

const argv = process.argv.slice(2);
const sizes = (argv.find((arg) => arg.startsWith('--semi='))?.slice(7) ?? '8,16,32,64').split(',').map(Number);
const seconds = numberArg(argv, 'seconds', 10);
const connections = numberArg(argv, 'connections', 16);
const rounds = numberArg(argv, 'rounds', 2);
const port = numberArg(argv, 'port', 4640);
const HEADERS = { accept: 'text/html', 'accept-encoding': 'gzip, br' };

interface ProbeReading {
  collections: Record<string, { count: number; ms: number }>;
  cpuMs: number;
}

/** The probe's counts since the last reading (it starts over at each). */
async function readProbe(pid: number, out: string): Promise<ProbeReading> {
  const reading = await readProbeReport<ProbeReading>(pid, out);
  if (!reading) throw new Error('gcProbe.mjs did not answer');
  return reading;
}

interface Sample {
  page: string;
  size: number;
  gcUs: number;
  minorCount: number;
  requests: number;
  cpuMs: number;
  rps: number;
}

ensureBuild();
const wrk = ensureWrk();
const database = await prepareBenchDatabase('postgres', 2000);
const out = join(tmpdir(), `piquante-gc-probe-${process.pid}.json`);
const samples: Sample[] = [];
try {
  for (let round = 1; round <= rounds; round++) {
    for (const size of sizes) {
      const server = await serveBench(database, port, { PAGE_CACHE_MAX_BYTES: '0', WORKERS: '1', GC_PROBE_OUT: out }, [
        '--import',
        './scripts/bench/gcProbe.mjs',
        `--max-semi-space-size=${size}`,
      ]);
      try {
        const pages: [string, string[]][] = [
          ['article', await articlePaths(server.baseUrl, 100)],
          ['home', ['/']],
          ['category', ['/food']],
        ];
        for (const [page, paths] of pages) {
          // Warm-up: the code compiled and the lists cached before counting.
          await runWrk(wrk, { url: server.baseUrl, paths, seconds: 2, connections, threads: 2, headers: HEADERS });
          await readProbe(server.pid, out);
          const result = await runWrk(wrk, { url: server.baseUrl, paths, seconds, connections, threads: 2, headers: HEADERS });
          const reading = await readProbe(server.pid, out);
          const requests = Math.max(1, result.requests);
          const gcMs = Object.values(reading.collections).reduce((sum, kind) => sum + kind.ms, 0);
          const sample = {
            page,
            size,
            gcUs: (gcMs * 1000) / requests,
            minorCount: reading.collections.minor?.count ?? 0,
            requests,
            cpuMs: reading.cpuMs / requests,
            rps: result.rps,
          };
          samples.push(sample);
          console.log(
            `round ${round}, ${String(size).padStart(2)} MB, ${page.padEnd(8)}: GC ${Math.round(sample.gcUs)} µs/req (${sample.minorCount} minor), CPU ${sample.cpuMs.toFixed(2)} ms/req, ${Math.round(result.rps)} req/s`,
          );
        }
      } finally {
        await server.stop();
      }
    }
  }
} finally {
  rmSync(out, { force: true });
  await database.drop();
}

console.log(`\nMedians of ${rounds} round(s), wrk -t2 -c${connections} -d${seconds}s, PostgreSQL, page cache off\n`);
console.log('| page | semi-space MB | GC µs/request | minor collections / 1 000 requests | CPU ms/request | req/s |');
console.log('| ---- | ------------: | ------------: | ---------------------------------: | -------------: | ----: |');
for (const page of ['article', 'home', 'category']) {
  for (const size of sizes) {
    const mine = samples.filter((sample) => sample.page === page && sample.size === size);
    const perThousand = mine.map((sample) => (sample.minorCount * 1000) / sample.requests);
    console.log(
      `| ${page} | ${size} | ${Math.round(median(mine.map((sample) => sample.gcUs)))} | ${median(perThousand).toFixed(1)} | ${median(mine.map((sample) => sample.cpuMs)).toFixed(2)} | ${Math.round(median(mine.map((sample) => sample.rps)))} |`,
    );
  }
}
