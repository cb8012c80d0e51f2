/**
 * npm run bench:audience-http [-- --db=pglite|postgres --seconds=10 --connections=64 --beacon-rate=1000 --rounds=3 --articles=200 --port=5181 --beacon-path=0]
 *
 * The audience beacon against the real production build (scripts/serve.mjs on 127.0.0.1, PGlite), driven by
 * wrk (a Node load generator saturates first on these 2 cores, issue 22):
 *  1. beacons per second one process sustains: POST /api/audience/hits as sendBeacon sends it, 500 pages,
 *     10 000 readers' addresses behind our proxy (TRUST_PROXY=1, so the per-IP limit is paid, not tripped);
 *  2. the page cache with beacons flowing: wrk on 50 warm article pages alone, then the same while a second
 *     wrk sends beacons at a fixed rate, in turn `rounds` times (the machine's other jobs come and go: medians
 *     compared); pages per second and the share answered `x-cache: HIT`.
 * On PGlite, the page views the recorder wrote are then read back (every 204 was counted). --beacon-path=0 starts the
 * server with AUDIENCE_BEACON_PATH=0: beacons through srvx and the API router, as before their node:http path (to compare).
 * --pin: the server (every thread) on CPU 0 and the load generators on CPU 1 (`taskset`), so that what the second wrk
 * spends sending beacons is not taken from the server: the comparison then measures the server's own cost of beacons.
 * The order alone/with beacons alternates round by round (ABBA), so a drift over the run does not favour one side.
 * --mixed: the beacons travel in the page load's own stream (one request in N, N = pages/s alone ÷ --beacon-rate)
 * instead of from a second, mostly idle wrk. On loopback a response to an idle client pays, inside the server's
 * `write`, for the kernel waking that client on the other core: a profile put most of a paced beacon's cost there
 * (send204 → writeLatin1String), five times its cost in a busy stream. Readers' beacons arrive over a network card,
 * where no such wake-up is charged to the server; the mixed stream measures the server's own cost of a beacon.
 */
import { execFileSync } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../src/db/client.ts';
import { rowsOf } from '../../src/db/queryResults.ts';
import {
  articlePaths,
  type BenchDatabase,
  databasesFromArgs,
  ensureBuild,
  numberArg,
  prepareBenchDatabase,
  serveBench,
} from './benchServer.ts';
import { cpuTicks, loadAverage } from './procStats.ts';
import { clockTicks, ensureWrk, runWrkWithOutput, type WrkResult } from './wrk.ts';
import { median } from './stats.ts';

const argv = process.argv.slice(2);
const seconds = numberArg(argv, 'seconds', 10);
const connections = numberArg(argv, 'connections', 64);
const beaconRate = numberArg(argv, 'beacon-rate', 1000);
const articles = numberArg(argv, 'articles', 200);
const rounds = numberArg(argv, 'rounds', 3);
// --port: the server's port on 127.0.0.1 (several benches may run side by side on a shared machine).
const PORT = numberArg(argv, 'port', 5181);
const beaconPath = !argv.includes('--beacon-path=0');
const pin = argv.includes('--pin');
const mixed = argv.includes('--mixed');
/** Puts every thread of a process on the given CPUs (children inherit it). */
const pinProcess = (pid: number, cpus: string) => execFileSync('taskset', ['-a', '-cp', cpus, String(pid)], { stdio: 'ignore' });
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** Fills the Lua table `into` with 1 000 beacons: a page among 500, a reader among 10 000, a referrer one in three. */
function formatBeaconsLua(into: string): string {
  return `for k = 1, 1000 do
    local referrer = (k % 3 == 0) and ',"referrer":"www.google.com"' or ''
    local body = '{"path":"/bench/page-' .. (k % 500) .. '","view":true' .. referrer .. '}'
    local ip = '10.' .. (k % 40) .. '.' .. math.random(0, 250) .. '.' .. math.random(1, 250)
    ${into}[k] = wrk.format("POST", "/api/audience/hits", { ["content-type"] = "text/plain;charset=UTF-8",
      ["user-agent"] = ${JSON.stringify(CHROME)}, ["x-forwarded-for"] = ip }, body)
  end`;
}

