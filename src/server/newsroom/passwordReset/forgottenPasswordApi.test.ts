/**
 * « Mot de passe oublié ? » (issue 39) through the API, on PGlite and PostgreSQL: the same 202 for an
 * account's address and any other (the lookup is the queued job's), a single-use link valid 30 minutes (the
 * test clock moves), one of two concurrent confirms wins, every session of the account ends, rate limits per
 * client and per address (429 with Retry-After), and hostile input refused in French.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as contract from '../../../api/generated/zod.ts';
import { staffPasswordResets } from '../../../db/schema.ts';
import type { JobData, JobName } from '../../jobs/jobKinds.ts';
import type { MailMessage } from '../../newsletter/mailer.server.ts';
import { PASSWORD, useNewsroomApi } from '../../../testing/newsroomApi.ts';
import { testDatabaseKinds } from '../../../testing/testDatabase.ts';
import { createStaff } from '../staff.server.ts';
import { passwordResetJobHandlers } from './passwordResetJobs.ts';

const SITE = 'https://piquante.test';
const SAME_ANSWER = 'Si cette adresse correspond à un compte, un lien vient de lui être envoyé. Il est valable 30 minutes.';
const NEW_PASSWORD = 'une toute nouvelle phrase';

describe.each(testDatabaseKinds)('« Mot de passe oublié ? » on %s', (kind) => {
  const queued: { name: JobName; data: unknown }[] = [];
  const jobs = {
    enqueue: async <K extends JobName>(name: K, data: JobData<K>) => {
      queued.push({ name, data });
      return `job-${queued.length}`;
    },
  };
  // A per-client limit low enough to reach; every test below speaks from its own address.
  const api = useNewsroomApi(kind, { ADMIN_LOGIN_RATE_LIMIT: '6' }, { jobs });
  const { request } = api;
  let unique = 0;
  let ip = 0;
  const nextIp = () => `10.40.${Math.floor(++ip / 200)}.${ip % 200}`;

  async function member(options: { role?: 'author' | 'admin' } = {}) {
    const email = `oubli-${++unique}@piquante.test`;
    const created = await createStaff(api.database().db, {
      email,
      name: `Oublieux ${unique}`,
      role: options.role ?? 'author',
      password: PASSWORD,
    });
    return { id: created.id, email };
  }
  const ask = (email: string, headers: Record<string, string> = {}) =>
    request('POST', '/api/admin/password-reset', { body: { email }, headers: { 'x-test-ip': nextIp(), ...headers } });
  const confirm = (token: string, newPassword = NEW_PASSWORD, headers: Record<string, string> = {}) =>
    request('POST', '/api/admin/password-reset/confirm', { body: { token, newPassword }, headers: { 'x-test-ip': nextIp(), ...headers } });
  const signIn = (email: string, password: string) =>
    request('POST', '/api/admin/session', { body: { email, password }, headers: { 'x-test-ip': nextIp() } });
  async function session(email: string, password = PASSWORD) {
    const response = await signIn(email, password);
    expect(response.status).toBe(200);
    const body = contract.SignInStaffResponse.parse(await response.json());
    return { cookie: (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '', csrf: body.csrfToken, id: body.staff.id };
  }
  async function errorOf(response: Response, status: number) {
    expect(response.status).toBe(status);
    return contract.ErrorResponse.parse(await response.json()).message;
  }

  /** Runs the jobs queued since `from` as the worker would, and returns the mails they queued. */
  async function work(from: number): Promise<MailMessage[]> {
    const handlers = passwordResetJobHandlers({ db: api.database().db, jobs, siteUrl: SITE });
    const requests = queued.slice(from).filter((job) => job.name === 'staff.password-reset-request');
    const before = queued.length;
    for (const job of requests)
      await handlers['staff.password-reset-request'](job.data as JobData<'staff.password-reset-request'>, { id: 'x', retryCount: 0 });
    return queued
      .slice(before)
      .filter((job) => job.name === 'mail.send')
      .map((job) => job.data as MailMessage);
  }
  const tokenOf = (mail: MailMessage | undefined) => {
    const match = /https:\/\/piquante\.test\/admin\/mot-de-passe-oublie\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '');
    if (!match?.[1]) throw new Error(`no link in ${mail?.text}`);
    return match[1];
  };
  async function linkFor(email: string) {
    const from = queued.length;
    expect((await ask(email)).status).toBe(202);
    const mails = await work(from);
    expect(mails).toHaveLength(1);
    return tokenOf(mails[0]);
  }

  it('answers an account’s address and an unknown one alike; only the account gets a mail', async () => {
    const target = await member();
    const from = queued.length;
    const known = await ask(target.email.toUpperCase());
    const unknown = await ask('personne-ici@piquante.test');
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(contract.RequestPasswordResetResponse.parse(await known.json())).toEqual({ message: SAME_ANSWER });
    expect(contract.RequestPasswordResetResponse.parse(await unknown.json())).toEqual({ message: SAME_ANSWER });
    expect([...known.headers.keys()].sort()).toEqual([...unknown.headers.keys()].sort());
    // Both answers queued the same job; nothing was looked up before answering.
    expect(queued.slice(from).map((job) => job.name)).toEqual(['staff.password-reset-request', 'staff.password-reset-request']);
    const mails = await work(from);
    expect(mails.map((mail) => mail.to)).toEqual([target.email]);
    expect(mails[0]?.subject).toMatch(/nouveau mot de passe/);
    expect(mails[0]?.text).toMatch(/valable 30 minutes/);
    expect(mails[0]?.html).toContain('Choisir un nouveau mot de passe');
  });

  it('a link sets a new password once, ends every session of the account, and is audited', async () => {
    const target = await member();
    const elsewhere = await session(target.email);
    const other = await session(target.email);
    const token = await linkFor(target.email);
    // Only the token's hash is stored.
    const rows = await api.database().db.select().from(staffPasswordResets).where(eq(staffPasswordResets.staffId, target.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]?.tokenHash).not.toContain(token);

    const done = await confirm(token);
    expect(done.status).toBe(200);
    expect(contract.ConfirmPasswordResetResponse.parse(await done.json())).toEqual({ sessionsClosed: 2 });
    await errorOf(await request('GET', '/api/admin/session', { as: elsewhere }), 401);
    await errorOf(await request('GET', '/api/admin/session', { as: other }), 401);
    await errorOf(await signIn(target.email, PASSWORD), 401);
    expect((await signIn(target.email, NEW_PASSWORD)).status).toBe(200);
    // Used once: the same link again, or another password through it, is refused in French.
    expect(await errorOf(await confirm(token, 'encore une autre phrase'), 400)).toMatch(/^Ce lien n’est plus valable/);
    expect((await signIn(target.email, NEW_PASSWORD)).status).toBe(200);

    const log = contract.ListAuditLogResponse.parse(
      await (await request('GET', '/api/admin/audit?limit=5', { as: api.signed('admin') })).json(),
    );
    const used = log.results.find((entry) => entry.action === 'staff.password.link.used' && entry.entityId === target.id);
    expect(used).toMatchObject({ staffEmail: target.email, detail: { sessionsClosed: 2 } });
    expect(log.results.some((entry) => entry.action === 'staff.password.link' && entry.entityId === target.id)).toBe(true);
    expect(JSON.stringify(log.results)).not.toContain(token);
  });

  it('expires after 30 minutes; a newer link replaces an older one; a weak password keeps the link', async () => {
    const target = await member();
    const first = await linkFor(target.email);
    const second = await linkFor(target.email);
    expect(await errorOf(await confirm(first), 400)).toMatch(/^Ce lien n’est plus valable/);
    expect(await errorOf(await confirm(second, 'court'), 400)).toMatch(/12 caractères/);
    expect((await confirm(second)).status).toBe(200);

    const late = await member();
    const expired = await linkFor(late.email);
    const inTime = await member();
    const valid = await linkFor(inTime.email);
    api.clock.advance(29 * 60);
    expect((await confirm(valid)).status).toBe(200);
    api.clock.advance(60 + 1);
    expect(await errorOf(await confirm(expired), 400)).toMatch(/^Ce lien n’est plus valable/);
    expect((await signIn(late.email, PASSWORD)).status).toBe(200);
  });

  it('of two confirms at once, exactly one wins', async () => {
    const target = await member();
    const token = await linkFor(target.email);
    const answers = await Promise.all([confirm(token, 'première phrase secrète'), confirm(token, 'seconde phrase secrète')]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    const winner = answers[0]?.status === 200 ? 'première phrase secrète' : 'seconde phrase secrète';
    const loser = winner === 'première phrase secrète' ? 'seconde phrase secrète' : 'première phrase secrète';
    expect((await signIn(target.email, winner)).status).toBe(200);
    await errorOf(await signIn(target.email, loser), 401);
  });

  it('ends a provisional password too; a disabled account gets no mail and its link stops working', async () => {
    const target = await member();
    const reset = await request('POST', `/api/admin/staff/${target.id}/password-reset`, { as: api.signed('admin') });
    expect(reset.status).toBe(200);
    const token = await linkFor(target.email);
    expect((await confirm(token)).status).toBe(200);
    const after = await session(target.email, NEW_PASSWORD);
    expect((await request('GET', '/api/admin/articles', { as: after })).status).toBe(200);

    const disabled = await member();
    const pending = await linkFor(disabled.email);
    const off = await request('POST', `/api/admin/staff/${disabled.id}/status`, { as: api.signed('admin'), body: { active: false } });
    expect(off.status).toBe(200);
    expect(await errorOf(await confirm(pending), 400)).toMatch(/^Ce lien n’est plus valable/);
    const from = queued.length;
    expect((await ask(disabled.email)).status).toBe(202);
    expect(await work(from)).toEqual([]);
  });

  it('limits each address (whether an account’s or not) and each client, with Retry-After and a French sentence', async () => {
    for (const email of [(await member()).email, 'inconnue-limitee@piquante.test']) {
      for (let i = 0; i < 3; i++) expect((await ask(email)).status).toBe(202);
      const refused = await ask(email.toUpperCase());
      expect(await errorOf(refused, 429)).toMatch(
        /^Plusieurs liens ont déjà été demandés pour cette adresse : réessayez dans \d+ minutes?\.$/,
      );
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    const client = { 'x-test-ip': '10.41.0.1' };
    for (let i = 0; i < 6; i++) expect((await ask(`client-${i}@piquante.test`, client)).status).toBe(202);
    const refused = await ask('client-7@piquante.test', client);
    expect(await errorOf(refused, 429)).toBe('Trop de demandes : réessayez dans une minute.');
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    const guesses = { 'x-test-ip': '10.41.0.2' };
    for (let i = 0; i < 6; i++) await errorOf(await confirm(`${'a'.repeat(42)}${i}`, NEW_PASSWORD, guesses), 400);
    await errorOf(await confirm('b'.repeat(43), NEW_PASSWORD, guesses), 429);
  });

  it('refuses hostile input in French, never with a 500', async () => {
    const target = await member();
    const token = await linkFor(target.email);
    const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
      request('POST', path, { body, headers: { 'x-test-ip': nextIp(), ...headers } });
    const reset = '/api/admin/password-reset';
    const confirmPath = '/api/admin/password-reset/confirm';
    for (const body of [
      { email: 'pas-une-adresse' },
      { email: '' },
      { email: `${'a'.repeat(250)}@piquante.test` },
      { email: 'a@b.c', extra: 1 },
      { email: 42 },
      {},
      [],
      'texte',
      null,
    ]) {
      const message = await errorOf(await post(reset, body), 400);
      expect(message, JSON.stringify(body)).toMatch(/[éèàâ]|champ|corps|JSON/i);
    }
    for (const body of [
      { token: '', newPassword: NEW_PASSWORD },
      { token: 'x'.repeat(201), newPassword: NEW_PASSWORD },
      { token: `${token.slice(0, 42)}'`, newPassword: NEW_PASSWORD },
      { token: `${token}\u0000`, newPassword: NEW_PASSWORD },
      { token: `${token.slice(0, 42)}é`, newPassword: NEW_PASSWORD },
      { token: `${token} OR 1=1`, newPassword: NEW_PASSWORD },
      { token, newPassword: 'x'.repeat(1025) },
      { token, newPassword: 'court' },
      { token, newPassword: NEW_PASSWORD, staffId: target.id },
      { token: [token], newPassword: NEW_PASSWORD },
    ]) {
      await errorOf(await post(confirmPath, body), 400);
    }
    expect(await errorOf(await post(confirmPath, { token: 'z'.repeat(43), newPassword: NEW_PASSWORD }), 400)).toMatch(
      /^Ce lien n’est plus valable/,
    );
    const huge = 'x'.repeat(2 * 1024 * 1024);
    expect([400, 413]).toContain((await post(confirmPath, { token: huge, newPassword: NEW_PASSWORD })).status);
    expect([400, 413]).toContain((await post(reset, { email: huge })).status);
    await errorOf(await post(reset, 'email=a@b.fr', { 'content-type': 'application/x-www-form-urlencoded' }), 415);
    await errorOf(await post(confirmPath, '{"token":', {}), 400);
    await errorOf(await post(reset, { email: target.email }, { origin: 'https://evil.example' }), 403);
    await errorOf(await post(confirmPath, { token, newPassword: NEW_PASSWORD }, { origin: 'https://evil.example' }), 403);
    // None of it spent the link.
    expect((await confirm(token)).status).toBe(200);
  });
});
