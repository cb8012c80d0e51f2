// For the browser tests only (scripts/e2e-server.mjs): a pass-through HTTP proxy in front of the magazine that
// writes down every answer to a contract path (/api/…, /newsletter/…) — method, path, status, headers and, for
// JSON, the body — one JSON line each. tests/e2e/contract-replay.spec.ts then holds that traffic against
// openapi/magazine.yaml (issue 23). Nothing of it is in the production server.
import { createWriteStream } from 'node:fs';
import { createServer, request as forward } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

const MAX_BODY = 256 * 1024;
const recorded = (path) => path.startsWith('/api/') || path.startsWith('/newsletter/');

function decode(buffer, encoding) {
  if (encoding === 'br') return brotliDecompressSync(buffer);
  if (encoding === 'gzip') return gunzipSync(buffer);
  if (encoding === 'deflate') return inflateSync(buffer);
  return buffer;
}

/** Listens on `port` (127.0.0.1) and forwards everything to `target`; resolves with `close()`. */
export function startRecordingProxy({ port, target, logPath }) {
  const log = createWriteStream(logPath, { flags: 'w' });
  const server = createServer((incoming, outgoing) => {
    const path = (incoming.url ?? '/').split('?')[0];
    const upstream = forward(
      { host: '127.0.0.1', port: target, method: incoming.method, path: incoming.url, headers: incoming.headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        if (!recorded(path)) return answer.pipe(outgoing);
        const chunks = [];
        let size = 0;
        answer.on('data', (chunk) => {
          outgoing.write(chunk);
          if (size <= MAX_BODY) chunks.push(chunk);
          size += chunk.length;
        });
        answer.on('end', () => {
          outgoing.end();
          const type = String(answer.headers['content-type'] ?? '');
          let body;
          if (type.includes('json') && size > 0 && size <= MAX_BODY) {
            try {
              body = JSON.parse(decode(Buffer.concat(chunks), answer.headers['content-encoding']).toString('utf8'));
            } catch {
              body = { unreadable: true };
            }
          }
          log.write(`${JSON.stringify({ method: incoming.method, path, status: answer.statusCode, headers: answer.headers, body })}\n`);
        });
      },
    );
    upstream.on('error', () => {
      if (!outgoing.headersSent) outgoing.writeHead(502);
      outgoing.end();
    });
    incoming.pipe(upstream);
  });
  return new Promise((resolve) => {
    server.listen(port, '127.0.0.1', () =>
      resolve({
        close: () => new Promise((done) => server.close(() => log.end(done))),
      }),
    );
  });
}
