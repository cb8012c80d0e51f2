/**
 * The job queue opened on first need, on PGlite and on PostgreSQL: nothing opens at creation; a job queued
 * before any worker runs is written at once; one queued in a transaction before the queue runs is refused
 * (never a wait on PGlite's single connection), and commits with it once the queue runs; a stop before the
 * queue opened is final; a stop while it opens waits for it and stops it.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../../testing/testDatabase.ts';
import type { JobQueue } from './jobQueue.server.ts';
import { lazyJobQueue, openJobQueueOn } from './lazyJobQueue.ts';

const mail = (to: string) => ({ to, subject: 'Bonjour', text: 'Bonjour', html: '<p>Bonjour</p>' });

describe.each(testDatabaseKinds)('lazy job queue on %s', (kind) => {
  let database: TestDatabase;
  const opened: JobQueue[] = [];
  let stops: number;
  const lines: string[] = [];

  /** Opens the real queue, keeping it to stop after the test, and counting the stops the lazy queue asks. */
  const open = vi.fn(async () => {
    const queue = await openJobQueueOn(database)();
    opened.push(queue);
    return {
      ...queue,
      stop: async () => {
        stops++;
        await queue.stop();
      },
    };
  });

  const jobRows = async () => {
    const text = "SELECT data->>'to' AS to FROM pgboss.job WHERE name = 'mail.send' ORDER BY created_on";
    const { driver } = database;
    const { rows } =
      driver.kind === 'pglite' ? await driver.client.query<{ to: string }>(text) : await driver.pool.query<{ to: string }>(text);
    return rows.map((row) => row.to);
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    for (const queue of opened) await queue.stop();
    await database?.dispose();
  });
  beforeEach(async () => {
    open.mockClear();
    stops = 0;
    lines.length = 0;
    await database.exec('DELETE FROM pgboss.job').catch(() => {});
  });

  it('opens nothing until a job is queued, then writes it at once, no worker running', async () => {
    const jobs = lazyJobQueue(open, (line) => lines.push(line));
    expect(open).not.toHaveBeenCalled();
    await jobs.enqueue('mail.send', mail('premiere@exemple.fr'));
    expect(open).toHaveBeenCalledTimes(1);
    expect(await jobRows()).toEqual(['premiere@exemple.fr']);
    expect((await jobs.pending())['mail.send']).toBe(1);
    await jobs.stop();
    expect(stops).toBe(1);
  });

  it('refuses a job queued in a transaction before the queue runs, and commits one with it after ready()', async () => {
    const jobs = lazyJobQueue(open, (line) => lines.push(line));
    await expect(
      database.db.transaction(async (tx) => {
        await jobs.enqueue('mail.send', mail('trop-tot@exemple.fr'), { tx });
      }),
    ).rejects.toThrow(/before the job queue runs/);
    expect(open).not.toHaveBeenCalled();
    await jobs.ready();
    await database.db.transaction(async (tx) => {
      await jobs.enqueue('mail.send', mail('dans-la-transaction@exemple.fr'), { tx });
    });
    expect(await jobRows()).toEqual(['dans-la-transaction@exemple.fr']);
    await jobs.stop();
  });

  it('stops as a no-op before it opened, and never opens afterwards', async () => {
    const jobs = lazyJobQueue(open, (line) => lines.push(line));
    await jobs.stop();
    await expect(jobs.enqueue('mail.send', mail('apres-arret@exemple.fr'))).rejects.toThrow('the job queue is stopped');
    await expect(jobs.ready()).rejects.toThrow('the job queue is stopped');
    expect(open).not.toHaveBeenCalled();
    expect(stops).toBe(0);
  });

  it('a stop while it opens waits for the opening, then stops the queue', async () => {
    const jobs = lazyJobQueue(open, (line) => lines.push(line));
    const ready = jobs.ready();
    const stopped = jobs.stop();
    await stopped;
    expect(open).toHaveBeenCalledTimes(1);
    expect(stops).toBe(1);
    // Whoever waited for it is answered: it ran, briefly.
    await ready;
    // A second stop (a second signal) stops nothing twice.
    await jobs.stop();
    expect(stops).toBe(1);
  });
});
