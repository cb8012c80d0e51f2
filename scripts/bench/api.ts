/**
 * npm run bench:api [-- --db=pglite|postgres --articles=100000 --seconds=10 --connections=10]
 * Requests per second and p99 latency of /api/articles and /api/article/{url}, on loopback,
 * against the production build, over a 100 000-article corpus. Bounded: it stops by itself.
 */
import autocannon from 'autocannon';
import { databasesFromArgs, ensureBuild, numberArg, startBenchServer } from './benchServer.ts';

const argv = process.argv.slice(2);
const articles = numberArg(argv, 'articles', 100_000);
const seconds = numberArg(argv, 'seconds', 10);
const connections = numberArg(argv, 'connections', 10);

interface Row {
  database: string;
  endpoint: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
}

async function load(title: string, baseUrl: string, paths: () => string): Promise<autocannon.Result> {
  return autocannon({
    url: baseUrl,
    connections,
    duration: seconds,
    title,
    requests: [{ setupRequest: (request) => ({ ...request, path: paths() }) }],
  });
}

ensureBuild();
const rows: Row[] = [];
for (const database of databasesFromArgs(argv)) {
  const server = await startBenchServer(database, articles, 4400);
  try {
    // Article urls spread over the corpus, so the benchmark is not one hot row.
    const urls: string[] = [];
    for (let offset = 0; offset < articles; offset += Math.max(1, Math.floor(articles / 50))) {
      const response = await fetch(`${server.baseUrl}/api/articles?limit=20&offset=${offset}`);
      const { results } = (await response.json()) as { results: { url: string }[] };
      urls.push(...results.map((r) => r.url));
    }
    let i = 0;
    const maxOffset = Math.min(articles - 12, 10_000);
    const scenarios: [string, () => string][] = [
      ['/api/articles', () => `/api/articles?limit=12&offset=${12 * ((i++ * 7919) % Math.floor(maxOffset / 12))}`],
      ['/api/article/{url}', () => `/api/article/${urls[i++ % urls.length]}`],
    ];
    for (const [endpoint, paths] of scenarios) {
      await load(`${database} ${endpoint}`, server.baseUrl, paths); // warm-up run, discarded
      const result = await load(`${database} ${endpoint}`, server.baseUrl, paths);
      rows.push({
        database,
        endpoint,
        reqPerSec: Math.round(result.requests.average),
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: result.errors + result.non2xx,
      });
    }
  } finally {
    await server.stop();
  }
}

console.log(`\n${articles} articles, ${connections} connections, ${seconds} s per run, loopback`);
console.log('| database | endpoint | req/s | p50 (ms) | p99 (ms) | errors |');
console.log('|---|---|---:|---:|---:|---:|');
for (const r of rows) {
  console.log(`| ${r.database} | ${r.endpoint} | ${r.reqPerSec} | ${r.p50} | ${r.p99} | ${r.errors} |`);
}
