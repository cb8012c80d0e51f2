/**
 * The one background-job queue of the server: pg-boss on the magazine's own database (PGlite embedded,
 * or the PostgreSQL server), so that mails, imports and newsletter sends survive a crash or an outage of
 * what they talk to, and every process (WORKERS) shares the work without a second infrastructure
 * (docs/decisions/015-job-queue.md).
 *
 * A job is queued inside the transaction of the write that asks for it (`enqueue(…, { tx })`): the reader's
 * answer is sent once both are committed, and never waits on the mail server.
 */
import { sql } from 'drizzle-orm';
import { type Db, fromDrizzle, fromPglite, type Job, type JobResult, PgBoss } from 'pg-boss';
import type { Database, DatabaseHandle } from '../../db/client.ts';
import { type JobContext, type JobData, type JobKind, type JobHandlers, type JobName, jobKinds, PermanentJobError } from './jobKinds.ts';

export interface EnqueueOptions {
  /** The transaction of the write that asks for the job: both commit, or neither. */
  tx?: Database;
  startAfter?: Date;
  /** At most one job queued or running with this key (e.g. one resend per subscriber). */
  singletonKey?: string;
}

export interface JobQueue {
  enqueue<K extends JobName>(name: K, data: JobData<K>, options?: EnqueueOptions): Promise<string | null>;
  /** Starts working every kind with its handler; `pollingIntervalSeconds` 0.5 at the least. */
  work(handlers: JobHandlers, options?: { pollingIntervalSeconds?: number }): Promise<void>;
  /** Jobs not finished yet (queued, retrying or running), per kind: what an operator or a test waits on. */
  pending(): Promise<Record<JobName, number>>;
  stop(): Promise<void>;
}

function adapterFor(database: DatabaseHandle): Db {
  if (database.driver.kind === 'pglite') return fromPglite(database.driver.client);
  const { pool } = database.driver;
  return { executeSql: (text: string, values?: unknown[]) => pool.query(text, values) };
}

const names = Object.keys(jobKinds) as JobName[];

export async function startJobQueue(database: DatabaseHandle, options: { log?: (line: string) => void } = {}): Promise<JobQueue> {
  const log = options.log ?? ((line: string) => console.error(line));
  const adapter = adapterFor(database);
  const boss = new PgBoss({
    db: adapter,
    backend: database.kind === 'pglite' ? 'pglite' : 'postgres',
    // Nothing is scheduled by cron: jobs are queued by writes.
    schedule: false,
    // Expired jobs and missed heartbeats (a process killed mid-job) are noticed within 10 s, not 60.
    superviseIntervalSeconds: 10,
  });
  boss.on('error', (error: Error) => log(`[jobs] ${error.message}`));
  // Several processes (WORKERS) starting on a fresh database all create pg-boss's schema at once; the losers
  // fail on a unique violation while the winner migrates. pg-boss's own retry (1 s, 2 s, 4 s…) waits for it.
  await boss.start({ attempts: 5 });
  for (const name of names) {
    const kind: JobKind = jobKinds[name];
    if (await boss.getQueue(name)) await boss.updateQueue(name, kind.queue);
    else await boss.createQueue(name, { ...kind.queue, ...(kind.policy ? { policy: kind.policy } : {}) });
  }
  let stopped = false;

  return {
    async enqueue(name, data, enqueueOptions = {}) {
      const checked = jobKinds[name].data.parse(data) as object;
      return boss.send(name, checked, {
        ...(enqueueOptions.tx ? { db: fromDrizzle(enqueueOptions.tx as never, sql) } : {}),
        ...(enqueueOptions.startAfter ? { startAfter: enqueueOptions.startAfter } : {}),
        ...(enqueueOptions.singletonKey ? { singletonKey: enqueueOptions.singletonKey } : {}),
      });
    },

    async work(handlers, workOptions = {}) {
      const pollingIntervalSeconds = workOptions.pollingIntervalSeconds ?? 2;
      for (const name of names) {
        const handle = handlers[name] as (data: unknown, job: JobContext) => Promise<void>;
        const runOne = async (job: Job<object>): Promise<JobResult> => {
          const parsed = jobKinds[name].data.safeParse(job.data);
          const context: JobContext = { id: job.id, retryCount: job.retryCount ?? 0 };
          try {
            if (!parsed.success) throw new PermanentJobError(`invalid data: ${parsed.error.issues[0]?.message ?? ''}`);
            await handle(parsed.data, context);
            return { id: job.id, status: 'completed' };
          } catch (error) {
            const message = (error as Error).message;
            if (error instanceof PermanentJobError) {
              // Completed with the reason as its output: retrying cannot help, and the job stays readable.
              log(`[jobs] ${name} ${job.id} failed for good: ${message}`);
              return { id: job.id, status: 'completed', output: { failed: message } };
            }
            if (context.retryCount === 0) log(`[jobs] ${name} ${job.id} failed, will retry: ${message}`);
            return { id: job.id, status: 'failed', output: { message } };
          }
        };
        // A batch at a time, each job settled on its own; full batches are fetched again at once.
        await boss.work(
          name,
          { pollingIntervalSeconds, batchSize: jobKinds[name].batchSize, perJobResults: true, burstWhenBatchFull: true },
          (batch: Job<object>[]) => Promise.all(batch.map(runOne)),
        );
      }
    },

    async pending() {
      const counts = Object.fromEntries(names.map((name) => [name, 0])) as Record<JobName, number>;
      // Read from the table itself: pg-boss's queue statistics are refreshed by its monitor, seconds late.
      const { rows } = await adapter.executeSql(
        "SELECT name, count(*)::int AS n FROM pgboss.job WHERE state IN ('created', 'retry', 'active') GROUP BY name",
      );
      for (const row of rows as { name: string; n: number }[]) if (row.name in counts) counts[row.name as JobName] = row.n;
      return counts;
    },

    async stop() {
      if (stopped) return;
      stopped = true;
      // Jobs under way get a moment to finish; one cut short is tried again once it expires.
      await boss.stop({ graceful: true, timeout: 5000, close: false });
    },
  };
}
