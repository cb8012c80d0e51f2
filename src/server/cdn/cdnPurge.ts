/**
 * Purges tags at the CDN (decision 032), in the shape of its API: Cloudflare's purge by tag (30 tags a
 * call) or Fastly's surrogate-key purge (256 keys a call). Sent through the guarded fetch (decision 026),
 * bounded in time and size. What it answers names the status only: never the token, never the CDN's body.
 */
import { normaliseTags } from '../cache/cacheTags.ts';
import type { CdnPurgeConfig } from '../config/cdnPurgeConfig.ts';
import { type GuardedRequest, guardedFetch, type OutboundPolicy } from '../security/guardedFetch.ts';

export const CDN_TAGS_PER_CALL = { cloudflare: 30, fastly: 256 } as const;

const TIMEOUT_MS = 10_000;
const MAX_ANSWER_BYTES = 64 * 1024;

export interface CdnCall {
  headers: Record<string, string>;
  body: string;
}

/** The calls that purge `tags`, split to the API's limit. */
export function cdnPurgeCalls(config: CdnPurgeConfig, tags: readonly string[]): CdnCall[] {
  const list = normaliseTags(tags);
  const size = CDN_TAGS_PER_CALL[config.kind];
  const calls: CdnCall[] = [];
  for (let start = 0; start < list.length; start += size) {
    const chunk = list.slice(start, start + size);
    calls.push(
      config.kind === 'cloudflare'
        ? {
            headers: { authorization: `Bearer ${config.token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ tags: chunk }),
          }
        : { headers: { 'fastly-key': config.token, 'surrogate-key': chunk.join(' '), accept: 'application/json' }, body: '' },
    );
  }
  return calls;
}

export type CdnPurgeOutcome = { ok: true; calls: number } | { ok: false; problem: string; permanent: boolean };

/** Sends every call; stops at the first that fails (the job is retried whole: a purge twice is harmless). */
export async function purgeAtCdn(
  config: CdnPurgeConfig,
  tags: readonly string[],
  policy: OutboundPolicy,
  options: Pick<GuardedRequest, 'resolve' | 'agent'> = {},
): Promise<CdnPurgeOutcome> {
  const calls = cdnPurgeCalls(config, tags);
  for (const call of calls) {
    const answer = await guardedFetch(config.url, policy, {
      ...options,
      method: 'POST',
      headers: call.headers,
      body: call.body,
      timeoutMs: TIMEOUT_MS,
      maxBytes: MAX_ANSWER_BYTES,
    });
    if (!answer.ok) {
      const permanent = answer.failure === 'refused' || answer.failure === 'invalid';
      return { ok: false, problem: `the CDN could not be reached (${answer.failure})`, permanent };
    }
    if (answer.status < 200 || answer.status >= 300) {
      // 401/403: a wrong token, 404: a wrong zone or service; retried all the same (an operator may fix the
      // setting and restart), but said so in the journal.
      return { ok: false, problem: `the CDN answered ${answer.status}`, permanent: false };
    }
    if (config.kind === 'cloudflare' && !cloudflareSucceeded(answer.body)) {
      return { ok: false, problem: `the CDN answered ${answer.status} without success`, permanent: false };
    }
  }
  return { ok: true, calls: calls.length };
}

/** Cloudflare answers 200 with `"success": false` for some refusals. */
function cloudflareSucceeded(body: Buffer): boolean {
  try {
    const parsed = JSON.parse(body.toString('utf8')) as { success?: unknown };
    return parsed.success !== false;
  } catch {
    return true;
  }
}
