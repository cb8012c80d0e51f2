/**
 * The CDN's purges (decision 032). The tags wait in `cdn_purge_tags`, written with each change readers can
 * see (cdnPurgeOutbox.ts); the `cdn.drain` job reads them oldest first, one CDN call's worth at a time
 * (Cloudflare 30, Fastly 256), and deletes each batch once the CDN took it. A failure leaves the batch and
 * everything after it waiting and throws: the queue retries with back-off. Every failure is written to the
 * newsroom's journal (the audit log: « cdn.purge.failed », with the attempt and the CDN's status, never the
 * token), and the success that follows failures too (« cdn.purge.done »).
 */
import type { Database } from '../../db/client.ts';
import { cacheTag } from '../cache/cacheTags.ts';
import { queueCdnDrain } from '../cache/contentPurge.ts';
import type { CdnPurgeConfig } from '../config/cdnPurgeConfig.ts';
import type { JobHandler } from '../jobs/jobKinds.ts';
import type { JobQueue } from '../jobs/jobQueue.server.ts';
import { audit } from '../newsroom/audit.server.ts';
import type { GuardedRequest, OutboundPolicy } from '../security/guardedFetch.ts';
import { CDN_TAGS_PER_CALL, purgeAtCdn } from './cdnPurge.ts';
import {
  clearPurgedTags,
  countPendingPurgeTags,
  dropPendingPurgeTags,
  isTagPending,
  notePurgeTags,
  type PendingTag,
  pendingPurgeTags,
} from './cdnPurgeOutbox.ts';

export interface CdnJobDeps {
  db: Database;
  /** null: no CDN configured (any job left from when one was is done at once). */
  config: CdnPurgeConfig | null;
  policy: OutboundPolicy;
  now: () => Date;
  /** Asks for a drain (the legacy `cdn.purge` jobs' tags moved into the outbox). */
  jobs?: Pick<JobQueue, 'enqueue'>;
  /** Tests map the CDN's name onto their loopback stub. */
  fetchOptions?: Pick<GuardedRequest, 'resolve' | 'agent'>;
  /** Tags per call; the CDN's API limit unless a test says fewer. */
  batchSize?: number;
}

export type DrainOutcome = { ok: true; purged: number; calls: number } | { ok: false; purged: number; calls: number; problem: string };

/**
 * While `site` waits it is purged alone (it takes every copy), and each pass clears this many recordings
 * it covered: a change that touched thousands of tags costs a few calls, not one per 30 tags.
 */
const SITE_SWEEP = 1000;

/** One pass over the outbox: purges and clears batch after batch until nothing waits or the CDN fails. */
export async function drainCdnPurges(deps: CdnJobDeps): Promise<DrainOutcome> {
  const config = deps.config;
  if (!config) return { ok: true, purged: 0, calls: 0 };
  const size = Math.max(1, Math.min(deps.batchSize ?? CDN_TAGS_PER_CALL[config.kind], CDN_TAGS_PER_CALL[config.kind]));
  let purged = 0;
  let calls = 0;
  for (;;) {
    const site = await isTagPending(deps.db, cacheTag.site);
    const batch: PendingTag[] = site ? await pendingPurgeTags(deps.db, SITE_SWEEP) : await pendingPurgeTags(deps.db, size);
    if (batch.length === 0) return { ok: true, purged, calls };
    // Read before the call: every recording in the batch committed before the CDN was asked.
    const outcome = await purgeAtCdn(config, site ? [cacheTag.site] : batch.map((entry) => entry.tag), deps.policy, deps.fetchOptions);
    calls++;
    if (!outcome.ok) return { ok: false, purged, calls, problem: outcome.problem };
    await clearPurgedTags(deps.db, batch);
    purged += batch.length;
    if (!site && batch.length < size) return { ok: true, purged, calls };
  }
}

export function cdnJobHandlers(deps: CdnJobDeps): { 'cdn.drain': JobHandler<'cdn.drain'>; 'cdn.purge': JobHandler<'cdn.purge'> } {
  const journal = (action: string, detail: Record<string, unknown>) =>
    deps.db.transaction((tx) => audit(tx, null, { action, entity: 'cdn', detail }, deps.now()));
  return {
    'cdn.drain': async (_data, job) => {
      if (!deps.config) return;
      const outcome = await drainCdnPurges(deps);
      const attempt = job.retryCount + 1;
      if (outcome.ok) {
        if (job.retryCount > 0) await journal('cdn.purge.done', { cdn: deps.config.kind, attempt, tags: outcome.purged });
        return;
      }
      const waiting = await countPendingPurgeTags(deps.db);
      await journal('cdn.purge.failed', { cdn: deps.config.kind, attempt, tags: waiting, problem: outcome.problem });
      throw new Error(`CDN purge, ${waiting} tags waiting: ${outcome.problem}`);
    },
    // Queued by a release before the outbox: its tags join the outbox, and the drain purges them.
    'cdn.purge': async ({ tags }) => {
      if (!deps.config) return;
      await deps.db.transaction((tx) => notePurgeTags(tx, tags));
      if (deps.jobs) await queueCdnDrain(deps.jobs);
    },
  };
}

/** How often a server looks for tags no drain is on its way for (written by a command, or retries spent). */
export const CDN_SWEEP_SECONDS = 60;

export interface CdnPurgeRuntime {
  /** Tags found waiting at boot (a drain was asked for them). */
  waiting: number;
  stop: () => void;
}

/**
 * At boot: with a CDN, tags left by a process stopped between a commit and its drain are purged now, and
 * every minute a drain is asked for when tags wait and none is queued (tags a command recorded, or left
 * after the queue's retries ran out). Without a CDN, what a former setting left waiting is dropped (nothing
 * grows for a CDN that is gone).
 */
export async function startCdnPurge(
  db: Database,
  config: CdnPurgeConfig | null,
  jobs: Pick<JobQueue, 'enqueue' | 'pending'>,
  options: { log?: (line: string) => void; sweepSeconds?: number } = {},
): Promise<CdnPurgeRuntime> {
  const log = options.log ?? ((line: string) => console.log(line));
  if (!config) {
    const dropped = await dropPendingPurgeTags(db);
    if (dropped > 0) log(`[boot] CDN purge: off, ${dropped} waiting tag(s) dropped`);
    return { waiting: 0, stop: () => {} };
  }
  const ask = async () => {
    try {
      await queueCdnDrain(jobs);
    } catch (error) {
      log(`[cdn] could not queue a purge: ${(error as Error).message}`);
    }
  };
  const waiting = await countPendingPurgeTags(db);
  log(
    `[boot] CDN purge by tag: ${config.kind} (${new URL(config.url).host})${waiting > 0 ? `, ${waiting} tag(s) left waiting are purged now` : ''}`,
  );
  if (waiting > 0) await ask();
  let sweeping = false;
  const timer = setInterval(
    async () => {
      if (sweeping) return;
      sweeping = true;
      try {
        // A drain waiting out its back-off is left to it: the sweep does not hammer a CDN that is down.
        if ((await pendingPurgeTags(db, 1)).length > 0 && (await jobs.pending())['cdn.drain'] === 0) await ask();
      } catch (error) {
        log(`[cdn] sweep failed: ${(error as Error).message}`);
      } finally {
        sweeping = false;
      }
    },
    (options.sweepSeconds ?? CDN_SWEEP_SECONDS) * 1000,
  );
  timer.unref();
  return { waiting, stop: () => clearInterval(timer) };
}
