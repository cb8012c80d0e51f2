/**
 * npm run bench:static-junk [-- --requests=20000 --connections=32]
 * Memory of the production server before and after a burst of requests for long unknown static paths
 * (`/assets/<200 characters>-<n>.js`), the junk traffic of scanners and broken caches. Reads the server's
 * resident memory from /proc. Bounded: one burst, then it stops.
 */
import { readFileSync } from 'node:fs';
import { ensureBuild, numberArg, startBenchServer } from './benchServer.ts';

const argv = process.argv.slice(2);
const requests = numberArg(argv, 'requests', 20_000);
const connections = numberArg(argv, 'connections', 32);

function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return line ? Number(line[1]) / 1024 : Number.NaN;
}

async function burst(baseUrl: string, count: number) {
  let next = 0;
  let notFound = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < count) {
        const n = next++;
        const response = await fetch(`${baseUrl}/assets/${'x'.repeat(200)}-${n}-${Math.random().toString(36).slice(2)}.js`);
        await response.arrayBuffer();
        if (response.status === 404) notFound++;
      }
    }),
  );
  return { seconds: (performance.now() - started) / 1000, notFound };
}

ensureBuild();
const server = await startBenchServer('pglite', 100, 4491);
try {
  // A first, smaller burst of the same traffic lets the heap reach its working size: what follows
  // measures what the paths themselves cost (a leak grows with every burst, a working heap does not).
  await burst(server.baseUrl, Math.round(requests / 4));
  await new Promise((done) => setTimeout(done, 1000));
  const before = rssMb(server.pid);
  const first = await burst(server.baseUrl, requests);
  await new Promise((done) => setTimeout(done, 1000));
  const afterFirst = rssMb(server.pid);
  const second = await burst(server.baseUrl, requests);
  await new Promise((done) => setTimeout(done, 1000));
  const afterSecond = rssMb(server.pid);
  console.log(
    `${requests} unknown static paths in ${first.seconds.toFixed(1)} s (${first.notFound} answered 404), then ${requests} more in ${second.seconds.toFixed(1)} s`,
  );
  console.log(
    `server RSS ${before.toFixed(0)} MB → ${afterFirst.toFixed(0)} MB → ${afterSecond.toFixed(0)} MB: growth ${(afterFirst - before).toFixed(1)} MB, then ${(afterSecond - afterFirst).toFixed(1)} MB`,
  );
} finally {
  await server.stop();
}
