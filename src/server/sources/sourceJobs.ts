/**
 * The live source's sync as a durable job (issue 35): every process queues a `source.sync` pass every
 * SOURCE_POLL_SECONDS; the queue's `stately` policy runs one at a time for the whole site. Without a live
 * source (CONTENT_SOURCE=piquante) nothing is queued and the handler has nothing to do.
 */
import type { JobHandlers } from '../jobs/jobKinds.ts';
import type { JobQueue } from '../jobs/jobQueue.server.ts';
import type { SourceSync } from './syncEngine.ts';

export function sourceJobHandlers(sync: SourceSync | null): Pick<JobHandlers, 'source.sync'> {
  return {
    'source.sync': async ({ reconcile }) => {
      if (!sync) return;
      await sync.poll({ reconcile: reconcile ?? false });
    },
  };
}

/** Queues a pass at once, then every `seconds`; unref'd. Returns the function that stops it. */
export function startSourcePolling(
  jobs: Pick<JobQueue, 'enqueue'>,
  seconds: number,
  log: (line: string) => void = console.error,
): () => void {
  const queue = () => {
    jobs.enqueue('source.sync', {}).catch((error: unknown) => log(`[sources] could not queue a pass: ${(error as Error).message}`));
  };
  queue();
  const timer = setInterval(queue, seconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
