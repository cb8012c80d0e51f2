/**
 * The `indexnow.ping` job (src/server/jobs/jobKinds.ts): sends every waiting address, 10 000 per request,
 * oldest first, and clears each batch once accepted. A failure throws: the job is retried with back-off and
 * the addresses wait in the table meanwhile (nothing is lost, and a later change adds to the same ping).
 */
import { appConfig } from '../../../../app.config.ts';
import type { Database } from '../../../db/client.ts';
import type { JobHandlers } from '../../jobs/jobKinds.ts';
import { PermanentJobError } from '../../jobs/jobKinds.ts';
import type { JobQueue } from '../../jobs/jobQueue.server.ts';
import { clearSentPaths, pendingPaths } from './indexNowOutbox.ts';
import { type IndexNowTarget, pingIndexNow } from './indexNowPing.ts';

export interface IndexNowJobDeps {
  db: Database;
  /** null: no INDEXNOW_ENDPOINT, nothing is sent. */
  target: IndexNowTarget | null;
  /** Tests send smaller batches. */
  batchSize?: number;
  log?: (line: string) => void;
}

/** One request per batch until nothing waits; answers how many addresses were sent. */
export async function sendPendingPaths(deps: IndexNowJobDeps): Promise<number> {
  if (!deps.target) return 0;
  const size = deps.batchSize ?? appConfig.seo.indexNowBatchSize;
  let sent = 0;
  for (;;) {
    const batch = await pendingPaths(deps.db, size);
    if (batch.length === 0) return sent;
    const outcome = await pingIndexNow(
      deps.target,
      batch.map((entry) => entry.path),
    );
    if (outcome.kind === 'retry') throw new Error(`IndexNow: ${outcome.reason}, will try again`);
    // Refused for good: dropped, or they would block every later ping behind them.
    await clearSentPaths(deps.db, batch);
    if (outcome.kind === 'refused') throw new PermanentJobError(`IndexNow refused ${batch.length} addresses: ${outcome.reason}`);
    sent += batch.length;
    if (batch.length < size) return sent;
  }
}

export function indexNowJobHandlers(deps: IndexNowJobDeps): Pick<JobHandlers, 'indexnow.ping'> {
  return {
    'indexnow.ping': async () => {
      const sent = await sendPendingPaths(deps);
      if (sent > 0) deps.log?.(`[indexnow] ${sent} address(es) sent`);
    },
  };
}

/**
 * Asks for a ping a few seconds from now: the changes of those seconds go in one request. The queue keeps at
 * most one such job waiting (its `stately` policy): a burst of saves is one job, whatever its length.
 */
export async function queueIndexNowPing(jobs: Pick<JobQueue, 'enqueue'>, now: Date): Promise<void> {
  await jobs.enqueue(
    'indexnow.ping',
    {},
    { startAfter: new Date(now.getTime() + appConfig.seo.indexNowDebounceSeconds * 1000), singletonKey: 'indexnow' },
  );
}
