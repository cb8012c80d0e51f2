/**
 * npm run bench:ssr [-- --seconds=10 --connections=10 --url=http://127.0.0.1:4180]
 * Server-rendering throughput of the article page (requests per second and latency), on loopback,
 * against the production build: HTML requests spread over many articles, gzip accepted like a browser.
 * Without --url it builds if needed and serves the demo content on a throwaway embedded database.
 * Bounded: one warm-up run, one measured run, then it stops.
 */
import autocannon from 'autocannon';
import { articlePaths, ensureBuild, numberArg, startBenchServer } from './benchServer.ts';

const argv = process.argv.slice(2);
const seconds = numberArg(argv, 'seconds', 10);
const connections = numberArg(argv, 'connections', 10);
const externalUrl = argv.find((arg) => arg.startsWith('--url='))?.slice(6);

let server: Awaited<ReturnType<typeof startBenchServer>> | undefined;
let baseUrl = externalUrl?.replace(/\/+$/, '');
if (!baseUrl) {
  ensureBuild();
  server = await startBenchServer('pglite', 500, 4490);
  baseUrl = server.baseUrl;
}

try {
  const paths = await articlePaths(baseUrl, 200);
  let i = 0;
  const run = () =>
    autocannon({
      url: baseUrl,
      connections,
      duration: seconds,
      headers: { accept: 'text/html', 'accept-encoding': 'gzip' },
      requests: [{ setupRequest: (request) => ({ ...request, path: paths[i++ % paths.length] ?? '/' }) }],
    });
  await run(); // warm-up, discarded
  const result = await run();
  console.table([
    {
      page: 'article (/{slug}/{url})',
      connections,
      seconds,
      'req/s': Math.round(result.requests.average),
      'p50 ms': result.latency.p50,
      'p99 ms': result.latency.p99,
      errors: result.errors + result.non2xx,
    },
  ]);
} finally {
  await server?.stop();
}
