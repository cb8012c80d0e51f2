/**
 * An admin gives another account a provisional password (issue 19), on PGlite and PostgreSQL: the
 * account's sessions end, its old password stops working, the provisional one opens a session that can only
 * replace it (every other operation: a French 403) until the person chose their own; audited without the
 * password. Admins only, never on oneself, CSRF, foreign Origin, hostile ids, two admins at once.
 */
import { describe, expect, it } from 'vitest';
import * as contract from '../../api/generated/zod.ts';
import { PASSWORD, type ROLES, type Signed, useNewsroomApi } from '../../testing/newsroomApi.ts';
import { testDatabaseKinds } from '../../testing/testDatabase.ts';
import { createStaff, provisionalPassword } from './staff.server.ts';

describe('provisionalPassword', () => {
  it('is 20 unambiguous random characters in groups of 5, never twice the same', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const password = provisionalPassword();
      expect(password).toMatch(/^[a-hjkmnp-z2-9]{5}(-[a-hjkmnp-z2-9]{5}){3}$/);
      seen.add(password);
    }
    expect(seen.size).toBe(200);
  });
});

describe.each(testDatabaseKinds)('staff password reset on %s', (kind) => {
  const api = useNewsroomApi(kind);
  const { request, signed } = api;
  let unique = 0;

  async function member(role: (typeof ROLES)[number] = 'author') {
    const email = `reinit-${++unique}@piquante.test`;
    const created = await createStaff(api.database().db, { email, name: `Membre ${unique}`, role, password: PASSWORD });
    return { id: created.id, email };
  }
  async function signIn(email: string, password: string) {
    return request('POST', '/api/admin/session', { body: { email, password }, headers: { 'x-test-ip': '10.7.7.7' } });
  }
  async function signedAs(email: string, password: string): Promise<Signed & { mustChangePassword: boolean }> {
    const response = await signIn(email, password);
    expect(response.status, email).toBe(200);
    const body = contract.SignInStaffResponse.parse(await response.json());
    const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    return { cookie, csrf: body.csrfToken, id: body.staff.id, mustChangePassword: body.staff.mustChangePassword };
  }
  async function reset(id: number | string, as: Signed = signed('admin'), headers: Record<string, string> = {}) {
    return request('POST', `/api/admin/staff/${id}/password-reset`, { as, headers });
  }
  async function errorOf(response: Response, code: number) {
    expect(response.status).toBe(code);
    return contract.ErrorResponse.parse(await response.json()).message;
  }

  it('ends the sessions, replaces the password, and the provisional one only opens the way to a new one', async () => {
    const target = await member('editor');
    const before = await signedAs(target.email, PASSWORD);
    expect(before.mustChangePassword).toBe(false);

    const response = await reset(target.id);
    expect(response.status).toBe(200);
    const body = contract.ResetStaffPasswordResponse.parse(await response.json());
    expect(body).toMatchObject({ staff: { id: target.id, email: target.email, mustChangePassword: true }, sessionsClosed: 1 });
    const provisional = body.provisionalPassword;

    // The open session is gone, the old password too.
    await errorOf(await request('GET', '/api/admin/session', { as: before }), 401);
    await errorOf(await signIn(target.email, PASSWORD), 401);
    const staffList = contract.ListStaffResponse.parse(await (await request('GET', '/api/admin/staff', { as: signed('admin') })).json());
    expect(staffList.results.find((m) => m.id === target.id)?.mustChangePassword).toBe(true);

    // The audit log names the account, never the password.
    const log = contract.ListAuditLogResponse.parse(
      await (await request('GET', '/api/admin/audit?limit=1', { as: signed('admin') })).json(),
    );
    expect(log.results[0]).toMatchObject({
      action: 'staff.password.reset',
      entity: 'staff',
      entityId: target.id,
      staffEmail: 'admin@piquante.test',
      detail: { email: target.email, sessionsClosed: 1 },
    });
    expect(JSON.stringify(log.results[0])).not.toContain(provisional);

    // Signed in with the provisional password: the session says so, and serves nothing else.
    const restricted = await signedAs(target.email, provisional);
    expect(restricted.mustChangePassword).toBe(true);
    const session = contract.GetAdminSessionResponse.parse(await (await request('GET', '/api/admin/session', { as: restricted })).json());
    expect(session.staff.mustChangePassword).toBe(true);
    for (const [method, path, payload] of [
      ['GET', '/api/admin/articles', undefined],
      ['GET', '/api/admin/media', undefined],
      ['GET', '/api/admin/passkeys', undefined],
      ['POST', '/api/admin/articles', { title: 'Non' }],
      ['POST', '/api/admin/passkeys/options', undefined],
    ] as const) {
      expect(await errorOf(await request(method, path, { as: restricted, body: payload }), 403), `${method} ${path}`).toMatch(
        /^Choisissez d’abord votre propre mot de passe/,
      );
    }
    // The provisional password cannot be kept, and a short one is refused, in French.
    expect(
      await errorOf(
        await request('POST', '/api/admin/account/password', {
          as: restricted,
          body: { currentPassword: provisional, newPassword: provisional },
        }),
        400,
      ),
    ).toMatch(/différent/);
    expect(
      await errorOf(
        await request('POST', '/api/admin/account/password', {
          as: restricted,
          body: { currentPassword: provisional, newPassword: 'court' },
        }),
        400,
      ),
    ).toMatch(/12 caractères/);
    const changed = await request('POST', '/api/admin/account/password', {
      as: restricted,
      body: { currentPassword: provisional, newPassword: 'ma propre phrase secrète' },
    });
    expect(changed.status).toBe(200);
    contract.ChangeOwnPasswordResponse.parse(await changed.json());
    // The same session now works fully; the provisional password is over.
    expect((await request('GET', '/api/admin/articles', { as: restricted })).status).toBe(200);
    const after = contract.GetAdminSessionResponse.parse(await (await request('GET', '/api/admin/session', { as: restricted })).json());
    expect(after.staff.mustChangePassword).toBe(false);
    await errorOf(await signIn(target.email, provisional), 401);
    expect((await signedAs(target.email, 'ma propre phrase secrète')).mustChangePassword).toBe(false);
  });

  it('an account an admin creates has a provisional password, to be replaced at its first sign-in', async () => {
    const email = `cree-${++unique}@piquante.test`;
    const created = await request('POST', '/api/admin/staff', {
      as: signed('admin'),
      body: { email, name: `Créé ${unique}`, role: 'author', password: 'un mot de passe provisoire' },
    });
    expect(created.status).toBe(201);
    expect(contract.CreateStaffResponse.parse(await created.json()).mustChangePassword).toBe(true);
    const restricted = await signedAs(email, 'un mot de passe provisoire');
    expect(restricted.mustChangePassword).toBe(true);
    expect(await errorOf(await request('GET', '/api/admin/articles', { as: restricted }), 403)).toMatch(/^Choisissez d’abord/);
    const changed = await request('POST', '/api/admin/account/password', {
      as: restricted,
      body: { currentPassword: 'un mot de passe provisoire', newPassword: 'ma propre phrase secrète' },
    });
    expect(changed.status).toBe(200);
    expect((await request('GET', '/api/admin/articles', { as: restricted })).status).toBe(200);
  });

  it('a restricted session may still sign out', async () => {
    const target = await member();
    const provisional = contract.ResetStaffPasswordResponse.parse(await (await reset(target.id)).json()).provisionalPassword;
    const restricted = await signedAs(target.email, provisional);
    expect((await request('POST', '/api/admin/session/logout', { as: restricted })).status).toBe(204);
    await errorOf(await request('GET', '/api/admin/session', { as: restricted }), 401);
  });

  it('admins only; never on oneself; session, CSRF, foreign Origin and hostile ids refused in French', async () => {
    const target = await member();
    const before = await signedAs(target.email, PASSWORD);
    for (const role of ['contributor', 'author', 'editor'] as const) {
      expect(await errorOf(await reset(target.id, signed(role)), 403)).toMatch(/Votre rôle .* réinitialiser les mots de passe/);
    }
    await errorOf(await request('POST', `/api/admin/staff/${target.id}/password-reset`), 401);
    expect(await errorOf(await reset(target.id, { ...signed('admin'), csrf: 'faux' }), 403)).toMatch(/jeton/i);
    await errorOf(await reset(target.id, signed('admin'), { origin: 'https://evil.example' }), 403);
    expect(await errorOf(await reset(signed('admin').id), 409)).toBe(
      'Vous ne pouvez pas réinitialiser votre propre mot de passe ici : changez-le sous « Mon compte ».',
    );
    for (const id of ['0', '-1', 'abc', '1.5', '99999999999', '%3Cscript%3E', '1%20OR%201%3D1', `${target.id}%00`]) {
      await errorOf(await reset(id), 400);
    }
    expect(await errorOf(await reset(2_000_000_000), 404)).toBe('Ce compte est introuvable.');
    // None of the refusals touched the account: its session and password still work.
    expect((await request('GET', '/api/admin/articles', { as: before })).status).toBe(200);
    expect((await signIn(target.email, PASSWORD)).status).toBe(200);
    // The admin's own session is untouched too.
    expect((await request('GET', '/api/admin/staff', { as: signed('admin') })).status).toBe(200);
  });

  it('ignores what a body says (the server draws the password), and keeps a disabled account disabled', async () => {
    const target = await member();
    const chosen = await request('POST', `/api/admin/staff/${target.id}/password-reset`, {
      as: signed('admin'),
      body: { provisionalPassword: 'choisi par un attaquant', mustChangePassword: false },
    });
    expect(chosen.status).toBe(200);
    const body = contract.ResetStaffPasswordResponse.parse(await chosen.json());
    expect(body.provisionalPassword).not.toBe('choisi par un attaquant');
    await errorOf(await signIn(target.email, 'choisi par un attaquant'), 401);

    const disabled = await member();
    expect((await request('POST', `/api/admin/staff/${disabled.id}/status`, { as: signed('admin'), body: { active: false } })).status).toBe(
      200,
    );
    const again = contract.ResetStaffPasswordResponse.parse(await (await reset(disabled.id)).json());
    expect(again.staff.disabledAt).not.toBeNull();
    await errorOf(await signIn(disabled.email, again.provisionalPassword), 401);
  });

  it('two admins resetting the same account at once: exactly one provisional password works', async () => {
    const target = await member();
    const second = await member('admin');
    const secondAdmin = await signedAs(second.email, PASSWORD);
    const answers = await Promise.all([reset(target.id), reset(target.id, secondAdmin)]);
    const passwords: string[] = [];
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      passwords.push(contract.ResetStaffPasswordResponse.parse(await answer.json()).provisionalPassword);
    }
    const statuses = [];
    for (const password of passwords) statuses.push((await signIn(target.email, password)).status);
    expect(statuses.sort()).toEqual([200, 401]);
  });
});
