/**
 * npm run bench:nginx-front [-- --seconds=5 --rounds=3 --connections=32 variant.conf …]
 * Tuning deploy/nginx.conf for a proxy-cache hit (issue 22): nginx gzip_static serving the article's very bytes
 * (the reference), then deploy/nginx.conf and each variant given (a copy of it with one setting changed) in front of
 * our server (PostgreSQL, page cache on), one after the other, for several rounds. Each variant's ratio to the
 * reference of its own round, so that a change of the machine's load between rounds cancels out; the median of
 * the rounds is printed. Bounded: rounds × (1 + variants) runs of `--seconds`.
 */
import { request as httpRequest } from 'node:http';
import { resolve } from 'node:path';
import { ensureBuild, numberArg, prepareBenchDatabase, serveBench } from './benchServer.ts';
import { frontServerBlocks, nginxBinary, nginxPrefix, startNginx, staticServerBlock } from './nginxBench.ts';
import { cpuTicks, loadAverage, processTree } from './procStats.ts';
import { clockTicks, ensureWrk, runWrk } from './wrk.ts';
import { median } from './stats.ts';

const argv = process.argv.slice(2);
const seconds = numberArg(argv, 'seconds', 5);
const rounds = numberArg(argv, 'rounds', 3);
const connections = numberArg(argv, 'connections', 32);
const variants = [
  resolve(import.meta.dirname, '../../deploy/nginx.conf'),
  ...argv.filter((arg) => !arg.startsWith('--')).map((path) => resolve(path)),
];
const APP_PORT = 4613;
const NGINX_PORT = 4614;
const HEADERS = { accept: 'text/html,application/json', 'accept-encoding': 'gzip' };

function rawGet(url: string, headers: Record<string, string>): Promise<{ headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((done, fail) => {
    httpRequest(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => done({ headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', fail);
    })
      .on('error', fail)
      .end();
  });
}

const nginx = nginxBinary();
if (!nginx) throw new Error('nginx is not installed (apt-get install nginx)');
const wrk = ensureWrk();
ensureBuild();
const database = await prepareBenchDatabase('postgres', 200);
const app = await serveBench(database, APP_PORT);
const prefix = nginxPrefix();
const ratios = new Map<string, number[]>(variants.map((variant) => [variant, []]));
// nginx's CPU time per request: what a setting changes, whatever else the shared cores run meanwhile.
const costs = new Map<string, number[]>(variants.map((variant) => [variant, []]));
const referenceCosts: number[] = [];
try {
  const list = (await (await fetch(`${app.baseUrl}/api/articles?limit=1`)).json()) as { results: { fullUrl: string }[] };
  const article = list.results[0]?.fullUrl as string;
  await rawGet(`${app.baseUrl}${article}`, HEADERS);
  const gzip = await rawGet(`${app.baseUrl}${article}`, HEADERS);
  const identity = await rawGet(`${app.baseUrl}${article}`, { 'accept-encoding': 'identity' });
  const run = async (label: string, blocks: string) => {
    const server = await startNginx(nginx, prefix.dir, NGINX_PORT, blocks);
    try {
      const options = { url: `http://127.0.0.1:${NGINX_PORT}`, paths: [article], connections, threads: 2, headers: HEADERS };
      await runWrk(wrk, { ...options, seconds: 1 });
      const pids = processTree(server.pid);
      const before = cpuTicks(pids);
      const result = await runWrk(wrk, { ...options, seconds });
      const cpuUs = ((cpuTicks(pids) - before) / clockTicks() / result.requests) * 1e6;
      const probe = await rawGet(`${options.url}${article}`, HEADERS);
      if (probe.headers['content-encoding'] !== 'gzip') throw new Error(`${label}: not gzip`);
      console.log(
        `${label.padEnd(40)} ${String(result.rps).padStart(6)} req/s  nginx ${cpuUs.toFixed(1)} µs/req  p99 ${result.p99} ms  wrk ${result.cpuCores.toFixed(2)} cores  ${result.errors} errors  cache ${String(probe.headers['x-proxy-cache'] ?? '–')}  load ${loadAverage()}`,
      );
      return { rps: result.rps, cpuUs };
    } finally {
      await server.stop();
    }
  };
  for (let round = 1; round <= rounds; round++) {
    console.log(`round ${round}`);
    const reference = await run('nginx gzip_static', staticServerBlock(prefix.dir, NGINX_PORT, article, identity.body, gzip.body));
    referenceCosts.push(reference.cpuUs);
    for (const variant of variants) {
      const { rps, cpuUs } = await run(variant.replace(/.*\//, ''), frontServerBlocks(prefix.dir, NGINX_PORT, APP_PORT, variant));
      ratios.get(variant)?.push(rps / reference.rps);
      costs.get(variant)?.push(cpuUs);
    }
  }
} finally {
  await app.stop();
  prefix.remove();
  await database.drop();
}
const list = (values: number[], digits: number) => values.map((value) => value.toFixed(digits)).join(', ');
console.log('\nnginx CPU µs per request and ratio of req/s to nginx gzip_static (medians of the rounds; each round in brackets):');
console.log(`${'nginx gzip_static'.padEnd(40)} ${median(referenceCosts).toFixed(1).padStart(6)} µs/req   (${list(referenceCosts, 1)})`);
for (const [variant, values] of ratios) {
  const cost = costs.get(variant) ?? [];
  console.log(
    `${variant.replace(/.*\//, '').padEnd(40)} ${median(cost).toFixed(1).padStart(6)} µs/req   (${list(cost, 1)})   ${median(values).toFixed(2)} ×   (${list(values, 2)})`,
  );
}
