/**
 * Telling the search engines (IndexNow, decision 031): one POST of up to 10 000 addresses of the site, with
 * the key and where it is served, through the guarded fetch (decision 026). The engine's answer decides:
 * accepted (200, 202), refused for good (400, 422: the addresses or the host are wrong, sending them again
 * cannot help), or to try again later (403 while the key file is not reachable yet, 429, 5xx, no answer).
 */
import { type GuardedRequest, guardedFetch, type OutboundPolicy } from '../../security/guardedFetch.ts';

export interface IndexNowTarget {
  endpoint: string;
  key: string;
  /** The canonical origin (SITE_URL): the host and the absolute addresses. */
  siteUrl: string;
  policy: OutboundPolicy;
  /** Tests map a stub's name onto loopback. */
  resolve?: GuardedRequest['resolve'];
}

export type PingOutcome = { kind: 'accepted' } | { kind: 'refused'; reason: string } | { kind: 'retry'; reason: string };

/** An engine's answer is a status; its body is read only to bound it. */
const ANSWER_MAX_BYTES = 64 * 1024;
const TIMEOUT_MS = 15_000;

export function pingBody(target: Pick<IndexNowTarget, 'key' | 'siteUrl'>, paths: readonly string[]) {
  const site = new URL(target.siteUrl);
  const origin = site.origin;
  return {
    host: site.host,
    key: target.key,
    keyLocation: `${origin}/${target.key}.txt`,
    urlList: paths.map((path) => `${origin}${path}`),
  };
}

export async function pingIndexNow(target: IndexNowTarget, paths: readonly string[]): Promise<PingOutcome> {
  const answer = await guardedFetch(target.endpoint, target.policy, {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify(pingBody(target, paths)),
    maxBytes: ANSWER_MAX_BYTES,
    timeoutMs: TIMEOUT_MS,
    ...(target.resolve ? { resolve: target.resolve } : {}),
  });
  if (!answer.ok) {
    // An endpoint the operator named but that resolves to an internal address needs OUTBOUND_ALLOW_HOSTS.
    if (answer.failure === 'refused' || answer.failure === 'invalid') return { kind: 'refused', reason: `endpoint ${answer.failure}` };
    return { kind: 'retry', reason: answer.failure };
  }
  if (answer.status === 200 || answer.status === 202) return { kind: 'accepted' };
  if (answer.status === 400 || answer.status === 422) return { kind: 'refused', reason: `HTTP ${answer.status}` };
  return { kind: 'retry', reason: `HTTP ${answer.status}` };
}
