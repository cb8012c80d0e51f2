/**
 * The audience beacon at the node:http level (issue 37, decision 028), as the page cache's hits are
 * (cacheHitPath.ts): `POST /api/audience/hits` is read from node's IncomingMessage and answered on its
 * ServerResponse, before srvx builds a Web Request, before the server entry, the redirects and the API router.
 * A beacon is cheap (a map increment); that request path was most of its cost, and it took the CPU of the
 * page-cache hits answered beside it.
 *
 * Why it is the same answer: it answers only the common case itself — a declared length within the cap, an
 * accepted content type, no Origin or the site's own, a body that the API handler's own checks accept
 * (jsonBody.ts's judgeJsonBytes with the beacon's schema and French messages), within the per-IP limit
 * (the same store and key) — and counts it with the handler's own counter (audienceRoutes.ts), then sends the
 * handler's 204 with the headers the normal path adds (built once from the same functions). Anything else
 * goes the normal way, which answers exactly as before: before a byte is read (`false`), or, once the body
 * is read, with it handed to srvx as `rawBody` (srvx reads a request's body from there when present).
 * A beacon answered here never reaches the normal path, so it is counted once.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { Database } from '../../db/client.ts';
import { strictTransportSecurityOf, type TransportSecurity } from '../config/transportSecurity.ts';
import { clientIpOf } from '../http/clientIp.ts';
import { judgeJsonBytes, refusedBodyHeaders } from '../http/jsonBody.ts';
import { overPerMinute } from '../http/rateLimit.ts';
import type { SharedStore } from '../http/sharedStore.ts';
import { withResourceSecurityHeaders } from '../security/securityHeaders.server.ts';
import type { HeaderSource } from './audienceInput.ts';
import type { AudienceRecorder } from './audienceRecorder.ts';
import { beaconBody, beaconReceived, createBeaconCounter } from './audienceRoutes.ts';
import { audienceSettings } from './audienceSettings.ts';

/** The operation's address (openapi/resources/audience.yaml), as the request line says it: no query, nothing to decode. */
export const BEACON_TARGET = '/api/audience/hits';

/** The normal way for a request this path does not answer (srvx's node handler, scripts/lib/hitPathInFront.mjs). */
export type NormalPath = (req: IncomingMessage, res: ServerResponse) => void;

export interface BeaconFastPath {
  /** True when the request is this path's (answered here, or handed to `normal` with its body); false: untouched. */
  answer(req: IncomingMessage, res: ServerResponse, normal: NormalPath): boolean;
}

export interface BeaconFastPathOptions {
  recorder: AudienceRecorder;
  /** The site's own hosts, as the API handler is given them. */
  siteHosts: readonly string[];
  /** SITE_URL's origin: the API router lets a POST from it through (its foreign-origin rule). */
  siteOrigin: string | null;
  /** The store of the per-IP limits, the API handler's. */
  store: SharedStore;
  transportSecurity: TransportSecurity;
  /** Where an early flush writes (a flood of distinct paths). */
  db: Database;
  rateLimitPerMinute?: number;
  now?: () => Date;
}

const EMPTY = Buffer.alloc(0);

/** srvx's valid Host (its HOST_RE), without the bracketed IPv6 and underscore forms: those take the normal path. */
const PLAIN_HOST = /^(?:[A-Za-z0-9-]+\.)*[A-Za-z0-9-]+(?::\d{1,5})?$/;

/**
 * Headers node keeps only once when repeated but srvx's Headers joins (srvx's _nonJoinedHeaders): read here
 * from `req.headers`, they could differ from what the normal path reads, so a request repeating one goes there.
 */
const SINGLE_HEADERS = ['content-type', 'content-length', 'user-agent', 'host'] as const;

function repeatsSingleHeader(rawHeaders: readonly string[]): boolean {
  let seen = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i] ?? '';
    for (let h = 0; h < SINGLE_HEADERS.length; h++) {
      const single = SINGLE_HEADERS[h] ?? '';
      if (name.length !== single.length || name.toLowerCase() !== single) continue;
      const bit = 1 << h;
      if (seen & bit) return true;
      seen |= bit;
    }
  }
  return false;
}

function headerValue(value: string | string[] | undefined): string | null {
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(', ') : value;
}

/** node's headers read as srvx's Headers reads them (no repeated single header: checked before). */
class NodeHeaders implements HeaderSource {
  constructor(private readonly headers: IncomingMessage['headers']) {}
  get(name: string): string | null {
    return headerValue(this.headers[name]);
  }
}

interface RequestOrigin {
  host: string;
  encrypted: boolean;
  /** The URL parser's host (lower case, default port dropped), as the API handler's `url.host`. */
  urlHost: string;
  /** The request's own origin, as the API router's foreign-origin rule compares it. */
  origin: string;
}

/** The normal path with a body already read: srvx takes a request's `rawBody` as its body. */
function handOver(req: IncomingMessage, res: ServerResponse, normal: NormalPath, bytes: Buffer): void {
  (req as IncomingMessage & { rawBody?: Buffer }).rawBody = bytes;
  normal(req, res);
}

