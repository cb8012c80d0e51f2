/**
 * The one way out for a request whose address came from outside (an import's images, a push
 * subscription's endpoint): issue 34's server-side request forgery. Before connecting, the host is
 * resolved (`dns.lookup`, every address) and refused if any address is not public (addressPolicy.ts) —
 * unless the operator named the host in OUTBOUND_ALLOW_HOSTS (an intranet source). The connection is then
 * made with node:http(s) to the address that was vetted (a `lookup` that answers only it), so a name that
 * resolves differently a moment later (DNS rebinding) cannot move it; TLS still checks the certificate
 * against the name. Redirects are followed by hand, each hop judged the same way, at most `maxRedirects`.
 * The body is capped in bytes and the whole exchange, resolution included, in time.
 *
 * The operator's own configured services (SMTP, the S3 media storage, the captcha provider, the site's
 * URLs) do not go through here: their addresses are configuration, not outside input, and may well be
 * internal on purpose.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { type IncomingHttpHeaders, request as httpRequest } from 'node:http';
import { type Agent, request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { classifyHost, hostAllowed, isPublicAddress } from './addressPolicy.ts';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Every address of a name (tests inject theirs to map names onto a loopback listener). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export interface OutboundPolicy {
  /** Hosts an operator allows even on internal addresses (OUTBOUND_ALLOW_HOSTS): exact, or `.suffix`. */
  allowHosts: readonly string[];
}

export interface GuardedRequest {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: Uint8Array | string;
  /** Largest body read, in bytes (default 15 MB): over it the answer is `too-large`. */
  maxBytes?: number;
  /** The whole exchange, resolution and redirects included (default 15 s). */
  timeoutMs?: number;
  /** Redirects followed for a GET (default 5); other methods never follow one. */
  maxRedirects?: number;
  resolve?: Resolver;
  /** https only: an agent with its own trust (tests against a local TLS service). */
  agent?: Agent;
}

export type GuardedFailure =
  /** The address (or one it redirected to) is internal or not allowed: nothing was sent to it. */
  | 'refused'
  /** Not an http(s) URL, or credentials in it. */
  | 'invalid'
  | 'too-many-redirects'
  | 'too-large'
  | 'timeout'
  /** No answer: the name does not resolve, the connection failed or broke. */
  | 'unreachable';

export type GuardedResponse =
  | { ok: true; status: number; headers: IncomingHttpHeaders; body: Buffer; url: URL }
  | { ok: false; failure: GuardedFailure; url: URL | null };

export const OUTBOUND_DEFAULTS = { maxBytes: 15 * 1024 * 1024, timeoutMs: 15_000, maxRedirects: 5 } as const;

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export const systemResolver: Resolver = async (hostname) => {
  const found = await dnsLookup(hostname, { all: true });
  return found.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
};

/** A verdict that ends the request (no parameter property: scripts run this file with type stripping only). */
class Stop extends Error {
  readonly failure: GuardedFailure;
  constructor(failure: GuardedFailure) {
    super(failure);
    this.failure = failure;
  }
}

/** One request to an outside address, judged before every connection; never throws. */
export async function guardedFetch(target: string | URL, policy: OutboundPolicy, options: GuardedRequest = {}): Promise<GuardedResponse> {
  const timeoutMs = options.timeoutMs ?? OUTBOUND_DEFAULTS.timeoutMs;
  const deadline = AbortSignal.timeout(timeoutMs);
  let url: URL | null = null;
  try {
    url = parseTarget(target);
    const method = options.method ?? 'GET';
    const maxRedirects = method === 'GET' ? (options.maxRedirects ?? OUTBOUND_DEFAULTS.maxRedirects) : 0;
    for (let hop = 0; ; hop++) {
      const pinned = await vet(url, policy, options.resolve ?? systemResolver, deadline);
      const answer = await exchange(url, pinned, method, options, deadline);
      const location = answer.headers.location;
      if (!REDIRECTS.has(answer.status) || typeof location !== 'string' || method !== 'GET') {
        return { ok: true, status: answer.status, headers: answer.headers, body: answer.body, url };
      }
      if (hop >= maxRedirects) throw new Stop('too-many-redirects');
      url = parseTarget(new URL(location, url));
    }
  } catch (error) {
    if (error instanceof Stop) return { ok: false, failure: error.failure, url };
    if (deadline.aborted) return { ok: false, failure: 'timeout', url };
    return { ok: false, failure: 'unreachable', url };
  }
}

