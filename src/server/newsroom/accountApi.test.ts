/**
 * "Mon compte" and the accounts' state, on PGlite and PostgreSQL (TEST_DATABASE_URL): passkeys removed by
 * their owner only; the password changed (current one required, other sessions signed out); accounts
 * disabled and re-enabled by an admin (never themselves, never the last active admin). Roles, CSRF,
 * hostile input, the audit log; every answer checked against the contract.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as contract from '../../api/generated/zod.ts';
import { staffPasskeys } from '../../db/schema.ts';
import { PASSWORD, ROLES, type Signed, useNewsroomApi } from '../../testing/newsroomApi.ts';
import { testDatabaseKinds } from '../../testing/testDatabase.ts';

describe.each(testDatabaseKinds)('account API on %s', (kind) => {
  const api = useNewsroomApi(kind);
  const { request, signed } = api;

  async function errorOf(response: Response, code: number) {
    expect(response.status).toBe(code);
    const body = contract.ErrorResponse.parse(await response.json());
    expect(body.message.length).toBeGreaterThan(10);
    return body.message;
  }

  /** A passkey row as registration leaves it (the ceremony itself: the e2e specs). */
  async function passkeyOf(who: Signed, id: string, name: string) {
    await api
      .database()
      .db.insert(staffPasskeys)
      .values({ id, staffId: who.id, publicKey: 'AAAA', counter: 0, transports: [], name, createdAt: api.clock.now() });
  }

  async function lastAudit() {
    const log = contract.ListAuditLogResponse.parse(
      await (await request('GET', '/api/admin/audit?limit=1', { as: signed('admin') })).json(),
    );
    return log.results[0];
  }

  describe('passkeys', () => {
    it('the owner lists and removes their own passkey; the removal is in the audit log', async () => {
      const author = signed('author');
      await passkeyOf(author, 'cle-de-l-auteur-1', 'Téléphone');
      const list = contract.ListPasskeysResponse.parse(await (await request('GET', '/api/admin/passkeys', { as: author })).json());
      expect(list.results).toEqual([expect.objectContaining({ id: 'cle-de-l-auteur-1', name: 'Téléphone', lastUsedAt: null })]);
      const removed = await request('DELETE', '/api/admin/passkeys/cle-de-l-auteur-1', { as: author });
      expect(removed.status).toBe(204);
      expect(await removed.text()).toBe('');
      expect(
        contract.ListPasskeysResponse.parse(await (await request('GET', '/api/admin/passkeys', { as: author })).json()).results,
      ).toEqual([]);
      expect(await lastAudit()).toMatchObject({
        action: 'passkey.remove',
        entity: 'staff',
        entityId: author.id,
        staffEmail: 'author@piquante.test',
        detail: { name: 'Téléphone' },
      });
      // Gone: a second removal is a 404.
      expect(await errorOf(await request('DELETE', '/api/admin/passkeys/cle-de-l-auteur-1', { as: author }), 404)).toMatch(/introuvable/);
    });

    it('nobody removes someone else’s passkey, admins included (404, as for an unknown key), and the key stays', async () => {
      const editor = signed('editor');
      await passkeyOf(editor, 'cle-de-l-editeur-1', 'Clé USB');
      for (const role of ROLES.filter((r) => r !== 'editor')) {
        await errorOf(await request('DELETE', '/api/admin/passkeys/cle-de-l-editeur-1', { as: signed(role) }), 404);
      }
      const [still] = await api.database().db.select().from(staffPasskeys).where(eq(staffPasskeys.id, 'cle-de-l-editeur-1'));
      expect(still?.staffId).toBe(editor.id);
    });

    it('needs a session and the CSRF token; refuses hostile ids with a French 400', async () => {
      const editor = signed('editor');
      await passkeyOf(editor, 'cle-de-l-editeur-2', 'Portable');
      await errorOf(await request('DELETE', '/api/admin/passkeys/cle-de-l-editeur-2'), 401);
      await errorOf(
        await request('DELETE', '/api/admin/passkeys/cle-de-l-editeur-2', { as: { ...editor, csrf: signed('admin').csrf } }),
        403,
      );
      await errorOf(
        await request('DELETE', '/api/admin/passkeys/cle-de-l-editeur-2', { as: editor, headers: { origin: 'https://evil.example' } }),
        403,
      );
      for (const bad of ['%3Cscript%3E', 'a%20b', 'x'.repeat(513), "1'%20OR%20'1'%3D'1"]) {
        await errorOf(await request('DELETE', `/api/admin/passkeys/${bad}`, { as: editor }), 400);
      }
      expect((await request('DELETE', '/api/admin/passkeys/cle-de-l-editeur-2', { as: editor })).status).toBe(204);
    });
  });

  describe('password', () => {
    const path = '/api/admin/account/password';
    const NEW = 'un tout nouveau mot de passe';

    it('needs the current password, 12 characters, a change; then signs out the other sessions only', async () => {
      const here = await api.signIn('contributor');
      const elsewhere = await api.signIn('contributor');
      expect(await errorOf(await request('POST', path, { as: here, body: { currentPassword: 'pas le bon', newPassword: NEW } }), 400)).toBe(
        'Le mot de passe actuel est incorrect.',
      );
      expect(await lastAudit()).toMatchObject({ action: 'staff.password.refused', entityId: here.id });
      expect(
        await errorOf(await request('POST', path, { as: here, body: { currentPassword: PASSWORD, newPassword: 'court' } }), 400),
      ).toMatch(/12 caractères/);
      expect(
        await errorOf(await request('POST', path, { as: here, body: { currentPassword: PASSWORD, newPassword: PASSWORD } }), 400),
      ).toMatch(/différent/);
      // Nothing changed so far: the other session is still open.
      expect((await request('GET', '/api/admin/session', { as: elsewhere })).status).toBe(200);

      const changed = await request('POST', path, { as: here, body: { currentPassword: PASSWORD, newPassword: NEW } });
      expect(changed.status).toBe(200);
      const answer = contract.ChangeOwnPasswordResponse.parse(await changed.json());
      // The session of the test harness, the one opened "elsewhere".
      expect(answer.otherSessionsClosed).toBe(2);
      expect((await request('GET', '/api/admin/session', { as: here })).status).toBe(200);
      await errorOf(await request('GET', '/api/admin/session', { as: elsewhere }), 401);
      expect(await lastAudit()).toMatchObject({ action: 'staff.password', entityId: here.id, detail: { otherSessionsClosed: 2 } });
      expect(JSON.stringify(await lastAudit())).not.toContain(NEW);

      const old = await request('POST', '/api/admin/session', { body: { email: 'contributor@piquante.test', password: PASSWORD } });
      await errorOf(old, 401);
      const fresh = await request('POST', '/api/admin/session', { body: { email: 'contributor@piquante.test', password: NEW } });
      expect(fresh.status).toBe(200);
      // Back to the harness's password, for the other tests.
      expect((await request('POST', path, { as: here, body: { currentPassword: NEW, newPassword: PASSWORD } })).status).toBe(200);
    });

    it('needs a session and the CSRF token; refuses hostile bodies with a French 4xx', async () => {
      const as = await api.signIn('author');
      await errorOf(await request('POST', path, { body: { currentPassword: PASSWORD, newPassword: NEW } }), 401);
      await errorOf(
        await request('POST', path, { as: { ...as, csrf: 'faux-jeton' }, body: { currentPassword: PASSWORD, newPassword: NEW } }),
        403,
      );
      await errorOf(
        await request('POST', path, {
          as,
          body: { currentPassword: PASSWORD, newPassword: NEW },
          headers: { origin: 'https://evil.example' },
        }),
        403,
      );
      for (const body of [
        '{',
        'null',
        [],
        { currentPassword: PASSWORD },
        { currentPassword: PASSWORD, newPassword: 123456789012345 },
        { currentPassword: PASSWORD, newPassword: NEW, role: 'admin' },
        { currentPassword: '', newPassword: NEW },
        { currentPassword: PASSWORD, newPassword: 'x'.repeat(1025) },
      ]) {
        await errorOf(await request('POST', path, { as, body }), 400);
      }
      await errorOf(await request('POST', path, { as, body: 'x', headers: { 'content-type': 'text/plain' } }), 415);
      await errorOf(
        await request('POST', path, { as, body: JSON.stringify({ currentPassword: 'x'.repeat(600_000), newPassword: NEW }) }),
        413,
      );
      expect((await request('GET', '/api/admin/session', { as })).status).toBe(200);
    });
  });

  describe('disabling accounts', () => {
    const statusOf = (id: number | string) => `/api/admin/staff/${id}/status`;

    async function newAccount(email: string, role = 'author') {
      const created = await request('POST', '/api/admin/staff', {
        as: signed('admin'),
        body: { email, name: `Compte ${email}`, role, password: PASSWORD },
      });
      expect(created.status).toBe(201);
      const member = contract.StaffMember.parse(await created.json());
      expect(member.disabledAt).toBeNull();
      return member;
    }

    it('a disabled account is signed out at once and cannot sign in; re-enabled, it can again', async () => {
      const member = await newAccount('desactivable@piquante.test');
      const signIn = () =>
        request('POST', '/api/admin/session', { body: { email: member.email, password: PASSWORD }, headers: { 'x-test-ip': '10.9.9.9' } });
      const opened = await signIn();
      expect(opened.status).toBe(200);
      const cookie = (opened.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      const disabled = contract.SetStaffStatusResponse.parse(
        await (await request('POST', statusOf(member.id), { as: signed('admin'), body: { active: false } })).json(),
      );
      expect(disabled.disabledAt).not.toBeNull();
      await errorOf(await request('GET', '/api/admin/session', { headers: { cookie } }), 401);
      // The same answer as a wrong password: nothing says the account exists.
      const refused = await signIn();
      expect(refused.status).toBe(401);
      expect(await refused.json()).toEqual({ error: 'unauthorized', message: 'Adresse e-mail ou mot de passe incorrect.' });
      expect(await lastAudit()).toMatchObject({
        action: 'staff.disable',
        entityId: member.id,
        detail: { email: member.email, sessionsClosed: 1 },
      });
      const list = contract.ListStaffResponse.parse(await (await request('GET', '/api/admin/staff', { as: signed('admin') })).json());
      expect(list.results.find((m) => m.id === member.id)?.disabledAt).toBe(disabled.disabledAt);
      // Twice is harmless (and not logged twice).
      expect((await request('POST', statusOf(member.id), { as: signed('admin'), body: { active: false } })).status).toBe(200);

      const enabled = contract.SetStaffStatusResponse.parse(
        await (await request('POST', statusOf(member.id), { as: signed('admin'), body: { active: true } })).json(),
      );
      expect(enabled.disabledAt).toBeNull();
      expect(await lastAudit()).toMatchObject({ action: 'staff.enable', entityId: member.id });
      expect((await signIn()).status).toBe(200);
    });

    it('only admins; session, CSRF, hostile ids and bodies refused in French', async () => {
      const target = await newAccount('cible@piquante.test');
      for (const role of ['contributor', 'author', 'editor'] as const) {
        // Fresh sessions: the password test closed the harness's contributor session.
        expect(
          await errorOf(await request('POST', statusOf(target.id), { as: await api.signIn(role), body: { active: false } }), 403),
        ).toMatch(/Votre rôle/);
      }
      await errorOf(await request('POST', statusOf(target.id), { body: { active: false } }), 401);
      await errorOf(await request('POST', statusOf(target.id), { as: { ...signed('admin'), csrf: '' }, body: { active: false } }), 403);
      for (const id of ['0', '-1', 'abc', '1.5', '99999999999', '%3Cscript%3E']) {
        await errorOf(await request('POST', statusOf(id), { as: signed('admin'), body: { active: false } }), 400);
      }
      expect(await errorOf(await request('POST', statusOf(2_000_000_000), { as: signed('admin'), body: { active: false } }), 404)).toMatch(
        /introuvable/,
      );
      for (const body of [{}, { active: 'false' }, { active: 0 }, { active: false, role: 'admin' }, '[]', 'null', '{']) {
        await errorOf(await request('POST', statusOf(target.id), { as: signed('admin'), body }), 400);
      }
      const untouched = contract.ListStaffResponse.parse(await (await request('GET', '/api/admin/staff', { as: signed('admin') })).json());
      expect(untouched.results.find((m) => m.id === target.id)?.disabledAt).toBeNull();
    });
    // Last: it may disable the harness's own admin (whose sessions then end).
    it('an admin cannot disable themselves, nor the last active admin', async () => {
      const admin = signed('admin');
      expect(await errorOf(await request('POST', statusOf(admin.id), { as: admin, body: { active: false } }), 409)).toMatch(
        /votre propre compte/,
      );
      // A second admin may disable the first… but then not be disabled by anyone: it is the last one.
      const second = await newAccount('second-admin@piquante.test', 'admin');
      const secondSession = await (async () => {
        const r = await request('POST', '/api/admin/session', {
          body: { email: second.email, password: PASSWORD },
          headers: { 'x-test-ip': '10.9.9.8' },
        });
        const body = contract.AdminSession.parse(await r.json());
        const session = { cookie: (r.headers.get('set-cookie') ?? '').split(';')[0] ?? '', csrf: body.csrfToken, id: body.staff.id };
        // The password an admin typed at creation is provisional: replaced first, as its owner would.
        const own = { currentPassword: PASSWORD, newPassword: 'la phrase du second admin' };
        expect((await request('POST', '/api/admin/account/password', { as: session, body: own })).status).toBe(200);
        return session;
      })();
      // Two admins disabling each other at the same moment: one wins, never both.
      const [a, b] = await Promise.all([
        request('POST', statusOf(second.id), { as: admin, body: { active: false } }),
        request('POST', statusOf(admin.id), { as: secondSession, body: { active: false } }),
      ]);
      expect([a.status, b.status].sort()).toEqual(a.status === 401 || b.status === 401 ? [200, 401] : [200, 409]);
      const staffList = contract.ListStaffResponse.parse(
        await (await request('GET', '/api/admin/staff', { as: a.status === 200 ? admin : secondSession })).json(),
      );
      expect(staffList.results.filter((m) => m.role === 'admin' && m.disabledAt === null)).toHaveLength(1);
      // Whoever is left re-enables the other.
      const left = a.status === 200 ? admin : secondSession;
      const other = a.status === 200 ? second.id : admin.id;
      expect((await request('POST', statusOf(other), { as: left, body: { active: true } })).status).toBe(200);
    });
  });
});
