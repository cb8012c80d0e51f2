/**
 * The newsroom's redirect endpoints against the contract, on PGlite and PostgreSQL (TEST_DATABASE_URL): roles,
 * CSRF and foreign Origin, hostile input, French refusals, the audit log and the content-changed announcement.
 * (Each operation × each role: src/server/newsroom/adminAuthorization.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import * as contract from '../../api/generated/zod.ts';
import { useNewsroomApi } from '../../testing/newsroomApi.ts';
import { testDatabaseKinds } from '../../testing/testDatabase.ts';

describe.each(testDatabaseKinds)('redirects API on %s', (kind) => {
  const api = useNewsroomApi(kind, { SITE_URL: 'http://magazine.test' });
  const { request, signed } = api;

  async function errorOf(response: Response, code: number): Promise<string> {
    expect(response.status).toBe(code);
    const body = contract.ErrorResponse.parse(await response.json());
    expect(body.message).toMatch(/[éèàù]|\b(la|le|de|une|est|ce)\b/);
    return body.message;
  }

  const create = (body: unknown, role: 'editor' | 'admin' | 'author' | 'contributor' = 'editor', headers: Record<string, string> = {}) =>
    request('POST', '/api/admin/redirects', { as: signed(role), body, headers });

  it('an editor adds one, everyone lists it, an admin removes it; each write audited and announced', async () => {
    const before = api.changes();
    const created = await create({ from: 'https://ancien.example/2019/05/vieux-billet/', to: '/mode' });
    expect(created.status).toBe(201);
    const redirect = contract.CreateAdminRedirectResponse.parse(await created.json());
    expect(redirect).toMatchObject({ from: '/2019/05/vieux-billet', to: '/mode', origin: 'newsroom', articleId: null, title: null });
    expect(api.changes()).toBe(before + 1);
    for (const role of ['contributor', 'author', 'editor', 'admin'] as const) {
      const listed = await request('GET', '/api/admin/redirects?q=vieux-BILLET&limit=5', { as: signed(role) });
      expect(listed.status).toBe(200);
      const body = contract.ListAdminRedirectsResponse.parse(await listed.json());
      expect(body.total).toBe(1);
      expect(body.results[0]?.id).toBe(redirect.id);
    }
    expect((await request('DELETE', `/api/admin/redirects/${redirect.id}`, { as: signed('admin') })).status).toBe(204);
    expect(api.changes()).toBe(before + 2);
    const audit = contract.ListAuditLogResponse.parse(
      await (await request('GET', '/api/admin/audit?limit=5', { as: signed('admin') })).json(),
    );
    expect(audit.results.slice(0, 2).map((e) => [e.action, e.entityId])).toEqual([
      ['redirect.delete', redirect.id],
      ['redirect.save', redirect.id],
    ]);
    expect(await errorOf(await request('DELETE', `/api/admin/redirects/${redirect.id}`, { as: signed('admin') }), 404)).toBe(
      'Cette redirection est introuvable.',
    );
  });

  it('writers read but may not write (403 in French)', async () => {
    for (const role of ['contributor', 'author'] as const) {
      expect(await errorOf(await create({ from: '/ancien', to: '/mode' }, role), 403)).toMatch(/redirections/);
      expect(await errorOf(await request('DELETE', '/api/admin/redirects/1', { as: signed(role) }), 403)).toMatch(/redirections/);
    }
  });

  it('refuses a write without the CSRF token, or sent from another site', async () => {
    await errorOf(
      await request('POST', '/api/admin/redirects', { as: { ...signed('editor'), csrf: 'faux' }, body: { from: '/a', to: '/mode' } }),
      403,
    );
    await errorOf(await create({ from: '/a', to: '/mode' }, 'editor', { origin: 'https://evil.example' }), 403);
    await errorOf(
      await request('DELETE', '/api/admin/redirects/1', { as: signed('editor'), headers: { origin: 'https://evil.example' } }),
      403,
    );
  });

  it.each([
    ['an off-site target', { from: '/h1', to: 'https://evil.example/x' }],
    ['a protocol-relative target', { from: '/h2', to: '//evil.example' }],
    ['a javascript: target', { from: '/h3', to: 'javascript:alert(1)' }],
    ['a javascript: source', { from: 'javascript:alert(1)', to: '/mode' }],
    ['an oversized source', { from: `/${'a'.repeat(5000)}`, to: '/mode' }],
    ['a target equal to its source', { from: '/h4/', to: '/h4' }],
    ['a live page as source', { from: '/mode', to: '/beaute' }],
    ['the newsroom as source', { from: '/admin', to: '/mode' }],
    ['a number', { from: 42, to: '/mode' }],
    ['a missing target', { from: '/h5' }],
    ['an extra field', { from: '/h6', to: '/mode', articleId: 1 }],
    ['not JSON', '{"from":'],
  ])('refuses %s with a French 400', async (_what, body) => {
    await errorOf(await create(body), 400);
  });

  it('refuses a loop a → b → a, follows a chain instead of storing it', async () => {
    expect((await create({ from: '/boucle-b', to: '/boucle-a' })).status).toBe(201);
    expect(await errorOf(await create({ from: '/boucle-a', to: '/boucle-b' }), 400)).toMatch(/boucle/);
    const chained = contract.AdminRedirect.parse(await (await create({ from: '/vers-b', to: '/boucle-b/' })).json());
    expect(chained.to).toBe('/boucle-a');
  });

  it('answers bad ids and pages in French', async () => {
    await errorOf(await request('DELETE', '/api/admin/redirects/abc', { as: signed('editor') }), 400);
    await errorOf(await request('DELETE', '/api/admin/redirects/999999', { as: signed('editor') }), 404);
    await errorOf(await request('GET', '/api/admin/redirects?limit=0', { as: signed('editor') }), 400);
    await errorOf(await request('GET', `/api/admin/redirects?q=${'x'.repeat(300)}`, { as: signed('editor') }), 400);
  });
});
