/**
 * Per-IP limits of the newsletter endpoints, counted in the shared store so that every instance behind
 * a load balancer shares one budget. Checked before the body is read: a flood costs us no parsing.
 */
import { errorJson } from './responses.ts';
import { defaultClientIp, ipKey } from './clientIp.ts';
import { drainBody } from './requestBody.ts';
import { createMemoryStore, type SharedStore } from './sharedStore.ts';

/** null when allowed; otherwise the 429 to answer (the body is drained unread). */
export type RateLimiter = (request: Request, scope: string, perMinute: number, message: string) => Promise<Response | null>;

export function createRateLimiter(store: SharedStore, clientIp: (request: Request) => string): RateLimiter {
  return async (request, scope, perMinute, message) => {
    if (perMinute <= 0) return null;
    // One await, as before the beacon's path shared this: a form's body read beside the limiter is cut off
    // within a chunk or two of its bound (newsletterApi.test.ts counts them).
    const retryAfter = secondsOver(await store.hit(limitKey(scope, clientIp(request)), 60), perMinute);
    if (retryAfter === null) return null;
    drainBody(request);
    return errorJson(429, message, undefined, { 'retry-after': String(retryAfter) });
  };
}

/**
 * Counts one request of `ip` under `scope`: null while within `perMinute`, otherwise the seconds until the
 * window ends. The limiter above and the audience beacon's node:http path (no Web Request) share it.
 */
export async function overPerMinute(store: SharedStore, scope: string, ip: string, perMinute: number): Promise<number | null> {
  if (perMinute <= 0) return null;
  return secondsOver(await store.hit(limitKey(scope, ip), 60), perMinute);
}

const limitKey = (scope: string, ip: string) => `${scope}:${ipKey(ip)}`;

/** null within `perMinute`, else the seconds until the window ends. */
function secondsOver(hit: { count: number; resetInSeconds: number }, perMinute: number): number | null {
  return hit.count <= perMinute ? null : hit.resetInSeconds;
}

/** null when allowed; otherwise the 429 to answer. Counts on a key of the caller's (an address's hash…), not the client's IP. */
export type KeyRateLimiter = (
  request: Request,
  key: string,
  limit: number,
  windowSeconds: number,
  message: (retryAfterSeconds: number) => string,
) => Promise<Response | null>;

export function createKeyRateLimiter(store: SharedStore): KeyRateLimiter {
  return async (request, key, limit, windowSeconds, message) => {
    const { count, resetInSeconds } = await store.hit(key, windowSeconds);
    if (count <= limit) return null;
    drainBody(request);
    return errorJson(429, message(resetInSeconds), undefined, { 'retry-after': String(resetInSeconds) });
  };
}

/** How a public write endpoint (newsletter, push, consent, survey answers) tells its clients apart and counts them. */
export interface ClientLimitOptions {
  /** TRUST_PROXY, from the server's configuration: the client's IP is the last X-Forwarded-For entry. */
  trustProxy?: boolean;
  /** The rate limits' store, built once at boot (memory, or Redis with REDIS_URL); tests may leave it out. */
  store?: SharedStore;
  /** The client's IP: srvx's `request.ip`, or the last X-Forwarded-For entry with TRUST_PROXY=1. */
  clientIp?: (request: Request) => string;
}

/** The store (the boot's, or one in memory), how a client's IP is read, and the per-IP limiter counting in that store. */
export function clientRateLimiter(options: ClientLimitOptions): {
  store: SharedStore;
  clientIp: (request: Request) => string;
  rateLimited: RateLimiter;
} {
  const store = options.store ?? createMemoryStore();
  const clientIp = options.clientIp ?? defaultClientIp(options.trustProxy ?? false);
  return { store, clientIp, rateLimited: createRateLimiter(store, clientIp) };
}
