/**
 * The load generator of the HTTP benchmarks: Debian's `wrk` (C, epoll, one thread a core), driven through a
 * Lua script whose `done` hook prints its counts, latency percentiles and its own CPU time as one JSON line, so
 * nothing depends on the layout of wrk's text report. One Node process (autocannon) saturated near a few
 * thousand requests per second on these 2 cores: every figure above that measured the generator (issue 22).
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface WrkOptions {
  url: string;
  /** Addresses read in turn, one a request (several connections interleave); one address when absent. */
  paths?: string[];
  seconds: number;
  connections: number;
  threads: number;
  headers: Record<string, string>;
  /** Lua added after the script (its own `request`, `response`, `delay`…; it may wrap `done`). */
  lua?: string;
}

export interface WrkResult {
  requests: number;
  seconds: number;
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  /** Socket errors, timeouts and answers with a status ≥ 400. */
  errors: number;
  /** wrk's own CPU time (all its threads) over the run, in cores: 1 = one core busy the whole run. */
  cpuCores: number;
}

const MARK = 'WRK_JSON ';

/** wrk on the PATH, installed from Debian when missing and allowed to (as `.ci/run` does for Chromium). */
export function ensureWrk(): string {
  const found = which('wrk');
  if (found) return found;
  if (process.getuid?.() !== 0) {
    console.error('bench:http drives the load with wrk, which is not installed: run `sudo apt-get install -y wrk`, then again.');
    process.exit(1);
  }
  console.log('wrk is not installed: apt-get install -y wrk…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  try {
    execFileSync('apt-get', ['install', '-y', '-qq', 'wrk'], { stdio: 'inherit', env });
  } catch {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '-qq', 'wrk'], { stdio: 'inherit', env });
  }
  const installed = which('wrk');
  if (!installed) throw new Error('apt-get installed wrk, but it is not on the PATH');
  return installed;
}

function which(command: string): string | null {
  for (const dir of (process.env.PATH ?? '/usr/bin').split(':')) {
    const candidate = join(dir, command);
    if (dir && existsSync(candidate)) return candidate;
  }
  return null;
}

const luaString = (value: string) => JSON.stringify(value); // a JSON string is a valid Lua string literal for ASCII

/** The Lua script: headers, the addresses in turn (pre-formatted once per thread), and the JSON `done` hook. */
export function wrkScript(headers: Record<string, string>, paths?: string[]): string {
  const headerLines = Object.entries(headers)
    .map(([name, value]) => `wrk.headers[${luaString(name)}] = ${luaString(value)}`)
    .join('\n');
  const rotation = paths?.length
    ? `
local paths = { ${paths.map(luaString).join(', ')} }
local formatted, i = {}, 0
function init(args)
  -- Each thread starts at another place of the list, so the threads do not read the same address together.
  for k, path in ipairs(paths) do formatted[k] = wrk.format(nil, path) end
  i = math.random(#paths) - 1
end
function request()
  i = i % #formatted + 1
  return formatted[i]
end
`
    : '';
  return `${headerLines}
${rotation}
function done(summary, latency, requests)
  -- utime and stime of the whole process (every thread), fields 14 and 15 of /proc/self/stat, after the ')' of the name.
  local stat = io.open("/proc/self/stat"):read("*a")
  local fields = {}
  for field in stat:match("%) (.*)"):gmatch("%S+") do fields[#fields + 1] = field end
  local e = summary.errors
  io.write(string.format(
    '${MARK}{"requests":%d,"durationUs":%d,"p50":%d,"p90":%d,"p99":%d,"errors":%d,"utime":%d,"stime":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(90), latency:percentile(99),
    e.connect + e.read + e.write + e.status + e.timeout, tonumber(fields[12]), tonumber(fields[13])))
end
`;
}

let ticksPerSecond = 0;
/** Clock ticks a second, the unit of utime and stime in /proc. */
export function clockTicks(): number {
  if (!ticksPerSecond) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/** Parses the JSON line of the `done` hook out of wrk's output. */
export function parseWrkOutput(output: string): WrkResult {
  const line = output.split('\n').find((each) => each.startsWith(MARK));
  if (!line) throw new Error(`wrk printed no result:\n${output}`);
  const raw = JSON.parse(line.slice(MARK.length)) as Record<string, number>;
  const seconds = (raw.durationUs as number) / 1e6;
  const ms = (us: number | undefined) => Math.round(((us ?? 0) / 1000) * 10) / 10;
  return {
    requests: raw.requests as number,
    seconds,
    rps: Math.round((raw.requests as number) / seconds),
    p50: ms(raw.p50),
    p90: ms(raw.p90),
    p99: ms(raw.p99),
    errors: raw.errors as number,
    cpuCores: ((raw.utime as number) + (raw.stime as number)) / clockTicks() / seconds,
  };
}

/** One wrk run, keep-alive; resolves when wrk has stopped by itself after `seconds`. */
export async function runWrk(binary: string, options: WrkOptions): Promise<WrkResult> {
  return (await runWrkWithOutput(binary, options)).result;
}

/** The same, with wrk's whole output (for what an added Lua script prints). */
export async function runWrkWithOutput(binary: string, options: WrkOptions): Promise<{ result: WrkResult; output: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'piquante-wrk-'));
  try {
    const script = join(dir, 'bench.lua');
    writeFileSync(script, `${wrkScript(options.headers, options.paths)}${options.lua ?? ''}`);
    const args = [
      `-t${options.threads}`,
      `-c${options.connections}`,
      `-d${options.seconds}s`,
      '--timeout',
      '10s',
      '-s',
      script,
      options.url,
    ];
    const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((done) => child.once('exit', done));
    if (code !== 0) throw new Error(`wrk exited with ${code}:\n${output}`);
    return { result: parseWrkOutput(output), output };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