/** Beacons, pre-formatted once per thread. */
function beaconLua(delayMs: number): string {
  return `
local formatted, i = {}, 0
function init(args)
${formatBeaconsLua('formatted')}
  i = math.random(#formatted) - 1
end
function request()
  i = i % #formatted + 1
  return formatted[i]
end
${delayMs > 0 ? `function delay() return ${delayMs} end` : ''}
`;
}

/** Pages in turn with a beacon every `every` requests, in the same stream; counts the beacons sent (WRK_BEACONS). */
function mixedLua(paths: string[], every: number): string {
  return `
local paths = { ${paths.map((path) => JSON.stringify(path)).join(', ')} }
local pages, beacons, i, j, n = {}, {}, 0, 0, 0
sent = 0
function init(args)
  for k, path in ipairs(paths) do pages[k] = wrk.format("GET", path, { ["accept-encoding"] = "br, gzip" }) end
${formatBeaconsLua('beacons')}
  i = math.random(#pages) - 1
end
function request()
  n = n + 1
  if n % ${every} == 0 then
    sent = sent + 1
    j = j % #beacons + 1
    return beacons[j]
  end
  i = i % #pages + 1
  return pages[i]
end
local mixed_threads = {}
local base_setup = setup
function setup(thread)
  if base_setup then base_setup(thread) end
  table.insert(mixed_threads, thread)
end
local hits_done = done
function done(summary, latency, requests)
  hits_done(summary, latency, requests)
  local total = 0
  for _, thread in ipairs(mixed_threads) do total = total + thread:get("sent") end
  io.write(string.format("WRK_BEACONS %d\\n", total))
end
`;
}

/** Counts the answers the page cache served (its `x-cache: HIT`), added to the shared script's rotation. */
const hitsLua = `
local threads = {}
hits = 0 -- a global: thread:get reads a thread's globals
function setup(thread) table.insert(threads, thread) end
function response(status, headers, body)
  if headers["x-cache"] == "HIT" or headers["X-Cache"] == "HIT" then hits = hits + 1 end
end
local base_done = done
function done(summary, latency, requests)
  base_done(summary, latency, requests)
  local total = 0
  for _, thread in ipairs(threads) do total = total + thread:get("hits") end
  io.write(string.format("WRK_HITS %d\\n", total))
end
`;

interface Run extends WrkResult {
  hits: number | null;
  /** Beacons inside the stream (--mixed): not pages. */
  beacons: number;
  /** The server process's CPU time (every thread) per page answered, in µs: what a page costs, beacons' share included. */
  cpuPerPage?: number;
  /** The server's CPU time over the run's time: below ~0.95 with --pin, the load generator, not the server, set the pace. */
  serverBusy?: number;
}

async function wrk(
  binary: string,
  url: string,
  options: { connections: number; threads: number; seconds: number; lua: string; paths?: string[]; headers?: Record<string, string> },
): Promise<Run> {
  const { result, output } = await runWrkWithOutput(binary, { url, headers: {}, ...options });
  const hits = output.match(/^WRK_HITS (\d+)$/m);
  const beacons = Number(output.match(/^WRK_BEACONS (\d+)$/m)?.[1] ?? 0);
  if (beacons === 0) return { ...result, hits: hits ? Number(hits[1]) : null, beacons };
  // Pages only: the beacons' share of the stream taken out of its rate and request count.
  const pages = result.requests - beacons;
  return {
    ...result,
    requests: pages,
    rps: Math.round((result.rps * pages) / result.requests),
    hits: hits ? Number(hits[1]) : null,
    beacons,
  };
}

