/**
 * Fault suite (issue 23): the mail server is down, then slow, while readers sign up with double opt-in and
 * ask to leave. Every signup is kept and acknowledged at once (the answer never waits on SMTP); every mail
 * waits in the job queue, in the database, and arrives once the server is back; a process restart on the
 * way loses none.
 */
import { expect, test } from '@playwright/test';
import { startSmtpSink } from '../../../src/testing/smtpSink.ts';
import { freePort, pooled, postSignup, startOwnServer, tempDataDir } from '../support/ownServer.ts';
import { relayTo } from '../support/tcpRelay.ts';

test.describe.configure({ mode: 'serial' });

const expectEveryMail = async (sink: Awaited<ReturnType<typeof startSmtpSink>>, emails: string[], subject: RegExp) => {
  await expect
    .poll(() => emails.filter((email) => sink.mails.some((mail) => mail.to.includes(email) && subject.test(mail.subject))).length, {
      timeout: 45_000,
      intervals: [500],
    })
    .toBe(emails.length);
};

test('SMTP down during 40 double opt-in signups (and a restart): all acknowledged at once, all 40 mails arrive once it is back', async () => {
  test.setTimeout(150_000);
  const smtpPort = await freePort();
  const data = tempDataDir();
  const env = {
    DATA_DIR: data.dir,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    NEWSLETTER_DOUBLE_OPT_IN: '1',
    SITE_URL: 'http://magazine.test',
  };
  let server = await startOwnServer(env);
  let sink: Awaited<ReturnType<typeof startSmtpSink>> | null = null;
  try {
    const emails = Array.from({ length: 40 }, (_, i) => `sans-smtp-${i}@exemple.fr`);
    const started = Date.now();
    const results = await pooled(emails, 8, (email) => postSignup(server.baseUrl, email));
    expect(results.map((r) => r.outcome)).toEqual(emails.map(() => 'success'));
    // Acknowledged without waiting on the mail server (nodemailer alone waits up to 10 s to connect).
    expect(Date.now() - started).toBeLessThan(10_000);

    // The process restarts while the mails wait: they are in the database, not in its memory.
    await server.kill('SIGTERM');
    server = await startOwnServer(env);
    await new Promise((done) => setTimeout(done, 2000));

    sink = await startSmtpSink({ port: smtpPort });
    await expectEveryMail(sink, emails, /Confirmez votre inscription/);
    // Exactly one each.
    for (const email of emails) expect(sink.mails.filter((mail) => mail.to.includes(email)).length, email).toBe(1);
    expect(server.child.exitCode).toBeNull();
  } finally {
    await server.kill('SIGTERM');
    await sink?.close();
    data.remove();
  }
});

test('SMTP slow (every packet held 2 s): signups and unsubscribe requests answer at once, the mails arrive', async () => {
  test.setTimeout(120_000);
  const sink = await startSmtpSink();
  const relay = await relayTo('127.0.0.1', Number(new URL(sink.url).port));
  const data = tempDataDir();
  const server = await startOwnServer({
    DATA_DIR: data.dir,
    SMTP_URL: `smtp://127.0.0.1:${relay.port}`,
    NEWSLETTER_DOUBLE_OPT_IN: '1',
    SITE_URL: 'http://magazine.test',
  });
  try {
    relay.delay(2000);
    const emails = Array.from({ length: 10 }, (_, i) => `smtp-lent-${i}@exemple.fr`);
    for (const email of emails) {
      const started = Date.now();
      expect((await postSignup(server.baseUrl, email)).outcome).toBe('success');
      expect(Date.now() - started).toBeLessThan(2000);
    }
    const started = Date.now();
    const leave = await fetch(`${server.baseUrl}/newsletter/desinscription`, {
      method: 'POST',
      body: new URLSearchParams({ people_register_email: 'smtp-lent-0@exemple.fr', 'g-recaptcha-response': '' }),
    });
    expect(leave.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(2000);
    await expectEveryMail(sink, emails, /Confirmez votre inscription/);
  } finally {
    await server.kill('SIGTERM');
    await relay.cut();
    await sink.close();
    data.remove();
  }
});
