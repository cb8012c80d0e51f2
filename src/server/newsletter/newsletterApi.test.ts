/**
 * The newsletter endpoints in-process (a Request in, a Response out), on PGlite and on PostgreSQL when
 * TEST_DATABASE_URL is set: answers parsed with the contract's zod schemas, the database checked after
 * each refusal (nothing stored), mails caught by a loopback SMTP sink.
 */
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appConfig } from '../../../app.config.ts';
import * as contract from '../../api/generated/zod.ts';
import { newsletterTokens, subscribers } from '../../db/schema.ts';
import { encodeAltchaSolution, solveAltcha } from '../../lib/altcha/altchaSolver.ts';
import { linkIn, type SmtpSink, startSmtpSink } from '../../testing/smtpSink.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../../testing/testDatabase.ts';
import { createTestApiHandler } from '../../testing/testApiHandler.ts';
import { testJobHandlers } from '../../testing/jobHandlers.ts';
import { type JobQueue, startJobQueue } from '../jobs/jobQueue.server.ts';
import { createMailer, type Mailer, type MailMessage } from './mailer.server.ts';
import { newsletterJobHandlers } from './newsletterJobs.ts';
import { newsletterConfigFromEnv } from '../config/newsletterConfig.ts';
import { newsletterMessages } from './newsletterMessages.ts';
import { type NewsletterOptions, newsletterHandlers } from './newsletterRoutes.ts';
import { eraseSubscriber, exportSubscribers } from './subscribers.server.ts';

const BASE = 'http://magazine.test';
const SIGNUP = `${BASE}/newsletter/inscriptionajaxlight-footer-home`;

type Fields = Record<string, string>;

const valid = (email: string, extra: Fields = {}): Fields => ({
  people_register_email: email,
  people_register_codepostal: '75011',
  people_register_newslettertype: '1',
  'g-recaptcha-response': '',
  ...extra,
});

function multipart(fields: Fields, ip = '203.0.113.7', url = SIGNUP): Request {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return new Request(url, { method: 'POST', body: form, headers: { 'x-test-ip': ip } });
}

function urlencoded(fields: Fields, ip = '203.0.113.7', url = SIGNUP): Request {
  return new Request(url, {
    method: 'POST',
    body: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-test-ip': ip },
  });
}

/** A mailer that keeps what it is asked to send. */
function memoryMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(message) {
      sent.push(message);
    },
    async close() {},
  };
}

