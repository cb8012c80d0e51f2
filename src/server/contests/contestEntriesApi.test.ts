/**
 * Readers entering contests and the newsroom drawing them (issue 39), on PGlite and PostgreSQL
 * (TEST_DATABASE_URL): the real router and handlers, the real job queue, mails caught by a loopback SMTP
 * sink. Hostile input, duplicates, robots and captcha failures, contests not running, confirmation links
 * reused or expired are refused in French with nothing counted; the draw replays from its seed; the
 * erasure pass removes entrants' data once the retention is over and keeps the audit of the draw.
 */
import { contestSettings } from './contestSettings.ts';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appConfig } from '../../../app.config.ts';
import * as contract from '../../api/generated/zod.ts';
import type { ContestDraftInput } from '../../api/types.ts';
import { contestDraws, contestEntries, subscribers } from '../../db/schema.ts';
import { encodeAltchaSolution, solveAltcha } from '../../lib/altcha/altchaSolver.ts';
import { renderNewsletterIssueMail } from '../../mail/newsletterIssueMail.tsx';
import { contestDraftBody } from '../../testing/mosaicContestFixtures.ts';
import { ORIGIN, type Signed, useNewsroomApi } from '../../testing/newsroomApi.ts';
import { linkIn, type SmtpSink, startSmtpSink } from '../../testing/smtpSink.ts';
import { createTestApiHandler } from '../../testing/testApiHandler.ts';
import { testDatabaseKinds } from '../../testing/testDatabase.ts';
import { newsletterConfigFromEnv } from '../config/newsletterConfig.ts';
import { type JobQueue, startJobQueue } from '../jobs/jobQueue.server.ts';
import { createMemoryStore } from '../http/sharedStore.ts';
import { createMailer, type Mailer } from '../newsletter/mailer.server.ts';
import { newsletterJobHandlers } from '../newsletter/newsletterJobs.ts';
import { testJobHandlers } from '../../testing/jobHandlers.ts';
import { newsletterMessages } from '../newsletter/newsletterMessages.ts';
import { newsletterHandlers } from '../newsletter/newsletterRoutes.ts';
import { drawWinners } from './contestDraw.ts';
import { eraseDueContestEntries } from './contestErasure.ts';
import { contestEntryMessages, entryLinkMessages } from './contestEntryMessages.ts';
import { contestEntryHandlers } from './contestEntryRoutes.ts';

const SITE = 'https://www.piquante.test';
const CONFIRM = `${SITE}/concours/confirmer/`;
type Fields = Record<string, string>;

const valid = (email: string, extra: Fields = {}): Fields => ({
  email,
  firstName: 'Camille',
  lastName: 'Durand',
  acceptRules: '1',
  'g-recaptcha-response': '',
  ...extra,
});

