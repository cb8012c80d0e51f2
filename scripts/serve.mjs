// Production server: static assets from dist/client (precompressed at build, cached immutable when hashed),
// everything else through the built server entry (dist/server/server.js). Plain Node, no framework,
// so start-up, compression and caching are ours to see and measure.
// First: the server's Node flags (heap sizes) before anything else loads; it may restart this process with them.
import './lib/serverNodeFlags.mjs';
import cluster from 'node:cluster';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from 'srvx';
import { compressDynamic, withReasonPhrase } from './lib/dynamicAnswers.mjs';
import { putHitPathInFront } from './lib/hitPathInFront.mjs';
import { createStaticFiles, isBuildOnlyPath, staticResponse } from './lib/staticFiles.mjs';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const clientDir = join(root, 'dist/client');
const serverEntry = join(root, 'dist/server/server.js');

const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  console.error(`Piquante needs Node 24 or newer (this is ${process.versions.node}). Run it with npm start.`);
  process.exit(1);
}

// WORKERS=n: n processes share the port (node:cluster). Only on PostgreSQL: an embedded PGlite data
// directory belongs to one process. Rate limits, captcha replay marks and page-cache invalidation are
// shared through PostgreSQL NOTIFY and REDIS_URL (see docs/operating/deployment.md).
const workers = Number(process.env.WORKERS ?? 1);
if (!Number.isInteger(workers) || workers < 1 || workers > 64) {
  console.error('WORKERS takes a whole number between 1 and 64.');
  process.exit(2);
}
if (workers > 1 && cluster.isPrimary) {
  if (!process.env.DATABASE_URL) {
    console.error('WORKERS > 1 needs PostgreSQL (DATABASE_URL): an embedded PGlite database belongs to one process.');
    process.exit(2);
  }
  await runPrimary(workers);
} else {
  await runServer();
}

/** Forks the workers, replaces one that dies, and on SIGTERM/SIGINT lets each finish its requests. */
async function runPrimary(count) {
  let stopping = false;
  let ready = 0;
  const fork = () => cluster.fork();
  for (let i = 0; i < count; i++) fork();
  cluster.on('message', (_worker, message) => {
    if (message === 'ready' && ++ready === count) console.log(`Piquante: ${count} worker processes ready`);
  });
  cluster.on('exit', (worker, code) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    console.error(`[cluster] worker ${worker.process.pid} exited (${code}); starting another`);
    fork();
  });
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    });
  }
}

async function runServer() {
  const staticFiles = createStaticFiles(clientDir);

  function missingFile() {
    return new Response('Not Found', {
      status: 404,
      statusText: 'Not Found',
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=60', 'x-content-type-options': 'nosniff' },
    });
  }

  // React, TanStack Router and the other server dependencies stay in node_modules and pick their
  // production builds from NODE_ENV when first imported: unset, SSR runs React's development build
  // (about ten times slower). Set it before the server entry is imported.
  process.env.NODE_ENV ??= 'production';
  const { default: app } = await import(serverEntry);

  // Open the database (and take the data-directory lock) before accepting connections.
  const health = await app.fetch(new Request('http://localhost/healthz'));
  if (!health.ok) {
    console.error('The server could not start: health check answered', health.status);
    process.exit(1);
  }

  const port = Number(process.env.PORT ?? 3000);
  const hostname = process.env.HOST ?? '0.0.0.0';

  const server = serve({
    port,
    hostname,
    silent: true,
    // srvx would add its own SIGINT/SIGTERM handler that, out of CI, force-closes every connection after 5 s
    // (uploads under way cut off); the stop below is ours: STOP_TIMEOUT_MS, requests finished, nothing lost.
    gracefulShutdown: false,
    // Cluster workers each bind the port with SO_REUSEPORT (the kernel spreads connections); srvx binds
    // exclusively otherwise, which a second worker cannot.
    ...(cluster.isWorker ? { reusePort: true } : {}),
    // Listening starts below, once the hit path is in front of srvx's handler.
    manual: true,
    async fetch(request) {
      const url = new URL(request.url);
      // /sw.js is the server entry's: its headers, and the off switch (SERVICE_WORKER=0), are decided there.
      if ((request.method === 'GET' || request.method === 'HEAD') && url.pathname !== '/sw.js') {
        const entry = await staticFiles.lookup(url.pathname);
        if (entry) return withReasonPhrase(staticResponse(entry, request));
        if (isBuildOnlyPath(url.pathname)) return missingFile();
      }
      const response = await app.fetch(request);
      return withReasonPhrase(compressDynamic(response, request));
    },
  });
  // A fresh page in the page cache, and an audience beacon, are answered straight from node:http (issues 22
  // and 37: the server entry's answerFromCache); anything else goes through srvx, the static files and the
  // server entry as before.
  putHitPathInFront(server, (req, res, normal) => app.answerFromCache?.(req, res, normal) ?? false);
  await server.serve();
  await server.ready();
  const { database } = await health.json();
  console.log(
    `Piquante is ready on http://${hostname === '0.0.0.0' ? 'localhost' : hostname}:${port} (database: ${database}, pid ${process.pid})`,
  );
  if (cluster.isWorker) process.send?.('ready');

  // Graceful stop: stop accepting connections, let the requests under way (a signup being written)
  // finish and answer, close idle keep-alive connections, then exit. A stuck request cannot hold the
  // process forever: after STOP_TIMEOUT_MS (10 s) it exits anyway.
  const stopTimeoutMs = Number(process.env.STOP_TIMEOUT_MS ?? 10_000);
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, async () => {
      // A second SIGTERM (an orchestrator repeating itself) must not cut the stop short; a second Ctrl-C
      // is someone who does not want to wait.
      if (stopping) {
        if (signal === 'SIGINT') process.exit(1);
        return;
      }
      stopping = true;
      setTimeout(() => {
        console.error(`[stop] requests still running after ${stopTimeoutMs} ms: exiting anyway`);
        process.exit(1);
      }, stopTimeoutMs).unref();
      const closing = server.close();
      // A keep-alive connection whose request ends after close() would otherwise stay open until its
      // client hangs up: close connections as soon as they fall idle.
      const sweep = setInterval(() => server.node?.server?.closeIdleConnections(), 100);
      server.node?.server?.closeIdleConnections();
      await closing;
      clearInterval(sweep);
      await app.stop?.().catch((error) => console.error('[stop] background work:', error.message));
      process.exit(0);
    });
  }
}