export function createBeaconFastPath(options: BeaconFastPathOptions): BeaconFastPath {
  const { store, db, siteOrigin, transportSecurity } = options;
  const counter = createBeaconCounter(options);
  const perMinute = options.rateLimitPerMinute ?? audienceSettings.rateLimitPerMinute;

  // The normal path's 204, header for header, in its order: the handler's answer with the headers every
  // resource gets (resourceRequests.ts), then Strict-Transport-Security as the server entry sets it.
  const answers = new Map<string | null, string[]>();
  function answerHeaders(hsts: string | null): string[] {
    let headers = answers.get(hsts);
    if (!headers) {
      const response = withResourceSecurityHeaders(beaconReceived());
      if (hsts) response.headers.set('strict-transport-security', hsts);
      headers = [...response.headers].flat();
      answers.set(hsts, headers);
    }
    return headers;
  }

  // The request's host parsed as the normal path parses it, once per distinct Host (one site, one name).
  let lastOrigin: RequestOrigin | null = null;
  function requestOrigin(host: string, encrypted: boolean): RequestOrigin | null {
    if (lastOrigin?.host === host && lastOrigin.encrypted === encrypted) return lastOrigin;
    if (!PLAIN_HOST.test(host)) return null;
    let url: URL;
    try {
      url = new URL(`${encrypted ? 'https' : 'http'}://${host}/`);
    } catch {
      return null;
    }
    lastOrigin = { host, encrypted, urlHost: url.host, origin: url.origin };
    return lastOrigin;
  }

  function send204(req: IncomingMessage, res: ServerResponse, encrypted: boolean): void {
    const hsts = strictTransportSecurityOf(headerValue(req.headers['x-forwarded-proto']), encrypted, transportSecurity);
    res.writeHead(204, 'No Content', answerHeaders(hsts));
    res.end();
  }

  /** The body is read: answered here when it is the common case, else handed over with its bytes. */
  async function settle(req: IncomingMessage, res: ServerResponse, normal: NormalPath, bytes: Buffer, own: RequestOrigin) {
    const normalWithBody = () => handOver(req, res, normal, bytes);
    const verdict = judgeJsonBytes(bytes, beaconBody.schema, beaconBody.explain);
    if (!verdict.ok) return normalWithBody();
    // Last, unlike the handler (first): a request handed over here is counted there once. Over the limit,
    // the handler counts it a second time, past a limit already reached in the same window: the same 429.
    const ip = clientIpOf(headerValue(req.headers['x-forwarded-for']), req.socket.remoteAddress, transportSecurity.trustProxy);
    if ((await overPerMinute(store, 'audience', ip, perMinute)) !== null) return normalWithBody();
    counter.count(verdict.value, new NodeHeaders(req.headers), own.urlHost, db);
    send204(req, res, own.encrypted);
  }

  return {
    answer(req, res, normal) {
      if (req.method !== 'POST' || req.url !== BEACON_TARGET) return false;
      const { headers } = req;
      const declared = headers['content-length'];
      // A body without a declared length (chunked) is read by the normal path, which caps it as it comes.
      if (declared === undefined || headers['transfer-encoding'] !== undefined) return false;
      if (repeatsSingleHeader(req.rawHeaders)) return false;
      if (refusedBodyHeaders(headers['content-type'] ?? null, declared, beaconBody.maxBytes, beaconBody.mimes) !== null) return false;
      const encrypted = (req.socket as TLSSocket).encrypted === true;
      const own = headers.host === undefined ? null : requestOrigin(headers.host, encrypted);
      if (own === null) return false;
      const origin = headers.origin;
      if (origin !== undefined && origin !== own.origin && origin !== siteOrigin) return false;

      // The body nearly always comes in the headers' packet: node's parser pushes it, and its end, right after
      // this handler returns, in the same call. It is then read from the stream's buffer in the next tick,
      // without flowing mode's resume, 'data' and 'end' events (most of a beacon's JavaScript among page hits).
      process.nextTick(readArrived, req, res, normal, own);
      return true;
    },
  };

  function readArrived(req: IncomingMessage, res: ServerResponse, normal: NormalPath, own: RequestOrigin): void {
    if (!req.complete || req.readableLength === 0) {
      readComing(req, res, normal, own);
      return;
    }
    const bytes = (req.read() as Buffer | null) ?? EMPTY;
    settleOrHandOver(req, res, normal, bytes, own);
  }

  function settleOrHandOver(req: IncomingMessage, res: ServerResponse, normal: NormalPath, bytes: Buffer, own: RequestOrigin) {
    settle(req, res, normal, bytes, own).catch((error: unknown) => {
      console.error('[audience] beacon path failed, taking the normal one:', error);
      if (!res.headersSent) handOver(req, res, normal, bytes);
    });
  }

  /** A body still on its way (or none yet): read as it comes. */
  function readComing(req: IncomingMessage, res: ServerResponse, normal: NormalPath, own: RequestOrigin): void {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      chunks.push(chunk);
    };
    const onEnd = () => {
      if (settled) return;
      settled = true;
      settleOrHandOver(req, res, normal, chunks.length === 1 && chunks[0] ? chunks[0] : Buffer.concat(chunks, size), own);
    };
    // The client went away mid-body: the normal path meets the same broken request and answers as before.
    const onBroken = () => {
      if (settled) return;
      settled = true;
      req.off('data', onData);
      normal(req, res);
    };
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('error', onBroken);
    req.once('close', onBroken);
  }
}