describe.each(testDatabaseKinds)('contest entries on %s', (kind) => {
  const queue: { jobs?: JobQueue } = {};
  const enqueue: JobQueue['enqueue'] = (name, data, options) => {
    if (!queue.jobs) throw new Error('no queue yet');
    return queue.jobs.enqueue(name, data, options);
  };
  const api = useNewsroomApi(
    kind,
    { NEWSROOM_TEST_CLOCK: '1', NODE_ENV: 'test', CONTEST_ENTRIES_RETENTION_MONTHS: '6' },
    { jobs: { enqueue }, issues: { jobs: { enqueue }, render: renderNewsletterIssueMail, siteUrl: SITE } },
  );
  const { request } = api;
  let sink: SmtpSink;
  let mailer: Mailer;
  let entryHandler: (request: Request) => Promise<Response>;
  let captchaHandler: (request: Request) => Promise<Response>;

  function handlerFor(env: NodeJS.ProcessEnv) {
    const config = newsletterConfigFromEnv({
      SIGNUP_RATE_LIMIT: '0',
      SITE_URL: SITE,
      NEWSLETTER_DOUBLE_OPT_IN: '1',
      SMTP_URL: 'smtp://unused.test',
      ...env,
    });
    const store = createMemoryStore();
    const options = {
      config,
      jobs: { enqueue },
      store,
      clientIp: (r: Request) => r.headers.get('x-test-ip') ?? '127.0.0.1',
      now: () => api.clock.now(),
    };
    return createTestApiHandler(api.database().db, { ...contestEntryHandlers(options), ...newsletterHandlers(options) });
  }

  beforeAll(async () => {
    const database = api.database();
    queue.jobs = await startJobQueue(database, { log: () => {} });
    sink = await startSmtpSink();
    mailer = createMailer({ smtpUrl: sink.url, from: 'Piquante <concours@piquante.test>' });
    const workers = newsletterJobHandlers({ db: database.db, jobs: queue.jobs, mailer, siteUrl: SITE });
    await queue.jobs.work(
      testJobHandlers({ 'mail.send': workers['mail.send'], 'newsletter.unsubscribe-request': workers['newsletter.unsubscribe-request'] }),
      { pollingIntervalSeconds: 0.5 },
    );
    entryHandler = handlerFor({ CAPTCHA_PROVIDER: 'none' });
    captchaHandler = handlerFor({ CAPTCHA_PROVIDER: 'altcha' });
  });
  afterAll(async () => {
    await queue.jobs?.stop();
    await mailer?.close();
    await sink?.close();
  });

  let serial = 0;
  async function publishedContest(extra: Partial<ContestDraftInput> = {}, days = { startDays: -1, endDays: 10 }) {
    const as = await api.signIn('editor');
    const body = contestDraftBody(`Concours ${++serial}`, extra, { now: api.clock.now(), ...days });
    const created = await request('POST', '/api/admin/contests', { as, body });
    expect(created.status, await created.clone().text()).toBe(201);
    const draft = contract.AdminContest.parse(await created.json());
    const published = await request('POST', `/api/admin/contests/${draft.id}/status`, {
      as,
      body: { action: 'publish', version: draft.version },
    });
    expect(published.status, await published.clone().text()).toBe(200);
    return draft;
  }

  function form(url: string, fields: Fields, handler = entryHandler, ip = '203.0.113.5') {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    return handler(new Request(`${ORIGIN}/api/contests/${url}/entries`, { method: 'POST', body, headers: { 'x-test-ip': ip } }));
  }

  async function enter(url: string, fields: Fields, handler = entryHandler) {
    const response = await form(url, fields, handler);
    expect(response.status, await response.clone().text()).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    return contract.EnterContestResponse.parse(await response.json());
  }

  async function confirm(token: string) {
    const response = await entryHandler(
      new Request(`${ORIGIN}/api/contests/entries/confirmation`, {
        method: 'POST',
        body: new URLSearchParams({ token }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
    );
    expect(response.status, await response.clone().text()).toBe(200);
    return contract.ConfirmContestEntryResponse.parse(await response.json());
  }

  const tokenOf = (link: string) => link.slice(link.lastIndexOf('/') + 1);
  const entriesOf = async (contestId: number) =>
    (await api.database().db.select({ n: count() }).from(contestEntries).where(eq(contestEntries.contestId, contestId)))[0]?.n ?? 0;

  async function entriesList(contestId: number, as?: Signed) {
    const response = await request('GET', `/api/admin/contests/${contestId}/entries`, { as: as ?? (await api.signIn('editor')) });
    expect(response.status, await response.clone().text()).toBe(200);
    return contract.ListContestEntriesResponse.parse(await response.json());
  }

  async function enterAndConfirm(url: string, email: string, extra: Fields = {}) {
    expect((await enter(url, valid(email, extra))).status).toBe('success');
    return confirm(tokenOf(linkIn(await sink.waitFor(email), CONFIRM)));
  }

  it('records an entry before answering, mails a single-use link, and counts it once confirmed', async () => {
    const contest = await publishedContest();
    const answer = await enter(contest.url, valid('  Camille.Durand@Exemple.FR '));
    expect(answer).toEqual({ status: 'success', errors: {}, message: contestEntryMessages.recorded });
    const [row] = await api.database().db.select().from(contestEntries).where(eq(contestEntries.contestId, contest.id));
    expect(row).toMatchObject({
      email: 'camille.durand@exemple.fr',
      firstName: 'Camille',
      lastName: 'Durand',
      status: 'pending',
      newsletter: false,
    });

    const mail = await sink.waitFor('camille.durand@exemple.fr');
    expect(mail.subject).toBe(`Confirmez votre participation au concours « ${contest.title} »`);
    const token = tokenOf(linkIn(mail, CONFIRM));
    expect(row?.tokenHash).not.toBe(token);
    expect(await entriesList(contest.id)).toMatchObject({ total: 1, confirmed: 0, draw: null });

    expect(await confirm(token)).toEqual(entryLinkMessages.confirmed);
    expect(await confirm(token)).toEqual(entryLinkMessages['already-confirmed']);
    const list = await entriesList(contest.id);
    expect(list).toMatchObject({ total: 1, confirmed: 1 });
    expect(list.results[0]).toMatchObject({ email: 'camille.durand@exemple.fr', status: 'confirmed' });

    // One entry per address: a confirmed address is told so, and nothing is added.
    const again = await enter(contest.url, valid('camille.durand@EXEMPLE.fr'));
    expect(again).toEqual({
      status: 'error',
      errors: { email: contestEntryMessages.alreadyEntered },
      message: contestEntryMessages.alreadyEntered,
    });
    expect(await entriesOf(contest.id)).toBe(1);
  });

  it('a pending address asking again gets no second mail at once, then a new link; an expired link says so', async () => {
    const contest = await publishedContest();
    expect((await enter(contest.url, valid('relance@exemple.fr'))).status).toBe('success');
    const first = tokenOf(linkIn(await sink.waitFor('relance@exemple.fr'), CONFIRM));
    expect((await enter(contest.url, valid('relance@exemple.fr', { firstName: 'Camilla' }))).status).toBe('success');
    api.clock.advance(contestSettings.resendConfirmationAfterSeconds + 1);
    expect((await enter(contest.url, valid('relance@exemple.fr'))).status).toBe('success');
    const second = tokenOf(linkIn(await sink.waitFor('relance@exemple.fr'), CONFIRM));
    expect(second).not.toBe(first);
    // The first link was replaced: it no longer confirms anything.
    expect(await confirm(first)).toEqual(entryLinkMessages.invalid);
    api.clock.advance(contestSettings.confirmLinkDays * 86_400 + 60);
    expect(await confirm(second)).toEqual(entryLinkMessages.expired);
    expect((await entriesList(contest.id)).confirmed).toBe(0);
    expect(await confirm('k.pas-un-vrai-jeton-mais-assez-long')).toEqual(entryLinkMessages.invalid);
    expect(sink.mails.filter((mail) => mail.to.includes('relance@exemple.fr'))).toHaveLength(0);
  });

  it('checks the question: one of the choices, or a free plain-text answer', async () => {
    const choices = await publishedContest({
      question: 'Dans quelle région est Biarritz ?',
      questionChoices: ['Bretagne', 'Nouvelle-Aquitaine'],
    });
    const reader = await request('GET', `/api/format-contests/${choices.url}`);
    expect(contract.GetFormatContestResponse.parse(await reader.json())).toMatchObject({
      question: 'Dans quelle région est Biarritz ?',
      questionChoices: ['Bretagne', 'Nouvelle-Aquitaine'],
      winners: [],
    });
    expect((await enter(choices.url, valid('sans-reponse@exemple.fr'))).errors).toEqual({ answer: contestEntryMessages.answerRequired });
    expect((await enter(choices.url, valid('autre@exemple.fr', { answer: 'Alsace' }))).errors).toEqual({
      answer: contestEntryMessages.answerInvalid,
    });
    expect((await enter(choices.url, valid('bonne@exemple.fr', { answer: 'Nouvelle-Aquitaine' }))).status).toBe('success');
    await sink.waitFor('bonne@exemple.fr');

    const free = await publishedContest({ question: 'Votre plus beau souvenir de plage ?' });
    expect((await enter(free.url, valid('balise@exemple.fr', { answer: '<script>alert(1)</script>' }))).errors).toEqual({
      answer: contestEntryMessages.answerMarkup,
    });
    expect((await enter(free.url, valid('long@exemple.fr', { answer: 'a'.repeat(501) }))).errors).toEqual({
      answer: contestEntryMessages.answerTooLong,
    });
    expect((await enter(free.url, valid('libre@exemple.fr', { answer: 'Un coucher de soleil à Biarritz' }))).status).toBe('success');
    await sink.waitFor('libre@exemple.fr');
    expect(await entriesOf(free.id)).toBe(1);

    // The newsroom refuses choices without a question, a single choice, and twice the same one.
    const as = await api.signIn('editor');
    for (const extra of [
      { questionChoices: ['Oui', 'Non'] },
      { question: 'Oui ?', questionChoices: ['Oui'] },
      { question: 'Oui ?', questionChoices: ['Oui', 'oui'] },
    ]) {
      const refused = await request('POST', '/api/admin/contests', { as, body: contestDraftBody('Question bancale', extra) });
      expect(refused.status, JSON.stringify(extra)).toBe(400);
    }
  });

  it('refuses hostile and incomplete input field by field, in French, and stores nothing', async () => {
    const contest = await publishedContest();
    const empty = await enter(contest.url, {});
    expect(empty.status).toBe('error');
    expect(empty.errors).toEqual({
      email: contestEntryMessages.emailRequired,
      firstName: contestEntryMessages.firstNameRequired,
      lastName: contestEntryMessages.lastNameRequired,
      acceptRules: contestEntryMessages.rulesRequired,
    });
    const hostile: Fields[] = [
      valid('pas-une-adresse'),
      valid(`${'a'.repeat(250)}@exemple.fr`),
      valid('jetable@yopmail.com'),
      valid('nom@exemple.fr', { firstName: '<img src=x onerror=alert(1)>' }),
      valid('nom2@exemple.fr', { lastName: 'Robert\u0000); DROP TABLE contest_entries;--' }),
      valid('nom3@exemple.fr', { firstName: 'x'.repeat(61) }),
      valid('regles@exemple.fr', { acceptRules: '' }),
      valid('regles2@exemple.fr', { acceptRules: 'yes please' }),
      valid('nl@exemple.fr', { newsletter: '1' }),
      valid('nl2@exemple.fr', { newsletter: '1', postcode: '00000' }),
    ];
    for (const fields of hostile) {
      const answer = await enter(contest.url, fields);
      expect(answer.status, JSON.stringify(fields)).toBe('error');
      expect(Object.keys(answer.errors).length, JSON.stringify(fields)).toBe(1);
      expect(answer.message).toMatch(/[a-zé]/);
    }
    // Malformed requests are 4xx, never a 5xx.
    const urlencoded = await entryHandler(
      new Request(`${ORIGIN}/api/contests/${contest.url}/entries`, {
        method: 'POST',
        body: new Uint8Array([0x65, 0x3d, 0xff, 0xfe]),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
    );
    expect(urlencoded.status).toBe(400);
    const json = await entryHandler(
      new Request(`${ORIGIN}/api/contests/${contest.url}/entries`, {
        method: 'POST',
        body: '{}',
        headers: { 'content-type': 'application/json' },
      }),
    );
    expect(json.status).toBe(415);
    const huge = await form(contest.url, valid('gros@exemple.fr', { answer: 'x'.repeat(appConfig.newsletter.maxBodyBytes) }));
    expect(huge.status).toBe(413);
    expect((await form('Pas Une Adresse', valid('x@exemple.fr'))).status).toBe(400);
    expect((await form('concours-inconnu', valid('x@exemple.fr'))).status).toBe(404);
    expect(await entriesOf(contest.id)).toBe(0);
  });

  it('robots: the honeypot and a missing, forged or replayed captcha store nothing', async () => {
    const contest = await publishedContest();
    expect((await enter(contest.url, valid('robot@exemple.fr', { website: 'http://spam.test' }))).errors).toEqual({
      website: newsletterMessages.honeypot,
    });
    expect((await enter(contest.url, valid('robot2@exemple.fr'), captchaHandler)).errors).toEqual({
      'g-recaptcha-response': newsletterMessages.captchaMissing,
    });
    expect((await enter(contest.url, valid('robot3@exemple.fr', { 'g-recaptcha-response': 'faux' }), captchaHandler)).errors).toEqual({
      'g-recaptcha-response': newsletterMessages.captchaInvalid,
    });
    const setup = contract.GetSignupCaptchaResponse.parse(await (await captchaHandler(new Request(`${ORIGIN}/newsletter/captcha`))).json());
    if (setup.provider !== 'altcha') throw new Error('expected altcha');
    const number = solveAltcha(setup.challenge);
    if (number === null) throw new Error('unsolvable');
    const token = encodeAltchaSolution(setup.challenge, number);
    expect((await enter(contest.url, valid('humaine@exemple.fr', { 'g-recaptcha-response': token }), captchaHandler)).status).toBe(
      'success',
    );
    expect((await enter(contest.url, valid('rejeu@exemple.fr', { 'g-recaptcha-response': token }), captchaHandler)).errors).toEqual({
      'g-recaptcha-response': newsletterMessages.captchaInvalid,
    });
    await sink.waitFor('humaine@exemple.fr');
    expect(await entriesOf(contest.id)).toBe(1);
  });

  it('a contest not started or ended takes no entry, and says which', async () => {
    const later = await publishedContest({}, { startDays: 2, endDays: 10 });
    expect(await enter(later.url, valid('tot@exemple.fr'))).toEqual({
      status: 'error',
      errors: {},
      message: contestEntryMessages.notStarted,
    });
    const ended = await publishedContest({}, { startDays: -10, endDays: -1 });
    expect(await enter(ended.url, valid('tard@exemple.fr'))).toEqual({ status: 'error', errors: {}, message: contestEntryMessages.ended });
    expect((await entriesOf(later.id)) + (await entriesOf(ended.id))).toBe(0);
  });

  it('the newsletter box goes through the newsletter’s own double opt-in', async () => {
    const contest = await publishedContest();
    const answer = await enter(contest.url, valid('lettre@exemple.fr', { newsletter: '1', postcode: '64200' }));
    expect(answer.message).toBe(contestEntryMessages.recordedWithNewsletter);
    const [subscriber] = await api.database().db.select().from(subscribers).where(eq(subscribers.email, 'lettre@exemple.fr'));
    expect(subscriber).toMatchObject({ status: 'pending', postcode: '64200', origin: `concours-${contest.url}` });
    const subjects = [(await sink.waitFor('lettre@exemple.fr')).subject, (await sink.waitFor('lettre@exemple.fr')).subject].sort();
    expect(subjects).toEqual(
      [`Confirmez votre inscription à la newsletter Piquante`, `Confirmez votre participation au concours « ${contest.title} »`].sort(),
    );
  });

  it('draws once after the closing, reproducibly from its seed, mails the winners, shows them, exports CSV, and erases later', async () => {
    const contest = await publishedContest({}, { startDays: -1, endDays: 1 });
    const people = ['ana', 'bea', 'chloe', 'dora', 'eve'];
    for (const name of people) {
      expect(
        await enterAndConfirm(contest.url, `${name}@exemple.fr`, { firstName: name[0]?.toUpperCase() + name.slice(1), lastName: 'martin' }),
      ).toEqual(entryLinkMessages.confirmed);
    }
    expect((await enter(contest.url, valid('pas-confirmee@exemple.fr'))).status).toBe('success');
    const late = tokenOf(linkIn(await sink.waitFor('pas-confirmee@exemple.fr'), CONFIRM));
    let as = await api.signIn('editor');
    const early = await request('POST', `/api/admin/contests/${contest.id}/draw`, { as, body: { winners: 2 } });
    expect(early.status).toBe(409);
    expect(contract.ErrorResponse.parse(await early.json()).message).toBe('Le tirage au sort se fait après la clôture du concours.');

    api.clock.advance(2 * 86_400);
    as = await api.signIn('editor');
    for (const body of [
      { winners: 0 },
      { winners: 101 },
      { winners: 'deux' },
      { winners: 2, seed: 'pas-hexa' },
      { winners: 2, extra: 1 },
    ]) {
      expect((await request('POST', `/api/admin/contests/${contest.id}/draw`, { as, body })).status, JSON.stringify(body)).toBe(400);
    }
    const tooMany = await request('POST', `/api/admin/contests/${contest.id}/draw`, { as, body: { winners: 6 } });
    expect(tooMany.status).toBe(409);
    const author = await request('POST', `/api/admin/contests/${contest.id}/draw`, {
      as: await api.signIn('author'),
      body: { winners: 2 },
    });
    expect(author.status).toBe(403);

    const seed = 'a1'.repeat(32);
    const response = await request('POST', `/api/admin/contests/${contest.id}/draw`, { as, body: { winners: 2, seed } });
    expect(response.status, await response.clone().text()).toBe(201);
    const draw = contract.DrawContestWinnersResponse.parse(await response.json());
    expect(draw.seed).toBe(seed);
    expect(draw.poolIds).toHaveLength(5);
    // Anyone with the seed and the list replays the same draw.
    expect(draw.winnerIds).toEqual(drawWinners(seed, draw.poolIds, 2));
    expect(drawWinners(seed, [...draw.poolIds].reverse(), 2)).toEqual(draw.winnerIds);
    expect(drawWinners('b2'.repeat(32), draw.poolIds, 5)).not.toEqual(drawWinners(seed, draw.poolIds, 5));
    expect(draw.winners.every((name) => /^[A-Z][a-z]+ M\.$/.test(name))).toBe(true);
    expect(new Date(draw.eraseAfter).getUTCMonth()).toBe((new Date(draw.drawnAt).getUTCMonth() + 6) % 12);

    const again = await request('POST', `/api/admin/contests/${contest.id}/draw`, { as, body: { winners: 1 } });
    expect(again.status).toBe(409);
    expect(await confirm(late)).toEqual(entryLinkMessages.drawn);

    const entries = await entriesList(contest.id);
    expect(entries).toMatchObject({ total: 6, confirmed: 5 });
    expect(entries.draw).toEqual(draw);
    const winners = entries.results.filter((entry) => draw.winnerIds.includes(entry.id));
    for (const winner of winners)
      expect((await sink.waitFor(winner.email)).subject).toBe(`Vous avez gagné le concours « ${contest.title} » !`);

    const reader = contract.GetFormatContestResponse.parse(await (await request('GET', `/api/format-contests/${contest.url}`)).json());
    expect(reader.winners).toEqual(draw.winners);

    const csv = await request('GET', `/api/admin/contests/${contest.id}/entries/export`, { as });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const bytes = new Uint8Array(await csv.arrayBuffer());
    // The BOM tells spreadsheets the file is UTF-8 (accents in names).
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).trim().split('\r\n');
    expect(lines[0]).toBe('id,email,first_name,last_name,answer,newsletter,status,created_at,confirmed_at');
    expect(lines).toHaveLength(7);
    expect((await request('GET', `/api/admin/contests/${contest.id}/entries/export`, { as: await api.signIn('author') })).status).toBe(403);

    // Erasure: nothing before the retention is over, everything but the draw's audit after it.
    expect(await eraseDueContestEntries(api.database().db, new Date(new Date(draw.eraseAfter).getTime() - 1000))).not.toContain(contest.id);
    expect(await entriesOf(contest.id)).toBe(6);
    expect(await eraseDueContestEntries(api.database().db, new Date(new Date(draw.eraseAfter).getTime() + 1000))).toContain(contest.id);
    expect(await entriesOf(contest.id)).toBe(0);
    const [kept] = await api.database().db.select().from(contestDraws).where(eq(contestDraws.contestId, contest.id));
    expect(kept).toMatchObject({ seed, poolIds: draw.poolIds, winnerIds: draw.winnerIds, winners: draw.winners });
    expect(kept?.erasedAt).not.toBeNull();
    expect((await entriesList(contest.id)).draw?.erasedAt).not.toBeNull();
    expect(
      contract.GetFormatContestResponse.parse(await (await request('GET', `/api/format-contests/${contest.url}`)).json()).winners,
    ).toEqual(draw.winners);
  });
});