function parseTarget(target: string | URL): URL {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    throw new Stop('invalid');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Stop('invalid');
  if (url.username || url.password) throw new Stop('invalid');
  return url;
}

/** The address to connect to, once judged; throws `refused` before anything is sent. */
async function vet(url: URL, policy: OutboundPolicy, resolve: Resolver, deadline: AbortSignal): Promise<ResolvedAddress> {
  const host = classifyHost(url);
  if (host.kind === 'invalid') throw new Stop('invalid');
  const allowed = hostAllowed(host.kind === 'address' ? host.address : host.name, policy.allowHosts);
  if (host.kind === 'address') {
    if (!host.public && !allowed) throw new Stop('refused');
    return { address: host.address, family: host.address.includes(':') ? 6 : 4 };
  }
  if (host.local && !allowed) throw new Stop('refused');
  const addresses = await raceDeadline(resolve(host.name), deadline);
  if (addresses.length === 0) throw new Stop('unreachable');
  // Every address judged, not only the one used: a name with one internal address is not trusted.
  if (!allowed && addresses.some((a) => !isPublicAddress(a.address))) throw new Stop('refused');
  return addresses[0] as ResolvedAddress;
}

function raceDeadline<T>(work: Promise<T>, deadline: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (deadline.aborted) return reject(new Stop('timeout'));
    const onAbort = () => reject(new Stop('timeout'));
    deadline.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => deadline.removeEventListener('abort', onAbort));
  });
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

function exchange(url: URL, pinned: ResolvedAddress, method: string, options: GuardedRequest, deadline: AbortSignal): Promise<Answer> {
  const maxBytes = options.maxBytes ?? OUTBOUND_DEFAULTS.maxBytes;
  // The vetted address and nothing else, whatever the name resolves to now (Node asks with `all` when
  // it tries several families).
  const lookup: LookupFunction = (_hostname, lookupOptions, callback) => {
    if (lookupOptions.all) (callback as (e: null, a: ResolvedAddress[]) => void)(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
  const secure = url.protocol === 'https:';
  const send = secure ? httpsRequest : httpRequest;
  return new Promise<Answer>((resolve, reject) => {
    if (deadline.aborted) return reject(new Stop('timeout'));
    const req = send({
      protocol: url.protocol,
      hostname: url.hostname.replace(/^\[|\]$/g, ''),
      port: url.port || (secure ? 443 : 80),
      path: `${url.pathname}${url.search}`,
      method,
      headers: { 'user-agent': 'Piquante', ...options.headers },
      lookup,
      // A fresh connection each time: a pooled one could have been opened for another verdict.
      agent: secure && options.agent ? options.agent : false,
      signal: deadline,
    });
    req.on('error', (error) => reject(deadline.aborted ? new Stop('timeout') : error));
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      if (REDIRECTS.has(status)) {
        // Only the address matters for a redirect: its body is not read.
        res.resume();
        resolve({ status, headers: res.headers, body: Buffer.alloc(0) });
        return;
      }
      const declared = Number(res.headers['content-length'] ?? 0);
      if (declared > maxBytes) {
        // Settled before the socket is torn down, whose own errors would come first otherwise.
        reject(new Stop('too-large'));
        res.destroy();
        return;
      }
      const chunks: Buffer[] = [];
      let total = 0;
      res.on('data', (chunk: Buffer) => {
        total += chunk.byteLength;
        if (total > maxBytes) {
          reject(new Stop('too-large'));
          res.destroy();
          return;
        }
        chunks.push(chunk);
      });
      res.on('end', () => resolve({ status, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', (error) => reject(deadline.aborted ? new Stop('timeout') : error));
      res.on('aborted', () => reject(deadline.aborted ? new Stop('timeout') : new Error('aborted')));
    });
    if (options.body !== undefined) req.end(options.body);
    else req.end();
  });
}
