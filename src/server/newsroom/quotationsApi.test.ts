/**
 * The footer's quotations in the newsroom (issue 19) against the contract, on PGlite and PostgreSQL
 * (TEST_DATABASE_URL): editors write, order and set aside quotations; GET /api/quotations (the typewriter's)
 * follows at once with the active ones; a stale version is a 409; hostile input is a French 400, nothing written.
 */
import { describe, expect, it } from 'vitest';
import * as contract from '../../api/generated/zod.ts';
import { useNewsroomApi } from '../../testing/newsroomApi.ts';
import { testDatabaseKinds } from '../../testing/testDatabase.ts';

describe.each(testDatabaseKinds)('quotations API on %s', (kind) => {
  const api = useNewsroomApi(kind);
  const { request, signed } = api;

  async function errorOf(response: Response, code: number): Promise<string> {
    expect(response.status).toBe(code);
    const body = contract.ErrorResponse.parse(await response.json());
    expect(body.message).toMatch(/[éèàù’]|\b(la|le|de|une|est|ce)\b/);
    return body.message;
  }

  const read = async () =>
    contract.GetAdminQuotationsResponse.parse(await (await request('GET', '/api/admin/quotations', { as: signed('author') })).json());
  const save = (body: unknown, role: 'editor' | 'admin' | 'author' | 'contributor' = 'editor', headers: Record<string, string> = {}) =>
    request('PUT', '/api/admin/quotations', { as: signed(role), body, headers });
  const typewriter = async () =>
    ((await (await request('GET', '/api/quotations')).json()) as { results: { id: number; text: string }[] }).results;

  it('an editor edits, adds, sets aside, reorders and removes; the typewriter shows the active ones at once', async () => {
    const before = await read();
    expect(before.quotations.length).toBeGreaterThan(2);
    const [first, second, third, ...rest] = before.quotations;
    if (!first || !second || !third) throw new Error('the demo has too few quotations');
    const changes = api.changes();
    const body = {
      version: before.version,
      quotations: [
        { ...third, text: `  ${third.text}   (revue)  ` },
        { text: 'Une citation neuve, écrite par la rédaction.', author: 'La rédaction', active: true },
        { ...first, active: false },
        ...rest,
      ],
    };
    const saved = await save(body);
    expect(saved.status, await saved.clone().text()).toBe(200);
    const after = contract.SaveAdminQuotationsResponse.parse(await saved.json());
    expect(after.quotations[0]).toEqual({ ...third, text: `${third.text} (revue)` });
    expect(after.quotations[1]).toMatchObject({
      text: 'Une citation neuve, écrite par la rédaction.',
      author: 'La rédaction',
      active: true,
    });
    expect(after.quotations[2]).toEqual({ ...first, active: false });
    expect(after.quotations.some((q) => q.id === second.id)).toBe(false);
    expect(api.changes()).toBe(changes + 1);
    const shown = await typewriter();
    expect(shown.map((q) => q.id)).toEqual(after.quotations.filter((q) => q.active).map((q) => q.id));
    expect(shown.some((q) => q.id === first.id)).toBe(false);
    const audit = contract.ListAuditLogResponse.parse(
      await (await request('GET', '/api/admin/audit?limit=1', { as: signed('admin') })).json(),
    );
    expect(audit.results[0]).toMatchObject({ action: 'quotations.save' });
  });

  it('a save based on a list someone changed since is a 409; two at once: one is written', async () => {
    const stale = await read();
    expect((await save({ version: stale.version, quotations: stale.quotations.slice(1) })).status).toBe(200);
    expect(await errorOf(await save({ version: stale.version, quotations: stale.quotations }), 409)).toMatch(/modifié les citations/);
    const current = await read();
    const answers = await Promise.all([
      save({ version: current.version, quotations: current.quotations.slice(1) }),
      save({ version: current.version, quotations: current.quotations.slice(2) }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it('writers read but may not write (403 in French); CSRF and foreign Origin refused', async () => {
    const current = await read();
    for (const role of ['contributor', 'author'] as const) {
      expect(await errorOf(await save(current, role), 403)).toMatch(/citations/);
    }
    await errorOf(await request('PUT', '/api/admin/quotations', { as: { ...signed('editor'), csrf: 'faux' }, body: current }), 403);
    await errorOf(await save(current, 'editor', { origin: 'https://evil.example' }), 403);
    expect(await read()).toEqual(current);
  });

  const one = (q: Record<string, unknown>) => ({ text: 'Une phrase.', author: 'Une autrice', active: true, ...q });
  it.each([
    ['markup in a text', [one({ text: '<script>alert(1)</script>' })], /balisage/],
    ['markup in an author', [one({ author: '<b>Coco</b>' })], /balisage/],
    ['an empty text', [one({ text: '   ' })], /vide/],
    ['an oversized text', [one({ text: 'x'.repeat(301) })], /300 caractères/],
    ['a text beyond the contract', [one({ text: 'x'.repeat(5000) })], null],
    ['an unknown id', [one({ id: 2_000_000_000 })], /n’existe plus/],
    ['the same id twice', [one({ id: 1 }), one({ id: 1 })], /deux fois/],
    ['too many quotations', Array.from({ length: 51 }, () => one({})), null],
    ['a string for active', [one({ active: 'oui' })], null],
    ['an extra field', [one({ position: 3 })], null],
  ])('refuses %s in French, writing nothing', async (_what, quotations, message) => {
    const before = await read();
    const text = await errorOf(await save({ version: before.version, quotations }), 400);
    if (message) expect(text).toMatch(message);
    expect(await read()).toEqual(before);
  });
});
