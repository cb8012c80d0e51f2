/**
 * IndexNow at boot (decision 031): the key loaded (or generated once), and what a committed change does —
 * ask for a ping a few seconds later. The addresses themselves were written with the change
 * (indexNowOutbox.ts); addresses left by a process that stopped before asking are asked for here.
 */
import type { Database } from '../../../db/client.ts';
import type { ServerConfig } from '../../config/serverConfig.ts';
import type { JobQueue } from '../../jobs/jobQueue.server.ts';
import { queueIndexNowPing } from './indexNowJobs.ts';
import { loadIndexNowKey } from './indexNowKey.ts';
import { dropPendingPaths, pendingPaths } from './indexNowOutbox.ts';
import type { IndexNowTarget } from './indexNowPing.ts';

export interface IndexNowRuntime {
  key: string;
  /** null: no INDEXNOW_ENDPOINT. */
  target: IndexNowTarget | null;
  /** After a commit that readers can see. */
  changed: () => Promise<void>;
}

export async function startIndexNow(
  db: Database,
  settings: Pick<ServerConfig, 'indexNow' | 'siteUrl' | 'outbound'>,
  jobs: Pick<JobQueue, 'enqueue'>,
  log: (line: string) => void = (line) => console.log(line),
): Promise<IndexNowRuntime> {
  const key = await loadIndexNowKey(db, settings.indexNow.key);
  const endpoint = settings.indexNow.endpoint;
  if (!endpoint) {
    // Nothing is sent without an endpoint: addresses noted meanwhile are not kept for a later one.
    await dropPendingPaths(db);
    log('[boot] IndexNow: off (no INDEXNOW_ENDPOINT; https://api.indexnow.org/indexnow tells every engine that takes part)');
    return { key, target: null, changed: async () => {} };
  }
  const target: IndexNowTarget = { endpoint, key, siteUrl: settings.siteUrl, policy: settings.outbound };
  log(`[boot] IndexNow: changed addresses are sent to ${new URL(endpoint).host}`);
  const ask = async () => {
    try {
      await queueIndexNowPing(jobs, new Date());
    } catch (error) {
      // The addresses wait in their table: the next change, or the next start, asks again.
      log(`[indexnow] could not queue a ping: ${(error as Error).message}`);
    }
  };
  if ((await pendingPaths(db, 1)).length > 0) await ask();
  return { key, target, changed: ask };
}
