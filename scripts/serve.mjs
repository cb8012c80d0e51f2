// Production server: static assets from dist/client (compressed once, cached immutable when hashed),
// everything else through the built server entry (dist/server/server.js). Plain Node, no framework,
// so start-up, compression and caching are ours to see and measure.
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { serve } from 'srvx';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const clientDir = join(root, 'dist/client');
const serverEntry = join(root, 'dist/server/server.js');

const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  console.error(`Piquante needs Node 24 or newer (this is ${process.versions.node}). Run it with npm start.`);
  process.exit(1);
}

const types = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.wav': 'audio/wav',
};
const compressible = /^(text\/|application\/(json|javascript|xml|manifest)|image\/svg)/;
const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** Static files are few and never change while the process runs: compress each once. */
const staticCache = new Map();

async function loadStatic(pathname) {
  if (staticCache.has(pathname)) return staticCache.get(pathname);
  let decoded;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  const file = normalize(join(clientDir, decoded));
  if (!file.startsWith(clientDir + sep)) return null;
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) {
    staticCache.set(pathname, null);
    return null;
  }
  const body = await readFile(file);
  const type = types[extname(file)] ?? 'application/octet-stream';
  const entry = { body, type, gzip: null, br: null, hashed: pathname.startsWith('/assets/') };
  if (compressible.test(type) && body.length > 512) {
    entry.gzip = await gzipAsync(body, { level: 9 });
    entry.br = await brotliAsync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } });
  }
  staticCache.set(pathname, entry);
  return entry;
}

function pickEncoding(request) {
  const accept = request.headers.get('accept-encoding') ?? '';
  if (/\bbr\b/.test(accept)) return 'br';
  if (/\bgzip\b/.test(accept)) return 'gzip';
  return null;
}

function staticResponse(entry, request) {
  const encoding = pickEncoding(request);
  const headers = {
    'content-type': entry.type,
    'cache-control': entry.hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
    'x-content-type-options': 'nosniff',
    vary: 'accept-encoding',
  };
  let body = entry.body;
  if (encoding && entry[encoding]) {
    body = entry[encoding];
    headers['content-encoding'] = encoding;
  }
  return new Response(request.method === 'HEAD' ? null : body, { headers });
}

/** Dynamic text answers (HTML, JSON) are compressed on the fly with gzip (fast, universal). */
function compressDynamic(response, request) {
  const type = response.headers.get('content-type') ?? '';
  if (!response.body || response.headers.has('content-encoding') || !compressible.test(type)) return response;
  if (!/\bgzip\b/.test(request.headers.get('accept-encoding') ?? '')) return response;
  const headers = new Headers(response.headers);
  headers.set('content-encoding', 'gzip');
  headers.delete('content-length');
  headers.append('vary', 'accept-encoding');
  return new Response(response.body.pipeThrough(new CompressionStream('gzip')), {
    status: response.status,
    statusText: response.statusText,
    headers,
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
  async fetch(request) {
    const url = new URL(request.url);
    if ((request.method === 'GET' || request.method === 'HEAD') && url.pathname !== '/' && extname(url.pathname)) {
      const entry = await loadStatic(url.pathname);
      if (entry) return staticResponse(entry, request);
    }
    const response = await app.fetch(request);
    return compressDynamic(response, request);
  },
});
await server.ready();
const { database } = await health.json();
console.log(`Piquante is ready on http://${hostname === '0.0.0.0' ? 'localhost' : hostname}:${port} (database: ${database})`);

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, async () => {
    await server.close();
    process.exit(0);
  });
}
