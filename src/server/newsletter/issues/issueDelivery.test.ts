/**
 * Sending an issue through the real queue (pg-boss) to the tests' SMTP sink (smtp-server), on PGlite and
 * PostgreSQL (TEST_DATABASE_URL): 2 000 confirmed subscribers and some that must not get it — each eligible
 * address gets exactly one message (one Message-ID), nobody else gets one, with the RFC 8058 and List-Id
 * headers and both parts; a relay answering 451 for a while delays the issue and loses nothing; a 550
 * bounces the address for good; an unsubscribe during the send stops that reader's mail at once.
 * The crash (kill -9 mid-send, then a restart): tests/e2e/faults/newsletter-crash.spec.ts.
 */
import { cdnPurgeRecorder } from '../../cache/contentPurge.ts';
import { pendingPurgeTags } from '../../cdn/cdnPurgeOutbox.ts';
import { TEST_CDN } from '../../../testing/testCdn.ts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cdnPurgeTags, newsletterDeliveries, newsletterIssues, subscribers } from '../../../db/schema.ts';
import { renderNewsletterIssueMail } from '../../../mail/newsletterIssueMail.tsx';
import { startSmtpSink } from '../../../testing/smtpSink.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../../../testing/testDatabase.ts';
import { testJobHandlers } from '../../../testing/jobHandlers.ts';
import { startJobQueue, type JobQueue } from '../../jobs/jobQueue.server.ts';
import { newsletterJobHandlers } from '../newsletterJobs.ts';
import { createMailer } from '../mailer.server.ts';
import { seedDemoContent } from '../../seed/seedDemoContent.server.ts';
import { deliveryMessageId } from './issueDelivery.ts';
import { issueJobHandlers } from './issueJobs.ts';
import { deliveryCounts, findIssue } from './issueQueries.ts';
import { createIssueTransport, createThrottle } from './issueTransport.ts';
import { changeIssueStatus, createIssue } from './issueWorkflow.ts';

const SITE = 'http://magazine.test';

async function addSubscribers(
  db: TestDatabase['db'],
  prefix: string,
  n: number,
  fields: { status: string; type: number; bounced?: boolean },
) {
  await db.execute(sql`
    INSERT INTO subscribers (email, postcode, newsletter_type, origin, status, consent, confirmed_at, unsubscribed_at, bounced_at)
    SELECT ${prefix} || '-' || i || '@exemple.fr', '75011', ${fields.type}, 'test', ${fields.status},
      '{"version":"t","text":"t","doubleOptIn":false}'::jsonb,
      CASE WHEN ${fields.status} = 'active' THEN now() END,
      CASE WHEN ${fields.status} = 'unsubscribed' THEN now() END,
      CASE WHEN ${fields.bounced ?? false} THEN now() END
    FROM generate_series(1, ${n}) AS i`);
}

const until = async (check: () => Promise<boolean>, timeoutMs: number, what: string) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 200));
  }
};

