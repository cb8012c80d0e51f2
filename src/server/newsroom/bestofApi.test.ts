/**
 * The best-of selection's newsroom endpoints (issue 19) against the contract, on PGlite and PostgreSQL
 * (TEST_DATABASE_URL): editors choose and order published articles, the home page's GET /api/bestof follows at
 * once, a stale version is a 409 that overwrites nothing, and hostile input is a French 400 with nothing written.
 * (Each operation × each role: adminAuthorization.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import * as contract from '../../api/generated/zod.ts';
import { useNewsroomApi } from '../../testing/newsroomApi.ts';
import { testDatabaseKinds } from '../../testing/testDatabase.ts';

describe.each(testDatabaseKinds)('best-of API on %s', (kind) => {
  const api = useNewsroomApi(kind);
  const { request, signed } = api;

  async function errorOf(response: Response, code: number): Promise<string> {
    expect(response.status).toBe(code);
    const body = contract.ErrorResponse.parse(await response.json());
    expect(body.message).toMatch(/[éèàù’]|\b(la|le|de|une|est|ce)\b/);
    return body.message;
  }

  const read = async (role: 'editor' | 'author' = 'editor') =>
    contract.GetAdminBestofResponse.parse(await (await request('GET', '/api/admin/bestof', { as: signed(role) })).json());
  const save = (body: unknown, role: 'editor' | 'admin' | 'author' | 'contributor' = 'editor', headers: Record<string, string> = {}) =>
    request('PUT', '/api/admin/bestof', { as: signed(role), body, headers });
  const publicBestof = async () =>
    ((await (await request('GET', '/api/bestof')).json()) as { results: { id: number }[] }).results.map((a) => a.id);

  async function publishedIds(count: number): Promise<number[]> {
    const list = (await (await request('GET', `/api/articles?limit=${count}`)).json()) as { results: { id: number }[] };
    return list.results.map((a) => a.id);
  }

  it('an editor picks and orders published articles; readers see that order at once; audited and announced', async () => {
    const before = await read();
    const [a, b, c] = await publishedIds(3);
    if (a === undefined || b === undefined || c === undefined) throw new Error('the demo has too few articles');
    const changes = api.changes();
    const saved = await save({ ids: [c, a, b], version: before.version });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const selection = contract.SaveAdminBestofResponse.parse(await saved.json());
    expect(selection.articles.map((x) => x.id)).toEqual([c, a, b]);
    expect(selection.version).not.toBe(before.version);
    expect(api.changes()).toBe(changes + 1);
    expect(await publicBestof()).toEqual([c, a, b]);
    expect((await read('author')).articles.map((x) => x.id)).toEqual([c, a, b]);
    const audit = contract.ListAuditLogResponse.parse(
      await (await request('GET', '/api/admin/audit?limit=1', { as: signed('admin') })).json(),
    );
    expect(audit.results[0]).toMatchObject({ action: 'bestof.save', detail: { ids: [c, a, b] } });
    // Emptied, then nothing on the home page's list.
    const emptied = contract.SaveAdminBestofResponse.parse(await (await save({ ids: [], version: selection.version })).json());
    expect(emptied.articles).toEqual([]);
    expect(await publicBestof()).toEqual([]);
  });

  it('a save based on a selection someone changed since is a 409, and overwrites nothing', async () => {
    const [a, b] = await publishedIds(2);
    const stale = await read();
    expect((await save({ ids: [a], version: stale.version })).status).toBe(200);
    expect(await errorOf(await save({ ids: [b], version: stale.version }), 409)).toMatch(/modifié la sélection/);
    expect(await publicBestof()).toEqual([a]);
    // Two saves of the same version at once: exactly one is written.
    const current = await read();
    const answers = await Promise.all([save({ ids: [b], version: current.version }), save({ ids: [a, b], version: current.version })]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it('writers read but may not choose (403 in French); CSRF and foreign Origin refused', async () => {
    const current = await read('author');
    for (const role of ['contributor', 'author'] as const) {
      expect(await errorOf(await save({ ids: [], version: current.version }, role), 403)).toMatch(/best-of/);
    }
    await errorOf(
      await request('PUT', '/api/admin/bestof', { as: { ...signed('editor'), csrf: 'faux' }, body: { ids: [], version: current.version } }),
      403,
    );
    await errorOf(await save({ ids: [], version: current.version }, 'editor', { origin: 'https://evil.example' }), 403);
    expect((await read()).version).toBe(current.version);
  });

  it.each([
    ['an unknown article', (v: string) => ({ ids: [2_000_000_000], version: v }), /n’est pas publié/],
    ['the same article twice', (v: string) => ({ ids: [1, 1], version: v }), null],
    ['too many articles', (v: string) => ({ ids: Array.from({ length: 17 }, (_, i) => i + 1), version: v }), null],
    ['a negative id', (v: string) => ({ ids: [-1], version: v }), null],
    ['ids as strings', (v: string) => ({ ids: ['1'], version: v }), null],
    ['HTML for a version', () => ({ ids: [], version: '<script>alert(1)</script>' }), /modifié la sélection/],
    ['an oversized version', () => ({ ids: [], version: 'x'.repeat(5000) }), null],
    ['a missing version', () => ({ ids: [] }), null],
    ['an extra field', (v: string) => ({ ids: [], version: v, rank: 1 }), null],
    ['not JSON', () => '{"ids":', null],
  ])('refuses %s in French, writing nothing', async (_what, body, message) => {
    const before = await read();
    const response = await save(body(before.version));
    const text = await errorOf(response, message?.source.includes('modifié') ? 409 : 400);
    if (message) expect(text).toMatch(message);
    expect(await read()).toEqual(before);
  });
});
