/**
 * Per-IP limits of the newsletter endpoints, counted in the shared store so that every instance behind
 * a load balancer shares one budget. Checked before the body is read: a flood costs us no parsing.
 */
import { errorJson } from './responses.ts';
import { ipKey } from './clientIp.ts';
import { drainBody } from './requestBody.ts';
import type { SharedStore } from './sharedStore.ts';

/** null when allowed; otherwise the 429 to answer (the body is drained unread). */
export type RateLimiter = (request: Request, scope: string, perMinute: number, message: string) => Promise<Response | null>;

export function createRateLimiter(store: SharedStore, clientIp: (request: Request) => string): RateLimiter {
  return async (request, scope, perMinute, message) => {
    if (perMinute <= 0) return null;
    const { count, resetInSeconds } = await store.hit(`${scope}:${ipKey(clientIp(request))}`, 60);
    if (count <= perMinute) return null;
    drainBody(request);
    return errorJson(429, message, undefined, { 'retry-after': String(resetInSeconds) });
  };
}
