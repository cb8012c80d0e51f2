// What scripts/serve.mjs does to every answer of the server entry before srvx sends it: the reason phrase
// on the status line, and gzip on the fly for dynamic text. Here so that the tests of the node:http paths
// (src/server/audience/beaconFastPath.test.ts) put the very same steps behind their normal path.
import { STATUS_CODES } from 'node:http';
import { compressible } from './staticFiles.mjs';

/** Status lines carry their reason phrase ("HTTP/1.1 404 Not Found"), whoever built the response. */
export function withReasonPhrase(response) {
  if (response.statusText || !STATUS_CODES[response.status]) return response;
  return new Response(response.body, { status: response.status, statusText: STATUS_CODES[response.status], headers: response.headers });
}

/** Dynamic text answers (HTML, JSON) are compressed on the fly with gzip (fast, universal). */
export function compressDynamic(response, request) {
  // Headers first: reading `body` would turn srvx's FastResponse (a rendered page's bytes) into undici's.
  const type = response.headers.get('content-type') ?? '';
  if (response.headers.has('content-encoding') || !compressible.test(type) || !response.body) return response;
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
