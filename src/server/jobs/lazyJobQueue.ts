/**
 * The job queue opened on first need rather than at boot (issue 38: the first page in ≤ 2 s): pg-boss, its
 * cron parts and OpenTelemetry take ~120 ms of CPU to import and its start 35–100 ms of queries, none of which a
 * reader's page needs. It opens when asked to (the background work starting, a request that writes), or when a
 * job is queued outside a transaction. A stop before it opened is final: it never opens, nothing is stopped.
 *
 * A job queued inside a transaction before the queue runs is refused: on PGlite (one connection) pg-boss's start
 * would wait for the very transaction that waits for it, and every request with it. Requests that write wait for
 * `ready()` before their handler runs (src/server.ts), so no handler meets this.
 */
import type { DatabaseHandle } from '../../db/client.ts';
import { deferStart } from '../background/deferredStart.ts';
import type { JobQueue } from './jobQueue.server.ts';

export interface LazyJobQueue extends JobQueue {
  /** Opens the queue (once) and resolves when it runs; rejects if it could not start or was stopped first. */
  ready(): Promise<void>;
}

export type OpenJobQueue = () => Promise<JobQueue>;

/** pg-boss loaded with the queue, not with the server. */
export function openJobQueueOn(database: DatabaseHandle): OpenJobQueue {
  return async () => (await import('./jobQueue.server.ts')).startJobQueue(database);
}

export function lazyJobQueue(open: OpenJobQueue, log: (line: string) => void = (line) => console.error(line)): LazyJobQueue {
  let queue: JobQueue | null = null;
  let failure: string | null = null;
  const part = deferStart(
    async () => {
      try {
        queue = await open();
      } catch (error) {
        failure = (error as Error).message;
        throw error;
      }
      const opened = queue;
      return () => opened.stop();
    },
    { log, name: 'job queue' },
  );
  const running = async (): Promise<JobQueue> => {
    part.start();
    await part.started;
    if (queue) return queue;
    throw new Error(failure ? `the job queue could not start: ${failure}` : 'the job queue is stopped');
  };
  return {
    async ready() {
      await running();
    },
    async enqueue(name, data, options = {}) {
      if (!queue && options.tx) throw new Error(`job ${name} queued in a transaction before the job queue runs (await ready() first)`);
      return (await running()).enqueue(name, data, options);
    },
    async work(handlers, options) {
      return (await running()).work(handlers, options);
    },
    async pending() {
      return (await running()).pending();
    },
    stop: () => part.stop(),
  };
}