describe.each(testDatabaseKinds)('newsletter API on %s', (kind) => {
  let database: TestDatabase;
  let jobs: JobQueue;
  /** What the job workers send with, and the site their links name: the test's handler() sets them. */
  const current: { mailer: Mailer; siteUrl: string } = { mailer: memoryMailer(), siteUrl: 'http://localhost:3000' };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    jobs = await startJobQueue(database, { log: () => {} });
    // The real queue and the real handlers; only the mailer and the site change per test.
    const workers = (): ReturnType<typeof newsletterJobHandlers> =>
      newsletterJobHandlers({ db: database.db, jobs, mailer: current.mailer, siteUrl: current.siteUrl });
    await jobs.work(
      testJobHandlers({
        'mail.send': (data, job) => workers()['mail.send'](data, job),
        'newsletter.unsubscribe-request': (data, job) => workers()['newsletter.unsubscribe-request'](data, job),
      }),
      { pollingIntervalSeconds: 0.5 },
    );
  });
  afterAll(async () => {
    await jobs?.stop();
    await database?.dispose();
  });
  beforeEach(async () => {
    await database.db.delete(subscribers);
    await database.exec('DELETE FROM pgboss.job');
  });

  function handler(env: NodeJS.ProcessEnv = {}, options: Omit<NewsletterOptions, 'env' | 'config' | 'jobs'> & { mailer?: Mailer } = {}) {
    const config = newsletterConfigFromEnv({ CAPTCHA_PROVIDER: 'none', SIGNUP_RATE_LIMIT: '0', ...env });
    const { mailer, ...rest } = options;
    current.mailer = mailer ?? memoryMailer();
    current.siteUrl = config.siteUrl;
    const routes = newsletterHandlers({
      config,
      jobs,
      clientIp: (request) => request.headers.get('x-test-ip') ?? '127.0.0.1',
      ...rest,
    });
    return createTestApiHandler(database.db, routes);
  }

  async function storedCount(): Promise<number> {
    const [row] = await database.db.select({ n: count() }).from(subscribers);
    return Number(row?.n ?? 0);
  }

  async function signupAnswer(response: Response) {
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    return contract.SignupNewsletterResponse.parse(await response.json());
  }

  describe('signup', () => {
    it('stores a new address with its origin, type, date and consent proof, then says it is already there', async () => {
      const handle = handler();
      const before = Date.now();
      const first = await signupAnswer(await handle(multipart(valid('  Camille.Durand@Exemple.FR '))));
      expect(first).toEqual({ status: 'success', errors: {} });
      const rows = await database.db.select().from(subscribers);
      expect(rows).toHaveLength(1);
      const row = rows[0];
      if (!row) throw new Error('no row');
      expect(row.email).toBe('camille.durand@exemple.fr');
      expect(row.postcode).toBe('75011');
      expect(row.newsletterType).toBe(1);
      expect(row.origin).toBe('footer-home');
      expect(row.status).toBe('active');
      expect(row.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(row.confirmedAt).not.toBeNull();
      expect(row.consent).toEqual({
        version: appConfig.newsletter.consent.version,
        text: appConfig.newsletter.consent.text,
        shownAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        doubleOptIn: false,
      });
      // Only what the newsletter needs: no IP, no user agent, no name.
      expect(Object.keys(row).sort()).toEqual(
        [
          'bouncedAt',
          'confirmedAt',
          'consent',
          'createdAt',
          'email',
          'id',
          'newsletterType',
          'origin',
          'postcode',
          'status',
          'unsubscribedAt',
        ].sort(),
      );

      const again = await signupAnswer(await handle(urlencoded(valid('camille.durand@EXEMPLE.fr'))));
      expect(again).toEqual({ status: 'error', errors: { people_register_email: 'Vous êtes déjà inscrit' } });
      expect(await storedCount()).toBe(1);
    });

    it('accepts urlencoded bodies, the default newsletter type and the second newsletter', async () => {
      const handle = handler();
      const { people_register_newslettertype: _omitted, ...withoutType } = valid('sans.type@exemple.fr');
      expect((await signupAnswer(await handle(urlencoded(withoutType)))).status).toBe('success');
      expect((await signupAnswer(await handle(multipart(valid('deux@exemple.fr', { people_register_newslettertype: '2' }))))).status).toBe(
        'success',
      );
      const rows = await database.db.select({ email: subscribers.email, type: subscribers.newsletterType }).from(subscribers);
      expect(rows.sort((a, b) => a.email.localeCompare(b.email))).toEqual([
        { email: 'deux@exemple.fr', type: 2 },
        { email: 'sans.type@exemple.fr', type: 1 },
      ]);
    });

    it('accepts French postcodes, overseas included, and refuses the rest with a French message', async () => {
      const handle = handler();
      const good = ['75011', '01000', '20000', '95880', '97411', '97133', '97500', '98000', '98714', '98800', '75 011', '７５０１１'];
      for (const [i, postcode] of good.entries()) {
        const answer = await signupAnswer(await handle(multipart(valid(`cp${i}@exemple.fr`, { people_register_codepostal: postcode }))));
        expect(answer, postcode).toEqual({ status: 'success', errors: {} });
      }
      const bad = ['7501', '750111', 'abcde', '00100', '96000', '99000', '75O11', '٧٥٠١١', '75011\u0000'];
      for (const postcode of bad) {
        const answer = await signupAnswer(
          await handle(multipart(valid('mauvais.cp@exemple.fr', { people_register_codepostal: postcode }))),
        );
        expect(answer.errors, postcode).toEqual({ people_register_codepostal: newsletterMessages.postcodeInvalid });
      }
      expect(await storedCount()).toBe(good.length);
    });

    it('lists every field error at once and stores nothing', async () => {
      const handle = handler({ CAPTCHA_PROVIDER: 'altcha' });
      const answer = await signupAnswer(await handle(multipart({})));
      expect(answer).toEqual({
        status: 'error',
        errors: {
          people_register_email: newsletterMessages.emailRequired,
          people_register_codepostal: newsletterMessages.postcodeRequired,
          'g-recaptcha-response': newsletterMessages.captchaMissing,
        },
      });
      const typed = await signupAnswer(
        await handle(multipart(valid('pas-une-adresse', { people_register_codepostal: '123', people_register_newslettertype: '9' }))),
      );
      expect(typed.errors).toMatchObject({
        people_register_email: newsletterMessages.emailInvalid,
        people_register_codepostal: newsletterMessages.postcodeInvalid,
        people_register_newslettertype: newsletterMessages.typeUnknown,
      });
      expect(await storedCount()).toBe(0);
    });

    it('answers 400 for an origin outside the contract', async () => {
      const handle = handler();
      for (const origin of ['Footer', 'footer--home', 'footer_home', '-home', 'x'.repeat(501)]) {
        const response = await handle(
          multipart(valid('origine@exemple.fr'), undefined, `${BASE}/newsletter/inscriptionajaxlight-${origin}`),
        );
        expect(response.status, origin).toBe(400);
        contract.ErrorResponse.parse(await response.json());
      }
      expect(await storedCount()).toBe(0);
    });

    it('lets a reader who left sign up again, with a new date, origin and consent', async () => {
      const handle = handler();
      await handle(multipart(valid('revient@exemple.fr')));
      await database.db
        .update(subscribers)
        .set({ status: 'unsubscribed', unsubscribedAt: new Date(), createdAt: new Date('2020-01-01T00:00:00Z') })
        .where(eq(subscribers.email, 'revient@exemple.fr'));
      const answer = await signupAnswer(
        await handle(multipart(valid('revient@exemple.fr'), undefined, `${BASE}/newsletter/inscriptionajaxlight-header`)),
      );
      expect(answer.status).toBe('success');
      const [row] = await database.db.select().from(subscribers);
      expect(row?.status).toBe('active');
      expect(row?.origin).toBe('header');
      expect(row?.unsubscribedAt).toBeNull();
      expect(row?.createdAt.getUTCFullYear()).toBeGreaterThan(2020);
    });

    it('answers each of 300 concurrent distinct signups once committed, and one of 40 identical ones', async () => {
      const handle = handler();
      const answers = await Promise.all(
        Array.from({ length: 300 }, (_, i) => handle(multipart(valid(`foule${i}@exemple.fr`))).then(signupAnswer)),
      );
      expect(answers.every((a) => a.status === 'success')).toBe(true);
      expect(await storedCount()).toBe(300);
      const same = await Promise.all(Array.from({ length: 40 }, () => handle(multipart(valid('meme@exemple.fr'))).then(signupAnswer)));
      expect(same.filter((a) => a.status === 'success')).toHaveLength(1);
      expect(same.filter((a) => a.errors.people_register_email === 'Vous êtes déjà inscrit')).toHaveLength(39);
      expect(await storedCount()).toBe(301);
    });
  });

  describe('hostile input never gives a 5xx and stores nothing', () => {
    const big = 'a'.repeat(appConfig.newsletter.maxBodyBytes + 1);

    it('refuses a declared body over 16 KB with a 413 before reading it, then drains the rest up to a bound', async () => {
      const handle = handler();
      let pulled = 0;
      let cancelled: () => void = () => {};
      const cut = new Promise<void>((done) => {
        cancelled = done;
      });
      const endless = new ReadableStream<Uint8Array>({
        pull(controller) {
          pulled++;
          controller.enqueue(new Uint8Array(1024));
        },
        cancel: () => cancelled(),
      });
      const response = await handle(
        new Request(SIGNUP, {
          method: 'POST',
          body: endless,
          duplex: 'half',
          headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(10 * 1024 * 1024) },
        } as RequestInit),
      );
      const pulledAtAnswer = pulled;
      expect(response.status).toBe(413);
      expect(contract.ErrorResponse.parse(await response.json()).message).toBe('Le formulaire envoyé est trop volumineux.');
      // Decided on the declared length: the answer does not wait for the body (the drain starts beside it).
      expect(pulledAtAnswer * 1024).toBeLessThan(appConfig.newsletter.maxBodyBytes);
      // A client that never stops sending is cut off once the drain bound (16 MB) is crossed.
      await cut;
      expect(pulled * 1024).toBeLessThanOrEqual(16 * 1024 * 1024 + 4 * 1024);
    });

    it('stops reading an undeclared (chunked) body as soon as it passes 16 KB', async () => {
      const handle = handler();
      let pulled = 0;
      const endless = new ReadableStream<Uint8Array>({
        pull(controller) {
          pulled++;
          controller.enqueue(new Uint8Array(1024).fill(97));
        },
      });
      const response = await handle(
        new Request(SIGNUP, {
          method: 'POST',
          body: endless,
          duplex: 'half',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        } as RequestInit),
      );
      expect(response.status).toBe(413);
      expect(pulled).toBeLessThan(24);
      await response.arrayBuffer();
      const urlencodedBig = await handle(urlencoded({ ...valid('gros@exemple.fr'), people_register_website: '', filler: big }));
      expect(urlencodedBig.status).toBe(413);
      expect(await storedCount()).toBe(0);
    });

    it('answers 415 for other content types and 400 for broken bodies', async () => {
      const handle = handler();
      const cases: [RequestInit, number][] = [
        [{ body: JSON.stringify(valid('json@exemple.fr')), headers: { 'content-type': 'application/json' } }, 415],
        [{ body: 'people_register_email=a@b.fr', headers: { 'content-type': 'text/plain' } }, 415],
        [{ body: '<xml/>', headers: { 'content-type': 'application/xml' } }, 415],
        [{ body: new Uint8Array([1, 2, 3]) }, 415],
        [{ body: 'garbage', headers: { 'content-type': 'multipart/form-data' } }, 400],
        [{ body: 'garbage without parts', headers: { 'content-type': 'multipart/form-data; boundary=abc' } }, 400],
        [
          {
            body: '--abc\r\nContent-Disposition: form-data; name="people_register_email"\r\n\r\nx@y.fr\r\n--abc',
            headers: { 'content-type': 'multipart/form-data; boundary=abc' },
          },
          400,
        ],
        [{ body: new Uint8Array([0x65, 0x3d, 0xff, 0xfe]), headers: { 'content-type': 'application/x-www-form-urlencoded' } }, 400],
        [
          {
            body: 'people_register_email=a@b.fr&people_register_email=c@d.fr',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
          },
          400,
        ],
        [{ body: 'x=1', headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': 'abc' } }, 400],
        [
          {
            body: Array.from({ length: 40 }, (_, i) => `f${i}=1`).join('&'),
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
          },
          400,
        ],
      ];
      for (const [init, status] of cases) {
        const response = await handle(new Request(SIGNUP, { method: 'POST', ...init }));
        expect(response.status, JSON.stringify(init.headers)).toBe(status);
        const body = contract.ErrorResponse.parse(await response.json());
        expect(body.message).toMatch(/formulaire|champ/i);
      }
      const file = new FormData();
      for (const [k, v] of Object.entries(valid('fichier@exemple.fr'))) file.append(k, v);
      file.append('people_register_website', new Blob(['x']), 'evil.exe');
      expect((await handle(new Request(SIGNUP, { method: 'POST', body: file }))).status).toBe(400);
      // Wrong methods on the signup path.
      expect((await handle(new Request(SIGNUP, { method: 'GET' }))).status).toBe(405);
      expect((await handle(new Request(SIGNUP, { method: 'PUT', body: 'x' }))).status).toBe(405);
      expect(await storedCount()).toBe(0);
    });

    it('refuses injection strings, control characters and unicode tricks as invalid addresses', async () => {
      const handle = handler();
      const hostile = [
        "'; DROP TABLE subscribers; --@exemple.fr",
        'robert"); DELETE FROM subscribers;--@exemple.fr',
        '<script>alert(1)</script>@exemple.fr',
        'a@exemple.fr\r\nBcc: victime@exemple.fr',
        'nul\u0000@exemple.fr',
        'zero\u200bwidth@exemple.fr',
        'bidi\u202e@exemple.fr',
        'soft\u00adhyphen@exemple.fr',
        'accentué@exemple.fr',
        'a@b',
        'a@-exemple.fr',
        'a@exemple..fr',
        'a@[127.0.0.1]',
        '.a@exemple.fr',
        'a..b@exemple.fr',
        `${'x'.repeat(65)}@exemple.fr`,
        `a@${'x'.repeat(250)}.fr`,
        // biome-ignore lint/suspicious/noTemplateCurlyInString: a Log4Shell probe, literally.
        '${jndi:ldap://evil/a}@exemple.fr',
        'a@exemple.fr.',
      ];
      for (const email of hostile) {
        const answer = await signupAnswer(await handle(multipart(valid(email))));
        expect(answer.status, JSON.stringify(email)).toBe('error');
        expect(answer.errors.people_register_email, JSON.stringify(email)).toMatch(/adresse e-mail/);
      }
      const strangeFields = await signupAnswer(
        await handle(
          multipart(
            valid('ok@exemple.fr', {
              people_register_codepostal: "75011' OR '1'='1",
              people_register_newslettertype: '1; DROP TABLE subscribers',
            }),
          ),
        ),
      );
      expect(Object.keys(strangeFields.errors).sort()).toEqual(['people_register_codepostal', 'people_register_newslettertype']);
      for (const type of ['0', '-1', '1.5', '1e0', '0x1', ' ', '999999999999']) {
        const answer = await signupAnswer(await handle(multipart(valid('type@exemple.fr', { people_register_newslettertype: type }))));
        if (type === ' ') expect(answer.status).toBe('success');
        else expect(answer.errors, type).toEqual({ people_register_newslettertype: newsletterMessages.typeUnknown });
        await database.db.delete(subscribers);
      }
      expect(await storedCount()).toBe(0);
    });

    it('normalises full-width letters and IDN domains into the one stored address', async () => {
      const handle = handler();
      const fullWidth = await signupAnswer(await handle(multipart(valid('ｃａｍｉｌｌｅ@ｅｘｅｍｐｌｅ.ｆｒ'))));
      expect(fullWidth.status).toBe('success');
      const same = await signupAnswer(await handle(multipart(valid('CAMILLE@exemple.fr'))));
      expect(same.errors.people_register_email).toBe('Vous êtes déjà inscrit');
      expect((await signupAnswer(await handle(multipart(valid('lea@café.fr'))))).status).toBe('success');
      // A Cyrillic "а" makes another domain (stored in punycode), not a copy of the Latin one.
      expect((await signupAnswer(await handle(multipart(valid('camille@exemplе.fr'))))).status).toBe('success');
      const emails = (await database.db.select({ email: subscribers.email }).from(subscribers)).map((r) => r.email).sort();
      expect(emails).toEqual(['camille@exemple.fr', 'camille@xn--exempl-8of.fr', 'lea@xn--caf-dma.fr']);
    });

    it('refuses disposable and e-mail-to-SMS addresses with their own message', async () => {
      const handle = handler();
      const cases: [string, string][] = [
        ['jean@yopmail.com', newsletterMessages.disposable],
        ['jean@YOPMAIL.fr', newsletterMessages.disposable],
        ['jean@mailinator.com', newsletterMessages.disposable],
        ['jean@relay.mailinator.com', newsletterMessages.disposable],
        ['jean@jetable.org', newsletterMessages.disposable],
        ['jean@guerrillamail.com', newsletterMessages.disposable],
        ['2125551234@txt.att.net', newsletterMessages.smsGateway],
        ['2125551234@vtext.com', newsletterMessages.smsGateway],
        ['2125551234@tmomail.net', newsletterMessages.smsGateway],
        ['0612345678@sms.operateur.fr', newsletterMessages.smsGateway],
      ];
      for (const [email, message] of cases) {
        const answer = await signupAnswer(await handle(multipart(valid(email))));
        expect(answer.errors, email).toEqual({ people_register_email: message });
      }
      expect((await signupAnswer(await handle(multipart(valid('jean@gmail.com'))))).status).toBe('success');
      expect(await storedCount()).toBe(1);
    });

    it('refuses a filled honeypot with a clear message', async () => {
      const handle = handler();
      const answer = await signupAnswer(
        await handle(multipart(valid('robot@exemple.fr', { people_register_website: 'http://spam.example' }))),
      );
      expect(answer).toEqual({ status: 'error', errors: { people_register_website: newsletterMessages.honeypot } });
      expect(await storedCount()).toBe(0);
    });

    it('limits signups per IP per minute (429, French message, Retry-After), IPv6 by /64', async () => {
      const handle = handler({ SIGNUP_RATE_LIMIT: '3' });
      for (let i = 0; i < 3; i++) {
        expect((await signupAnswer(await handle(multipart(valid(`limite${i}@exemple.fr`), '198.51.100.1')))).status).toBe('success');
      }
      const refused = await handle(multipart(valid('limite3@exemple.fr'), '198.51.100.1'));
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(contract.ErrorResponse.parse(await refused.json())).toEqual({
        error: 'too_many_requests',
        message: 'Trop de tentatives, merci de réessayer dans une minute.',
      });
      // Another address is not affected.
      expect((await signupAnswer(await handle(multipart(valid('voisin@exemple.fr'), '198.51.100.2')))).status).toBe('success');
      // IPv6: the whole /64 shares one budget.
      for (let i = 0; i < 3; i++) await handle(multipart(valid(`v6-${i}@exemple.fr`), `2001:db8:1:2::${i + 1}`));
      expect((await handle(multipart(valid('v6-x@exemple.fr'), '2001:db8:1:2:ffff::9'))).status).toBe(429);
      expect(await storedCount()).toBe(7);
    });
  });

  describe('captcha: altcha', () => {
    async function solvedToken(handle: (r: Request) => Promise<Response>): Promise<string> {
      const response = await handle(new Request(`${BASE}/newsletter/captcha`));
      expect(response.headers.get('cache-control')).toBe('no-store');
      const setup = contract.GetSignupCaptchaResponse.parse(await response.json());
      if (setup.provider !== 'altcha') throw new Error(`expected altcha, got ${setup.provider}`);
      const { challenge } = setup;
      expect(challenge.maxnumber).toBe(appConfig.newsletter.altcha.maxNumber);
      expect(challenge.salt).toMatch(/\?expires=\d+&$/);
      const number = solveAltcha(challenge);
      if (number === null) throw new Error('unsolvable challenge');
      return encodeAltchaSolution(challenge, number);
    }

    it('accepts a solved challenge once; a replay, a forgery or garbage is refused and nothing stored', async () => {
      const handle = handler({ CAPTCHA_PROVIDER: 'altcha' });
      const token = await solvedToken(handle);
      expect(await signupAnswer(await handle(multipart(valid('humain@exemple.fr', { 'g-recaptcha-response': token }))))).toEqual({
        status: 'success',
        errors: {},
      });
      const replay = await signupAnswer(await handle(multipart(valid('robot@exemple.fr', { 'g-recaptcha-response': token }))));
      expect(replay.errors).toEqual({ 'g-recaptcha-response': newsletterMessages.captchaInvalid });

      const decoded = JSON.parse(Buffer.from(await solvedToken(handle), 'base64').toString()) as Record<string, unknown>;
      const forgeries = [
        { ...decoded, number: (decoded.number as number) + 1 },
        { ...decoded, salt: `${decoded.salt}x` },
        { ...decoded, signature: '0'.repeat(64) },
        { ...decoded, algorithm: 'SHA-1' },
        { ...decoded, number: -1 },
        { ...decoded, number: '12' },
        null,
        [],
        'chaîne',
      ].map((p) => Buffer.from(JSON.stringify(p)).toString('base64'));
      for (const bad of [...forgeries, 'pas du base64 !', 'x'.repeat(5000), '', ' ']) {
        const answer = await signupAnswer(await handle(multipart(valid('robot@exemple.fr', { 'g-recaptcha-response': bad }))));
        expect(answer.status, bad.slice(0, 40)).toBe('error');
        expect(answer.errors['g-recaptcha-response'], bad.slice(0, 40)).toMatch(/anti-robot/);
      }
      expect(await storedCount()).toBe(1);
    });

    it('refuses a challenge past its expiry, and one signed with another key', async () => {
      let clock = Date.now();
      const handle = handler({ CAPTCHA_PROVIDER: 'altcha' }, { now: () => new Date(clock) });
      const token = await solvedToken(handle);
      clock += (appConfig.newsletter.altcha.expiresSeconds + 5) * 1000;
      const late = await signupAnswer(await handle(multipart(valid('lent@exemple.fr', { 'g-recaptcha-response': token }))));
      expect(late.errors).toEqual({ 'g-recaptcha-response': newsletterMessages.captchaInvalid });
      const other = handler({ CAPTCHA_PROVIDER: 'altcha', NEWSLETTER_SECRET: 'another-secret-of-at-least-32-characters' });
      const foreign = await solvedToken(other);
      const refused = await signupAnswer(await handle(multipart(valid('lent@exemple.fr', { 'g-recaptcha-response': foreign }))));
      expect(refused.errors).toEqual({ 'g-recaptcha-response': newsletterMessages.captchaInvalid });
      expect(await storedCount()).toBe(0);
    });
  });

  describe('captcha: recaptcha', () => {
    const env = { CAPTCHA_PROVIDER: 'recaptcha', RECAPTCHA_SITE_KEY: 'site-key-public', RECAPTCHA_SECRET: 'secret-serveur' };

    it('gives the browser the site key (v2 invisible, fr, badge hidden) and verifies the token server-side', async () => {
      const calls: URLSearchParams[] = [];
      const fakeGoogle: typeof fetch = async (_url, init) => {
        const body = new URLSearchParams(String(init?.body));
        calls.push(body);
        return Response.json({ success: body.get('response') === 'jeton-valide' });
      };
      const handle = handler(env, { fetch: fakeGoogle });
      const setup = contract.GetSignupCaptchaResponse.parse(await (await handle(new Request(`${BASE}/newsletter/captcha`))).json());
      expect(setup).toEqual({
        provider: 'recaptcha',
        siteKey: 'site-key-public',
        version: 2,
        language: 'fr',
        size: 'invisible',
        badge: 'inline',
      });
      const ok = await signupAnswer(
        await handle(multipart(valid('google@exemple.fr', { 'g-recaptcha-response': 'jeton-valide' }), '192.0.2.44')),
      );
      expect(ok.status).toBe('success');
      expect(calls[0]?.get('secret')).toBe('secret-serveur');
      expect(calls[0]?.get('remoteip')).toBe('192.0.2.44');
      const bad = await signupAnswer(await handle(multipart(valid('faux@exemple.fr', { 'g-recaptcha-response': 'jeton-faux' }))));
      expect(bad.errors).toEqual({ 'g-recaptcha-response': newsletterMessages.captchaInvalid });
      const missing = await signupAnswer(await handle(multipart(valid('faux@exemple.fr'))));
      expect(missing.errors).toEqual({ 'g-recaptcha-response': newsletterMessages.captchaMissing });
      expect(await storedCount()).toBe(1);
    });

    it('a reader who refused Google gets an ALTCHA challenge (?altcha=1) and subscribes with it; Google is never asked', async () => {
      const calls: string[] = [];
      const handle = handler(env, {
        fetch: async (_url, init) => {
          calls.push(String(init?.body));
          return Response.json({ success: true });
        },
      });
      const response = await handle(new Request(`${BASE}/newsletter/captcha?altcha=1`));
      expect(response.headers.get('cache-control')).toBe('no-store');
      const setup = contract.GetSignupCaptchaResponse.parse(await response.json());
      if (setup.provider !== 'altcha') throw new Error(`expected altcha, got ${setup.provider}`);
      const number = solveAltcha(setup.challenge);
      if (number === null) throw new Error('unsolvable challenge');
      const token = encodeAltchaSolution(setup.challenge, number);
      const ok = await signupAnswer(await handle(multipart(valid('sans-google@exemple.fr', { 'g-recaptcha-response': token }))));
      expect(ok.status).toBe('success');
      // Spent: the same solution is refused, still without asking Google.
      const replay = await signupAnswer(await handle(multipart(valid('rejeu@exemple.fr', { 'g-recaptcha-response': token }))));
      expect(replay.errors).toEqual({ 'g-recaptcha-response': newsletterMessages.captchaInvalid });
      expect(calls).toEqual([]);
      expect(await storedCount()).toBe(1);
    });

    it('refuses any other value of ?altcha with a French 400', async () => {
      const handle = handler(env);
      for (const value of ['0', 'true', '', '1,1', '<script>']) {
        const response = await handle(new Request(`${BASE}/newsletter/captcha?altcha=${encodeURIComponent(value)}`));
        expect(response.status, value).toBe(400);
        expect(contract.ErrorResponse.parse(await response.json()).message).toBe(newsletterMessages.captchaQuery);
      }
    });

    it('says so when Google cannot be reached (no 5xx, nothing stored)', async () => {
      const handle = handler(env, {
        fetch: async () => {
          throw new TypeError('fetch failed');
        },
      });
      const answer = await signupAnswer(await handle(multipart(valid('panne@exemple.fr', { 'g-recaptcha-response': 'jeton' }))));
      expect(answer.errors).toEqual({ 'g-recaptcha-response': newsletterMessages.captchaUnavailable });
      expect(await storedCount()).toBe(0);
    });
  });

  describe('double opt-in and leaving, with a loopback SMTP sink', () => {
    let sink: SmtpSink;
    let mailer: Mailer;
    beforeAll(async () => {
      sink = await startSmtpSink();
      mailer = createMailer({ smtpUrl: sink.url, from: 'Piquante <newsletter@piquante.test>' });
    });
    afterAll(async () => {
      await mailer?.close();
      await sink?.close();
    });

    const doiEnv = { NEWSLETTER_DOUBLE_OPT_IN: '1', SITE_URL: 'https://www.piquante.test', SMTP_URL: 'smtp://unused.test' };
    const post = (path: string, fields: Fields) => urlencoded(fields, '203.0.113.9', `${BASE}${path}`);
    const tokenOf = (link: string) => link.slice(link.lastIndexOf('/') + 1);

    async function outcome(response: Response) {
      expect(response.status).toBe(200);
      return contract.ConfirmNewsletterSignupResponse.parse(await response.json());
    }

    it('stores a pending subscriber, mails a link whose page POST confirms it once, then welcomes with one-click headers', async () => {
      let clock = Date.now();
      const handle = handler(doiEnv, { mailer, now: () => new Date(clock) });
      const answer = await signupAnswer(await handle(multipart(valid('double@exemple.fr'))));
      expect(answer).toEqual({ status: 'success', errors: {}, doubleOptIn: true });
      const [pending] = await database.db.select().from(subscribers);
      expect(pending?.status).toBe('pending');
      expect(pending?.confirmedAt).toBeNull();
      expect(pending?.consent.doubleOptIn).toBe(true);

      const mail = await sink.waitFor('double@exemple.fr');
      expect(mail.subject).toBe('Confirmez votre inscription à la newsletter Piquante');
      const link = linkIn(mail, 'https://www.piquante.test/inscription/confirmer/');
      const token = tokenOf(link);
      // Only a hash of the token is stored.
      const stored = await database.db.select({ hash: newsletterTokens.tokenHash }).from(newsletterTokens);
      expect(stored.map((r) => r.hash)).not.toContain(token);

      // A GET (what a mail scanner does) confirms nothing: there is no such GET in the API.
      expect((await handle(new Request(`${BASE}/newsletter/confirmation?token=${token}`))).status).toBe(405);
      expect((await database.db.select().from(subscribers))[0]?.status).toBe('pending');

      // Asking again right away does not mail again (no mail bombing), later it does.
      expect((await signupAnswer(await handle(multipart(valid('double@exemple.fr'))))).doubleOptIn).toBe(true);
      clock += (appConfig.newsletter.resendConfirmationAfterSeconds + 1) * 1000;
      await handle(multipart(valid('double@exemple.fr')));
      const second = await sink.waitFor('double@exemple.fr');
      expect(tokenOf(linkIn(second, 'https://www.piquante.test/inscription/confirmer/'))).not.toBe(token);

      const confirmed = await outcome(await handle(post('/newsletter/confirmation', { token })));
      expect(confirmed).toEqual({ status: 'confirmed', message: "C'est confirmé ! Bienvenue dans la newsletter Piquante." });
      const [active] = await database.db.select().from(subscribers);
      expect(active?.status).toBe('active');
      expect(active?.confirmedAt).not.toBeNull();

      const welcome = await sink.waitFor('double@exemple.fr');
      expect(welcome.subject).toBe('Bienvenue dans la newsletter Piquante');
      const listUnsubscribe = welcome.headers.get('list-unsubscribe') ?? '';
      expect(listUnsubscribe).toMatch(/^<https:\/\/www\.piquante\.test\/newsletter\/desinscription-un-clic\/u\.\d+\.[A-Za-z0-9_-]{32}>$/);
      expect(welcome.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');

      const reused = await outcome(await handle(post('/newsletter/confirmation', { token })));
      expect(reused.status).toBe('already-confirmed');
      expect(reused.message).toMatch(/déjà servi/);
      // And the second link, now that the address is confirmed.
      const other = tokenOf(linkIn(second, 'https://www.piquante.test/inscription/confirmer/'));
      expect((await outcome(await handle(post('/newsletter/confirmation', { token: other })))).status).toBe('already-confirmed');
      // The subscription is now "already there".
      expect((await signupAnswer(await handle(multipart(valid('double@exemple.fr'))))).errors.people_register_email).toBe(
        'Vous êtes déjà inscrit',
      );

      // One-click unsubscribe (RFC 8058) with the signed token of the welcome mail.
      const oneClickUrl = listUnsubscribe.slice(1, -1).replace('https://www.piquante.test', BASE);
      const redirect = await handle(new Request(oneClickUrl));
      expect(redirect.status).toBe(303);
      expect(redirect.headers.get('location')).toMatch(/^\/desinscription\/confirmer\/u\./);
      expect((await database.db.select().from(subscribers))[0]?.status).toBe('active');
      const wrongBody = await handle(
        new Request(oneClickUrl, { method: 'POST', body: new URLSearchParams({ 'List-Unsubscribe': 'Yes' }) }),
      );
      expect(wrongBody.status).toBe(400);
      const left = await outcome(
        await handle(new Request(oneClickUrl, { method: 'POST', body: new URLSearchParams({ 'List-Unsubscribe': 'One-Click' }) })),
      );
      expect(left.status).toBe('unsubscribed');
      const [gone] = await database.db.select().from(subscribers);
      expect(gone?.status).toBe('unsubscribed');
      expect(gone?.unsubscribedAt).not.toBeNull();
      const twice = await outcome(
        await handle(new Request(oneClickUrl, { method: 'POST', body: new URLSearchParams({ 'List-Unsubscribe': 'One-Click' }) })),
      );
      expect(twice.status).toBe('already-unsubscribed');
      const tampered = oneClickUrl.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
      expect(
        (
          await outcome(
            await handle(new Request(tampered, { method: 'POST', body: new URLSearchParams({ 'List-Unsubscribe': 'One-Click' }) })),
          )
        ).status,
      ).toBe('invalid');
      // An old confirmation link cannot bring the reader back.
      expect((await outcome(await handle(post('/newsletter/confirmation', { token })))).status).not.toBe('confirmed');
      expect((await database.db.select().from(subscribers))[0]?.status).toBe('unsubscribed');
    });

    it('explains expired and unknown links', async () => {
      let clock = Date.now();
      const handle = handler(doiEnv, { mailer, now: () => new Date(clock) });
      await handle(multipart(valid('expire@exemple.fr')));
      const token = tokenOf(linkIn(await sink.waitFor('expire@exemple.fr'), 'https://www.piquante.test/inscription/confirmer/'));
      clock += (appConfig.newsletter.confirmLinkDays * 24 + 1) * 3600_000;
      const expired = await outcome(await handle(post('/newsletter/confirmation', { token })));
      expect(expired.status).toBe('expired');
      expect(expired.message).toMatch(/a expiré/);
      for (const bad of [
        'c.inconnu-mais-de-la-bonne-forme-00000000000',
        'trop-court',
        'x'.repeat(300),
        'c.<script>alert(1)</script>xxxxxxxx',
      ]) {
        const answer = await outcome(await handle(post('/newsletter/confirmation', { token: bad })));
        expect(answer.status, bad).toBe('invalid');
      }
      const missing = await handle(post('/newsletter/confirmation', {}));
      expect(missing.status).toBe(400);
      expect((await database.db.select().from(subscribers))[0]?.status).toBe('pending');
    });

    it('answers an unsubscribe request the same way whether the address is subscribed or not, and mails only the subscriber', async () => {
      const handle = handler({ SITE_URL: 'https://www.piquante.test' }, { mailer });
      await handle(multipart(valid('partir@exemple.fr')));
      const known = await handle(
        post('/newsletter/desinscription', { people_register_email: 'PARTIR@exemple.fr', 'g-recaptcha-response': '' }),
      );
      const unknown = await handle(
        post('/newsletter/desinscription', { people_register_email: 'inconnu@exemple.fr', 'g-recaptcha-response': '' }),
      );
      const knownBody = contract.RequestNewsletterUnsubscribeResponse.parse(await known.json());
      const unknownBody = contract.RequestNewsletterUnsubscribeResponse.parse(await unknown.json());
      expect(knownBody).toEqual(unknownBody);
      expect(knownBody).toEqual({ status: 'success', errors: {}, message: newsletterMessages.unsubscribeRequested });

      const mail = await sink.waitFor('partir@exemple.fr');
      expect(mail.subject).toBe('Confirmez votre désinscription de la newsletter Piquante');
      const token = tokenOf(linkIn(mail, 'https://www.piquante.test/desinscription/confirmer/'));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(sink.mails.filter((m) => m.to.includes('inconnu@exemple.fr'))).toEqual([]);
      expect((await database.db.select().from(subscribers))[0]?.status).toBe('active');

      const done = await outcome(await handle(post('/newsletter/desinscription/confirmation', { token })));
      expect(done).toEqual({ status: 'unsubscribed', message: "C'est fait, vous êtes désinscrit. Vous ne recevrez plus la newsletter." });
      expect((await outcome(await handle(post('/newsletter/desinscription/confirmation', { token })))).status).toBe('already-unsubscribed');
      expect((await database.db.select().from(subscribers))[0]?.status).toBe('unsubscribed');

      // Left, then back.
      expect((await signupAnswer(await handle(multipart(valid('partir@exemple.fr'))))).status).toBe('success');
      expect((await database.db.select().from(subscribers))[0]?.status).toBe('active');

      const invalid = await handle(
        post('/newsletter/desinscription', { people_register_email: 'pas une adresse', 'g-recaptcha-response': '' }),
      );
      expect(contract.RequestNewsletterUnsubscribeResponse.parse(await invalid.json())).toMatchObject({
        status: 'error',
        errors: { people_register_email: newsletterMessages.emailInvalid },
      });
      const robot = await handle(
        post('/newsletter/desinscription', {
          people_register_email: 'partir@exemple.fr',
          'g-recaptcha-response': '',
          people_register_website: 'x',
        }),
      );
      expect(contract.RequestNewsletterUnsubscribeResponse.parse(await robot.json()).status).toBe('error');
    });
  });

  describe('operators', () => {
    it('erases a subscriber and its links, and exports every row in id order', async () => {
      const handle = handler({ NEWSLETTER_DOUBLE_OPT_IN: '1' });
      for (let i = 0; i < 5; i++) await handle(multipart(valid(`export${i}@exemple.fr`)));
      expect(await database.db.select({ n: count() }).from(newsletterTokens)).toEqual([{ n: 5 }]);
      const batches: string[][] = [];
      for await (const batch of exportSubscribers(database.db, { batchSize: 2 })) batches.push(batch.map((r) => r.email));
      expect(batches).toEqual([
        ['export0@exemple.fr', 'export1@exemple.fr'],
        ['export2@exemple.fr', 'export3@exemple.fr'],
        ['export4@exemple.fr'],
      ]);
      const jobsFor = async (email: string) => {
        const [row] = await database.db.select({ n: sql<number>`count(*)::int` }).from(sql`pgboss.job`).where(sql`data->>'to' = ${email}`);
        return row?.n;
      };
      expect(await jobsFor('export2@exemple.fr')).toBe(1);
      expect(await eraseSubscriber(database.db, 'export2@exemple.fr')).toBe(1);
      // Its confirmation mail, waiting or sent, went with it; the others' stay.
      expect(await jobsFor('export2@exemple.fr')).toBe(0);
      expect(await jobsFor('export3@exemple.fr')).toBe(1);
      expect(await eraseSubscriber(database.db, 'export2@exemple.fr')).toBe(0);
      expect(await storedCount()).toBe(4);
      expect(await database.db.select({ n: count() }).from(newsletterTokens)).toEqual([{ n: 4 }]);
    });
  });
});
