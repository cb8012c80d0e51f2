// The built client files, indexed once at start-up: a request for any other path costs a Set lookup and
// nothing is remembered about it, so junk traffic (long unknown *.js paths…) cannot grow the process.
// The build writes a brotli (.br) and a gzip (.gz) copy beside every compressible file (precompressClientDir,
// run by the Vite build): the server reads them instead of compressing, and each answer names its
// Content-Encoding. A file without its copies (a build made otherwise) is compressed once, on first use.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';

export const contentTypes = {
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
export const compressible = /^(text\/|application\/(json|javascript|xml|manifest)|image\/svg)/;
const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

function listFiles(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listFiles(path));
    else if (entry.isFile()) out.push(path);
  }
  return out;
}

/**
 * Paths that only ever name build files: a miss there is answered with a bare 404 at once, without
 * rendering a page (scanners ask for thousands of them). Pages, feeds and media never end like this.
 */
const BUILD_ONLY_PATH = /^\/assets\/|\.(m?js|css|map|woff2?|ico|php|env|bak)$/i;

export function isBuildOnlyPath(pathname) {
  return BUILD_ONLY_PATH.test(pathname);
}

/** Encodings written beside a built file, by the suffix of their copy. */
const ENCODED_COPIES = [
  ['br', '.br'],
  ['gzip', '.gz'],
];
const MIN_COMPRESSED_SIZE = 512;

function isEncodedCopy(file, all) {
  return ENCODED_COPIES.some(([, suffix]) => file.endsWith(suffix) && all.has(file.slice(0, -suffix.length)));
}

async function compress(encoding, body) {
  return encoding === 'br'
    ? brotliAsync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : gzipAsync(body, { level: 9 });
}

/**
 * Writes `file.br` and `file.gz` beside every compressible file of the build (once, at build time, with
 * the slowest and smallest settings), only where the copy is smaller. Answers how many files got copies.
 */
export async function precompressClientDir(clientDir) {
  const files = listFiles(clientDir);
  const all = new Set(files);
  let count = 0;
  for (const file of files) {
    if (isEncodedCopy(file, all) || !compressible.test(contentTypes[extname(file)] ?? '')) continue;
    const body = readFileSync(file);
    if (body.length <= MIN_COMPRESSED_SIZE) continue;
    let wrote = false;
    for (const [encoding, suffix] of ENCODED_COPIES) {
      const encoded = await compress(encoding, body);
      if (encoded.length >= body.length) continue;
      writeFileSync(file + suffix, encoded);
      wrote = true;
    }
    if (wrote) count++;
  }
  return count;
}

/** A weak validator: the same bytes in any encoding are one representation. */
function entityTag(body) {
  return `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/** `lookup(pathname)` → the file's entry, or null when the build has no such file. */
export function createStaticFiles(clientDir) {
  const files = listFiles(clientDir);
  const all = new Set(files);
  /** URL path ('/assets/x.js') → absolute file path; fixed for the life of the process. Encoded copies are not addresses. */
  const index = new Map(
    files.filter((file) => !isEncodedCopy(file, all)).map((file) => [`/${relative(clientDir, file).split(sep).join('/')}`, file]),
  );
  const loaded = new Map();

  async function load(urlPath, file) {
    const body = readFileSync(file);
    const type = contentTypes[extname(file)] ?? 'application/octet-stream';
    const entry = { body, type, gzip: null, br: null, hashed: urlPath.startsWith('/assets/'), etag: entityTag(body), precompressed: false };
    for (const [encoding, suffix] of ENCODED_COPIES) {
      if (all.has(file + suffix) && existsSync(file + suffix)) {
        entry[encoding] = readFileSync(file + suffix);
        entry.precompressed = true;
      }
    }
    if (!entry.precompressed && compressible.test(type) && body.length > MIN_COMPRESSED_SIZE) {
      entry.gzip = await compress('gzip', body);
      entry.br = await compress('br', body);
    }
    return entry;
  }
  return {
    async lookup(pathname) {
      let decoded;
      try {
        decoded = decodeURIComponent(pathname);
      } catch {
        return null;
      }
      const file = index.get(decoded);
      if (!file) return null;
      let entry = loaded.get(decoded);
      if (!entry) {
        // Concurrent first requests share one compression.
        entry = load(decoded, file);
        loaded.set(decoded, entry);
      }
      return entry;
    },
    /** Entries remembered: never more than the build's files. */
    get remembered() {
      return loaded.size;
    },
    get fileCount() {
      return index.size;
    },
  };
}

function pickEncoding(request, entry) {
  const accept = request.headers.get('accept-encoding') ?? '';
  if (entry.br && /\bbr\b/.test(accept)) return 'br';
  if (entry.gzip && /\bgzip\b/.test(accept)) return 'gzip';
  return null;
}

/**
 * The answer for a built file: hashed assets immutable for a year, the others for an hour; an ETag and a
 * 304 when the client holds it (HEAD gets the GET's headers); the precompressed body the client accepts.
 */
export function staticResponse(entry, request) {
  const headers = {
    'content-type': entry.type,
    'cache-control': entry.hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
    'x-content-type-options': 'nosniff',
    vary: 'accept-encoding',
    etag: entry.etag,
  };
  const ifNoneMatch = request.headers.get('if-none-match');
  const opaque = (tag) => tag.trim().replace(/^W\//, '');
  if (ifNoneMatch?.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(entry.etag))) {
    const { 'content-type': _type, 'x-content-type-options': _nosniff, ...kept } = headers;
    return new Response(null, { status: 304, statusText: 'Not Modified', headers: kept });
  }
  const encoding = pickEncoding(request, entry);
  const body = encoding ? entry[encoding] : entry.body;
  if (encoding) headers['content-encoding'] = encoding;
  headers['content-length'] = String(body.length);
  return new Response(request.method === 'HEAD' ? null : body, { status: 200, statusText: 'OK', headers });
}