async function benchOn(kind: BenchDatabase): Promise<void> {
  const database = await prepareBenchDatabase(kind, articles);
  const server = await serveBench(database, PORT, { TRUST_PROXY: '1', ...(beaconPath ? {} : { AUDIENCE_BEACON_PATH: '0' }) });
  if (pin) {
    pinProcess(server.pid, '0');
    pinProcess(process.pid, '1');
  }
  const rows: Record<string, string | number>[] = [];
  let answered = 0;
  try {
    const base = server.baseUrl;
    const warm = await wrk(binary, base, { connections: 8, threads: 1, seconds: 2, lua: beaconLua(0) }); // warm-up (JIT)
    answered += warm.requests - warm.errors;
    const beacons = await wrk(binary, base, { connections, threads: 1, seconds, lua: beaconLua(0) });
    answered += beacons.requests - beacons.errors;
    rows.push({ run: 'beacons alone', 'req/s': beacons.rps, 'p50 ms': beacons.p50, 'p99 ms': beacons.p99, errors: beacons.errors });

    const pages = await articlePaths(base, 50);
    // The measured runs do not read answers in Lua (wrk's `response()` makes it parse every page and call Lua:
    // it, not the server, then sets the pace); the hit rate is read by separate runs after them.
    const pageLoad = { lua: '', paths: pages, headers: { 'accept-encoding': 'br, gzip' } };
    await wrk(binary, base, { connections: 8, threads: 1, seconds: 2, ...pageLoad }); // fills the page cache
    // Alone and with beacons in turn, `rounds` times: the machine's other jobs come and go, the medians compare.
    const alone: Run[] = [];
    const flowing: Run[] = [];
    const side: Run[] = [];
    // The server's CPU per page: far steadier than pages per second when other jobs share the cores.
    const measured = async (run: () => Promise<Run>): Promise<Run> => {
      const before = cpuTicks([server.pid]);
      const result = await run();
      const micros = ((cpuTicks([server.pid]) - before) / clockTicks()) * 1e6;
      return {
        ...result,
        cpuPerPage: Math.round((micros / Math.max(1, result.requests)) * 10) / 10,
        serverBusy: micros / (seconds * 1e6),
      };
    };
    const runAlone = async () => {
      alone.push(await measured(() => wrk(binary, base, { connections: 32, threads: 1, seconds, ...pageLoad })));
    };
    let every: number | undefined;
    const pacedDelayMs = Math.round((10 * 1000) / beaconRate);
    const runFlowing = async () => {
      if (mixed) {
        // One share of the stream for every round, sized on the first round alone: the rounds then compare alike.
        every ??= Math.max(2, Math.round((alone[0]?.rps ?? 20_000) / beaconRate));
        const share = every;
        const run = await measured(() => wrk(binary, base, { connections: 32, threads: 1, seconds, lua: mixedLua(pages, share) }));
        flowing.push(run);
        side.push({ ...run, rps: Math.round(run.beacons / seconds), requests: run.beacons, errors: 0 });
        return;
      }
      // The beacons at a fixed rate: each of 10 connections waits 10 000 / rate ms between two beacons.
      const sending = wrk(binary, base, { connections: 10, threads: 1, seconds, lua: beaconLua(pacedDelayMs) });
      flowing.push(await measured(() => wrk(binary, base, { connections: 32, threads: 1, seconds, ...pageLoad })));
      side.push(await sending);
    };
    for (let round = 0; round < rounds; round++) {
      if (round % 2 === 0) {
        await runAlone();
        await runFlowing();
      } else {
        await runFlowing();
        await runAlone();
      }
    }
    answered += side.reduce((sum, run) => sum + run.requests - run.errors, 0);
    // The hit rate, alone and with beacons, each from one short run that reads every answer's X-Cache.
    const hitRuns = {
      alone: await wrk(binary, base, { connections: 32, threads: 1, seconds: 2, ...pageLoad, lua: hitsLua }),
      flowing: mixed
        ? await wrk(binary, base, {
            connections: 32,
            threads: 1,
            seconds: 2,
            lua: `${hitsLua}${mixedLua(pages, every ?? 20)}`,
          })
        : await (async () => {
            const sending = wrk(binary, base, { connections: 10, threads: 1, seconds: 2, lua: beaconLua(pacedDelayMs) });
            const pagesRun = await wrk(binary, base, { connections: 32, threads: 1, seconds: 2, ...pageLoad, lua: hitsLua });
            const sent = await sending;
            answered += sent.requests - sent.errors;
            return pagesRun;
          })(),
    };
    if (mixed) answered += hitRuns.flowing.beacons;
    const hitRate = (run: Run) => `${(((run.hits ?? 0) / Math.max(1, run.requests)) * 100).toFixed(1)} %`;
    const busy = (results: Run[]) => `${Math.round(median(results.map((r) => r.serverBusy ?? 0)) * 100)} %`;
    const pageRow = (run: string, results: Run[], hits: Run) => ({
      run,
      'req/s': median(results.map((r) => r.rps)),
      'p50 ms': median(results.map((r) => r.p50)),
      'p99 ms': median(results.map((r) => r.p99)),
      'server µs/page': median(results.map((r) => r.cpuPerPage ?? 0)),
      'server busy': busy(results),
      'wrk busy': `${Math.round(median(results.map((r) => r.cpuCores)) * 100)} %`,
      errors: results.reduce((sum, r) => sum + r.errors, 0),
      'hit rate': hitRate(hits),
    });
    const sideRate = median(side.map((r) => r.rps));
    rows.push(pageRow(`article pages alone (median of ${rounds})`, alone, hitRuns.alone));
    rows.push(pageRow(`article pages with ${sideRate} beacons/s`, flowing, hitRuns.flowing));
    console.log(`\n${kind}${beaconPath ? '' : ' (AUDIENCE_BEACON_PATH=0)'}:`);
    console.table(rows);
    const change = (median(flowing.map((r) => r.rps)) - median(alone.map((r) => r.rps))) / median(alone.map((r) => r.rps));
    console.log(
      `Page throughput with beacons flowing: ${(change * 100).toFixed(1)} % (goal: within 5 %); rounds alone ${alone.map((r) => r.rps).join(', ')}, with ${flowing.map((r) => r.rps).join(', ')}`,
    );
    // Each round's two runs are back to back: the machine's speed, which drifts by tens of percent over
    // seconds on a shared host, mostly cancels in their ratio, not in the medians of the two series.
    const paired = (value: (run: Run) => number) =>
      median(alone.map((run, round) => value(flowing[round] ?? run) / Math.max(1e-9, value(run)) - 1));
    console.log(
      `Paired rounds (median of each round's own ratio): pages/s ${(paired((r) => r.rps) * 100).toFixed(1)} %, server µs/page ${(paired((r) => r.cpuPerPage ?? 0) * 100).toFixed(1)} %`,
    );
    const cpuAlone = median(alone.map((r) => r.cpuPerPage ?? 0));
    const cpuFlowing = median(flowing.map((r) => r.cpuPerPage ?? 0));
    // A page costing c µs of the server's CPU alone and c' with beacons: a saturated server answers c/c' as many.
    console.log(
      `Page capacity from the server's CPU per page: ${((cpuAlone / cpuFlowing - 1) * 100).toFixed(1)} % (µs/page alone ${alone.map((r) => r.cpuPerPage).join(', ')}; with ${flowing.map((r) => r.cpuPerPage).join(', ')}); load ${loadAverage()}; ${mixed ? 'beacons in the page stream' : 'beacons from a second wrk'}${pin ? ', server on CPU 0, load on CPU 1' : ''}`,
    );
  } finally {
    await server.stop();
  }
  if (kind === 'pglite') {
    const db = await openDatabase({ kind: 'pglite', dataDir: String(database.env.DATA_DIR) });
    const [written] = rowsOf<{ views: unknown }>(await db.db.execute(sql`select coalesce(sum(views), 0) as views from audience_pages`));
    console.log(`Beacons answered 204: ${answered}; page views written: ${Number(written?.views ?? 0)}`);
    await db.close();
  }
  await database.drop();
}

const binary = ensureWrk();
ensureBuild();
for (const kind of databasesFromArgs(argv)) await benchOn(kind);
