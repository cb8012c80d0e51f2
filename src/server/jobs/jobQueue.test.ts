/**
 * The job queue on PGlite and on PostgreSQL: a job queued in a transaction commits with it (or not at all),
 * a failing job is tried again until it succeeds, a permanent failure is not retried, and bad data is
 * refused when queued. Mail jobs against a loopback SMTP sink: a 451 for a while, then delivered once; a
 * 550 for one address, tried once.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSmtpSink } from '../../testing/smtpSink.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../../testing/testDatabase.ts';
import { testJobHandlers } from '../../testing/jobHandlers.ts';
import { createMailer } from '../newsletter/mailer.server.ts';
import { newsletterJobHandlers } from '../newsletter/newsletterJobs.ts';
import { type JobHandlers, PermanentJobError } from './jobKinds.ts';
import { type JobQueue, startJobQueue } from './jobQueue.server.ts';

const mail = (to: string) => ({ to, subject: 'Bonjour', text: 'Bonjour', html: '<p>Bonjour</p>' });

async function settled(jobs: JobQueue, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const pending = await jobs.pending();
    if (Object.values(pending).every((n) => n === 0)) return;
    if (Date.now() > until) throw new Error(`jobs still pending: ${JSON.stringify(pending)}`);
    await new Promise((done) => setTimeout(done, 200));
  }
}

describe.each(testDatabaseKinds)('job queue on %s', (kind) => {
  let database: TestDatabase;
  let jobs: JobQueue;
  let handle: JobHandlers['mail.send'];
  const lines: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    jobs = await startJobQueue(database, { log: (line) => lines.push(line) });
    await jobs.work(testJobHandlers({ 'mail.send': (data, job) => handle(data, job) }), { pollingIntervalSeconds: 0.5 });
  });
  afterAll(async () => {
    await jobs?.stop();
    await database?.dispose();
  });
  beforeEach(async () => {
    await database.exec('DELETE FROM pgboss.job');
    lines.length = 0;
  });

  it('queues a job with the transaction that asks for it: rolled back, there is no job', async () => {
    const seen: string[] = [];
    handle = async (data) => void seen.push(data.to);
    await database.db
      .transaction(async (tx) => {
        await jobs.enqueue('mail.send', mail('annule@exemple.fr'), { tx });
        throw new Error('rollback');
      })
      .catch(() => {});
    await database.db.transaction(async (tx) => {
      await jobs.enqueue('mail.send', mail('garde@exemple.fr'), { tx });
    });
    await settled(jobs);
    expect(seen).toEqual(['garde@exemple.fr']);
  });

  it('tries a failing job again until it succeeds; a permanent failure is tried once', async () => {
    const tries = new Map<string, number>();
    handle = async (data, job) => {
      tries.set(data.to, job.retryCount + 1);
      if (data.to === 'refuse@exemple.fr') throw new PermanentJobError('550 no such user');
      if (job.retryCount < 2) throw new Error('connection refused');
    };
    await jobs.enqueue('mail.send', mail('reessai@exemple.fr'));
    await jobs.enqueue('mail.send', mail('refuse@exemple.fr'));
    await settled(jobs, 30_000);
    expect(tries.get('reessai@exemple.fr')).toBe(3);
    expect(tries.get('refuse@exemple.fr')).toBe(1);
    expect(lines.some((line) => line.includes('failed for good: 550 no such user'))).toBe(true);
  });

  it('refuses bad data when it is queued', async () => {
    await expect(jobs.enqueue('mail.send', { ...mail('pas une adresse'), subject: '' })).rejects.toThrow();
    await expect(jobs.enqueue('newsletter.unsubscribe-request', { email: 'x@exemple.fr', requestedAt: 'hier' })).rejects.toThrow();
  });

  it('mails through a server that answers 451 for a while (delivered once), and not again to an address it refuses with 550', async () => {
    let refusing = true;
    const attempts = new Map<string, number>();
    const sink = await startSmtpSink({
      refuse: (to) => {
        attempts.set(to, (attempts.get(to) ?? 0) + 1);
        if (to === 'inconnu@exemple.fr') return { code: 550, message: 'No such user' };
        return refusing ? { code: 451, message: 'Try again later' } : null;
      },
    });
    const mailer = createMailer({ smtpUrl: sink.url, from: 'Piquante <bonjour@piquante.test>' });
    try {
      handle = newsletterJobHandlers({ db: database.db, jobs, mailer, siteUrl: 'http://magazine.test' })['mail.send'];
      await jobs.enqueue('mail.send', mail('patience@exemple.fr'));
      await jobs.enqueue('mail.send', mail('inconnu@exemple.fr'));
      await expect.poll(() => attempts.get('patience@exemple.fr') ?? 0, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
      refusing = false;
      await settled(jobs, 30_000);
      expect(sink.mails.filter((m) => m.to.includes('patience@exemple.fr'))).toHaveLength(1);
      expect(sink.mails.filter((m) => m.to.includes('inconnu@exemple.fr'))).toHaveLength(0);
      expect(attempts.get('inconnu@exemple.fr')).toBe(1);
    } finally {
      await mailer.close();
      await sink.close();
    }
  });
});
