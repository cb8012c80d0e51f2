/**
 * Control characters through the API (issue 34, part 4), on PGlite and PostgreSQL (TEST_DATABASE_URL): a
 * NUL byte in a text reached PostgreSQL and came back as a 500 with the SQL in the log; a right-to-left
 * override was stored as typed. Each is now a 400 naming the field, in the contract's error shape, with
 * nothing written. The same rule on every operation: contractFuzz.test.ts.
 */
import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as contract from '../../api/generated/zod.ts';
import { quotations, staff } from '../../db/schema.ts';
import { generatorDraftBody } from '../../testing/generatorFixtures.ts';
import { useNewsroomApi } from '../../testing/newsroomApi.ts';
import { testDatabaseKinds } from '../../testing/testDatabase.ts';

describe.each(testDatabaseKinds)('control characters in the newsroom’s input on %s', (kind) => {
  const api = useNewsroomApi(kind);
  const { request, signed } = api;

  async function refused(response: Response, field: string) {
    const text = await response.text();
    expect(response.status, text).toBe(400);
    const body = contract.ErrorResponse.parse(JSON.parse(text));
    expect(body.message).toBe(`Le champ « ${field} » contient un caractère de contrôle interdit.`);
    expect(body.fields?.[field]).toBe(body.message);
  }

  it('a NUL in the sign-in address is a 400, not a database error', async () => {
    const response = await request('POST', '/api/admin/session', {
      body: { email: 'a\u0000b@test.local', password: 'un mot de passe assez long' },
      headers: { 'x-test-ip': '10.9.9.9' },
    });
    await refused(response, 'email');
  });

  it.each([
    ['NUL', '\u0000'],
    ['ESC', '\u001b'],
    ['right-to-left override', '\u202e'],
    ['left-to-right isolate', '\u2066'],
  ])('a quotation with a %s in its text or author is refused, nothing written', async (_name, c) => {
    const before = (await api.database().db.select({ n: count() }).from(quotations))[0]?.n;
    await refused(
      await request('POST', '/api/admin/quotations', { as: signed('editor'), body: { text: `Vise${c} la lune.`, author: 'Oscar' } }),
      'text',
    );
    await refused(
      await request('POST', '/api/admin/quotations', { as: signed('editor'), body: { text: 'Vise la lune.', author: `Osc${c}ar` } }),
      'author',
    );
    expect((await api.database().db.select({ n: count() }).from(quotations))[0]?.n).toBe(before);
  });

  it('a generator’s title and a reply with a NUL are refused with the field’s path', async () => {
    await refused(
      await request('POST', '/api/admin/generators', { as: signed('author'), body: generatorDraftBody('Ti\u0000tre') }),
      'title',
    );
    const body = generatorDraftBody('Titre', { replies: [{ text: 'Une.' }, { text: 'De\u0000ux.' }] });
    await refused(await request('POST', '/api/admin/generators', { as: signed('author'), body }), 'replies.1.text');
  });

  it('a staff name with a NUL is refused, no account created', async () => {
    const before = (await api.database().db.select({ n: count() }).from(staff))[0]?.n;
    const response = await request('POST', '/api/admin/staff', {
      as: signed('admin'),
      body: { email: 'nouvelle@piquante.test', name: 'No\u0000uvelle', role: 'author', password: 'un mot de passe assez long' },
    });
    await refused(response, 'name');
    expect((await api.database().db.select({ n: count() }).from(staff))[0]?.n).toBe(before);
  });

  it('a query parameter with a NUL is refused the same way', async () => {
    const response = await request('GET', `/api/admin/media?q=${encodeURIComponent('robe\u0000')}`, { as: signed('editor') });
    await refused(response, 'q');
  });
});