describe.each(testDatabaseKinds)('sending an issue on %s', (kind) => {
  let database: TestDatabase;
  let jobs: JobQueue;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let refuse: (to: string) => { code: number; message: string } | null = () => null;
  let rate = createThrottle(5000);
  let articleId = 0;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDemoContent(database.db, { articles: 20 });
    const latest = (await database.db.execute(sql`SELECT id FROM articles ORDER BY published_at DESC LIMIT 1`)) as unknown as {
      rows: { id: number }[];
    };
    articleId = latest.rows[0]?.id ?? 0;
    sink = await startSmtpSink({ refuse: (to) => refuse(to) });
    jobs = await startJobQueue(database, { log: () => {} });
    const mailer = createMailer({ smtpUrl: sink.url, from: 'Piquante <lettre@piquante.test>' });
    await jobs.work(
      testJobHandlers({
        ...newsletterJobHandlers({ db: database.db, jobs, mailer, siteUrl: SITE }),
        ...issueJobHandlers({
          db: database.db,
          jobs,
          render: renderNewsletterIssueMail,
          transport: createIssueTransport({ smtpUrl: sink.url, from: 'Piquante <lettre@piquante.test>', maxConnections: 4 }),
          throttle: { take: () => rate.take() },
          siteUrl: SITE,
          oneClickKey: async () => 'une clé de test assez longue pour signer',
          now: () => new Date(),
          recordPurge: cdnPurgeRecorder(TEST_CDN),
        }),
      }),
      { pollingIntervalSeconds: 0.5 },
    );
  }, 120_000);

  afterAll(async () => {
    await jobs?.stop();
    await sink?.close();
    await database?.dispose();
  });

  async function sendNow(type: 1 | 2, subject: string) {
    const created = await createIssue(database.db, null as never, { subject, newsletterType: type, articleIds: [articleId] }, new Date());
    if (!created.ok) throw new Error(JSON.stringify(created));
    const scheduled = await changeIssueStatus(database.db, jobs, null, created.value.id, { action: 'schedule', version: 1 }, new Date());
    if (!scheduled.ok) throw new Error(JSON.stringify(scheduled));
    return created.value.id;
  }

  const statusOf = async (id: number) => (await findIssue(database.db, id))?.status;

  it('2 000 confirmed subscribers: one message each (one Message-ID), nobody else, headers and both parts', async () => {
    await addSubscribers(database.db, 'lectrice', 2000, { status: 'active', type: 1 });
    await addSubscribers(database.db, 'en-attente', 40, { status: 'pending', type: 1 });
    await addSubscribers(database.db, 'partie', 40, { status: 'unsubscribed', type: 1 });
    await addSubscribers(database.db, 'refusee', 40, { status: 'active', type: 1, bounced: true });
    await addSubscribers(database.db, 'autre-lettre', 40, { status: 'active', type: 2 });
    sink.mails.length = 0;
    await database.db.delete(cdnPurgeTags);
    const id = await sendNow(1, 'La sélection de la semaine');
    await until(async () => (await statusOf(id)) === 'sent', 90_000, 'the issue to be sent');
    // Sent: its web version joins the archive, and the CDN's purge was recorded with the issue's last update.
    expect((await pendingPurgeTags(database.db, 10)).map((row) => row.tag)).toEqual(['site']);

    const mine = sink.mails.filter((mail) => mail.subject === 'La sélection de la semaine');
    const recipients = mine.flatMap((mail) => mail.to);
    expect(recipients.length).toBe(2000);
    expect(new Set(recipients).size).toBe(2000);
    expect(recipients.every((to) => /^lectrice-\d+@exemple\.fr$/.test(to))).toBe(true);
    const ids = new Set(mine.map((mail) => mail.headers.get('message-id')));
    expect(ids.size).toBe(2000);
    const [first] = mine;
    if (!first) throw new Error('no mail');
    const [subscriber] = await database.db
      .select()
      .from(subscribers)
      .where(eq(subscribers.email, first.to[0] ?? ''));
    expect(first.headers.get('message-id')).toBe(deliveryMessageId(SITE, id, subscriber?.id ?? 0));
    expect(first.headers.get('list-unsubscribe')).toMatch(
      /^<http:\/\/magazine\.test\/newsletter\/desinscription-un-clic\/u\.\d+\.[\w-]{32}>$/,
    );
    expect(first.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(first.headers.get('list-id')).toMatch(/<lettre-1\.lettres\.piquante\.fr>/);
    expect(first.raw).toMatch(/Content-Type: text\/html/i);
    expect(first.text).toMatch(/désinscri/i);
    // Each reader's own unsubscribe address, in the text part too (never the placeholder).
    expect(first.raw).not.toContain('%%PIQUANTE_UNSUBSCRIBE_URL%%');
    const issue = await findIssue(database.db, id);
    if (!issue) throw new Error('gone');
    expect(await deliveryCounts(database.db, issue)).toMatchObject({ sent: 2000, pending: 0, bounced: 0, failed: 0 });
  }, 120_000);

  it('a relay answering 451 for a while delays the issue and loses nothing; a 550 bounces that address for good', async () => {
    await addSubscribers(database.db, 'lundi', 30, { status: 'active', type: 2 });
    const bounce = 'lundi-7@exemple.fr';
    let temporary = true;
    refuse = (to) =>
      to === bounce ? { code: 550, message: 'No such user' } : temporary ? { code: 451, message: 'Try again later' } : null;
    sink.mails.length = 0;
    const id = await sendNow(2, 'La Piquante du lundi');
    // The newsroom says why it waits.
    await until(
      async () => {
        const issue = await findIssue(database.db, id);
        return issue?.status === 'sending' && (await deliveryCounts(database.db, issue)).pending > 0 && sink.mails.length === 0;
      },
      20_000,
      'the issue to wait on the relay',
    );
    const [waiting] = await database.db.select().from(newsletterDeliveries).where(eq(newsletterDeliveries.issueId, id)).limit(1);
    expect(waiting).toBeDefined();
    temporary = false;
    await until(async () => (await statusOf(id)) === 'sent', 90_000, 'the issue to be sent after the relay came back');
    const recipients = sink.mails.filter((mail) => mail.subject === 'La Piquante du lundi').flatMap((mail) => mail.to);
    // 30 + the 40 of the other test, minus the bounce: each once.
    expect(recipients.length).toBe(69);
    expect(new Set(recipients).size).toBe(69);
    expect(recipients).not.toContain(bounce);
    const [bounced] = await database.db.select().from(subscribers).where(eq(subscribers.email, bounce));
    expect(bounced?.bouncedAt).toBeInstanceOf(Date);
    const issue = await findIssue(database.db, id);
    if (!issue) throw new Error('gone');
    expect(await deliveryCounts(database.db, issue)).toMatchObject({ sent: 69, bounced: 1, pending: 0 });

    // The next issue does not even try the bounced address.
    refuse = () => null;
    sink.mails.length = 0;
    const next = await sendNow(2, 'La Piquante du lundi suivant');
    await until(async () => (await statusOf(next)) === 'sent', 60_000, 'the next issue');
    const again = sink.mails.filter((mail) => mail.subject === 'La Piquante du lundi suivant').flatMap((mail) => mail.to);
    expect(again.length).toBe(69);
    expect(again).not.toContain(bounce);
  }, 180_000);

  it('an unsubscribe during the send stops that reader’s mail at once; a cancel stops the rest', async () => {
    await addSubscribers(database.db, 'lente', 60, { status: 'active', type: 2 });
    rate = createThrottle(20);
    sink.mails.length = 0;
    const id = await sendNow(2, 'Envoi lent');
    await until(async () => sink.mails.length >= 10, 30_000, 'the first mails');
    // Readers who leave now: the last ones by id, not mailed yet at 20 a second.
    await database.db.execute(sql`
      UPDATE subscribers SET status = 'unsubscribed', unsubscribed_at = now()
      WHERE id IN (SELECT id FROM subscribers WHERE email LIKE 'lente-%' ORDER BY id DESC LIMIT 5)`);
    await until(async () => (await statusOf(id)) === 'sent', 60_000, 'the slow issue');
    const left = await database.db.execute(sql`SELECT email FROM subscribers WHERE email LIKE 'lente-%' AND status = 'unsubscribed'`);
    const leftEmails = (left as unknown as { rows: { email: string }[] }).rows.map((row) => row.email);
    const recipients = sink.mails.filter((mail) => mail.subject === 'Envoi lent').flatMap((mail) => mail.to);
    for (const email of leftEmails) expect(recipients).not.toContain(email);
    const issue = await findIssue(database.db, id);
    if (!issue) throw new Error('gone');
    const counts = await deliveryCounts(database.db, issue);
    expect(counts.skipped).toBe(5);
    expect(counts.unsubscribed).toBe(5);

    // Cancelled mid-send: what is left is not sent, and the issue says so.
    sink.mails.length = 0;
    const cancelled = await sendNow(2, 'Envoi annulé');
    await until(async () => sink.mails.length >= 5, 30_000, 'the first mails of the cancelled issue');
    const row = await findIssue(database.db, cancelled);
    const stop = await changeIssueStatus(database.db, jobs, null, cancelled, { action: 'cancel', version: row?.version ?? 0 }, new Date());
    expect(stop.ok).toBe(true);
    await until(
      async () => {
        const current = await findIssue(database.db, cancelled);
        return current ? (await deliveryCounts(database.db, current)).pending === 0 : false;
      },
      30_000,
      'the cancelled issue to settle',
    );
    const final = await findIssue(database.db, cancelled);
    expect(final?.status).toBe('cancelled');
    if (!final) throw new Error('gone');
    const settled = await deliveryCounts(database.db, final);
    expect(settled.sent).toBeLessThan(settled.total);
    expect(settled.skipped).toBeGreaterThan(0);
    rate = createThrottle(5000);
  }, 180_000);

  it('keeps the issue in the database as sent, with its rendered copy for the web version', async () => {
    const [row] = await database.db
      .select()
      .from(newsletterIssues)
      .where(eq(newsletterIssues.subject, 'La sélection de la semaine'))
      .limit(1);
    expect(row?.html).toContain('<html');
    expect(row?.text).toBeTruthy();
  });
});
