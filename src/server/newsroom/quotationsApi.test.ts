/**
 * The footer's quotations in the newsroom (issue 19), on PGlite and PostgreSQL (TEST_DATABASE_URL): written
 * through the shared editorial workflow (drafts, versions and 409, publish / schedule / unpublish, revisions
 * and restore), hostile input refused in French with nothing written, and GET /api/quotations answering
 * from the same rows: published only, in their order, at once after a change (the process's content data
 * is dropped with the pages). Who may call what: adminAuthorization.test.ts.
 */
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as contract from '../../api/generated/zod.ts';
import { quotations } from '../../db/schema.ts';
import { ORIGIN, useNewsroomApi } from '../../testing/newsroomApi.ts';
import { quotationDeclaration } from '../../formats/quotationFormat.ts';
import { formatCalls } from '../../testing/formatApi.ts';
import { testDatabaseKinds } from '../../testing/testDatabase.ts';
import { publishDueQuotations } from './quotations/quotationWorkflow.ts';

describe.each(testDatabaseKinds)('the footer’s quotations in the newsroom on %s', (kind) => {
  const api = useNewsroomApi(kind, { NEWSROOM_TEST_CLOCK: '1', NODE_ENV: 'test' });
  const { request, signed } = api;
  const { errorOf, create, save, status } = formatCalls(api, quotationDeclaration);

  async function footer() {
    const response = await request('GET', '/api/quotations');
    expect(response.status).toBe(200);
    return contract.ListQuotationsResponse.parse(await response.json()).results;
  }

  const quotationCount = async () => (await api.database().db.select({ n: count() }).from(quotations))[0]?.n ?? 0;

  it('lists the seeded quotations as published, in the footer’s order', async () => {
    const list = contract.ListAdminQuotationsResponse.parse(
      await (await request('GET', '/api/admin/quotations?limit=100', { as: signed('editor') })).json(),
    );
    expect(list.total).toBe(8);
    expect(list.results.every((q) => q.status === 'published' && q.version === 1)).toBe(true);
    expect(list.results.map((q) => q.text)).toEqual((await footer()).map((q) => q.text));
  });

  it('a draft is not in the footer; published it is (at its place), edited at once, unpublished it is gone', async () => {
    const before = await footer();
    const draft = await create({ text: '  Il faut toujours viser la lune.  ', author: 'Oscar Wilde', position: 0 });
    expect(draft).toMatchObject({ status: 'draft', version: 1, text: 'Il faut toujours viser la lune.', position: 0 });
    expect(await footer()).toEqual(before);
    const changes = api.changes();
    const published = await status(draft.id, draft.version, 'publish');
    expect(api.changes()).toBe(changes + 1);
    expect((await footer())[0]).toEqual({ id: draft.id, text: 'Il faut toujours viser la lune.', author: 'Oscar Wilde' });
    const edited = await save(draft.id, { text: 'Visez la lune.', author: 'Oscar Wilde', position: 0, version: published.version });
    expect(api.changes()).toBe(changes + 2);
    expect((await footer())[0]?.text).toBe('Visez la lune.');
    await status(draft.id, edited.version, 'unpublish');
    expect(await footer()).toEqual(before);
  });

  it('without a position, a new quotation comes after the others', async () => {
    const last = await create({ text: 'La dernière.', author: 'Personne' });
    const published = await status(last.id, last.version, 'publish');
    expect(published.position).toBeGreaterThan(0);
    expect((await footer()).at(-1)?.id).toBe(last.id);
  });

  it('refuses hostile or broken input in French, and writes nothing', async () => {
    const before = await quotationCount();
    const cases: [string, unknown, RegExp][] = [
      ['HTML in the text', { text: '<script>alert(1)</script>', author: 'X' }, /HTML/],
      ['HTML in the author', { text: 'Bien', author: '<b>Moi</b>' }, /HTML/],
      ['an entity', { text: 'Salut &#60;', author: 'X' }, /HTML/],
      ['javascript:', { text: 'javascript:alert(1)', author: 'X' }, /javascript/],
      ['a blank text', { text: '   ', author: 'X' }, /obligatoire/],
      ['a blank author', { text: 'Bien', author: '  ' }, /obligatoire/],
      ['an empty text', { text: '', author: 'X' }, /text/],
      ['a text too long', { text: 'x'.repeat(301), author: 'X' }, /text/],
      ['a negative position', { text: 'Bien', author: 'X', position: -1 }, /position/],
      ['a position as text', { text: 'Bien', author: 'X', position: 'premier' }, /position/],
      ['an unknown field', { text: 'Bien', author: 'X', couleur: 'rouge' }, /couleur/],
    ];
    for (const [what, body, message] of cases) {
      expect(await errorOf(await request('POST', '/api/admin/quotations', { as: signed('editor'), body }), 400), what).toMatch(message);
    }
    await errorOf(
      await request('POST', '/api/admin/quotations', { as: signed('editor'), body: { text: 'x'.repeat(600 * 1024), author: 'X' } }),
      413,
    );
    expect(await quotationCount()).toBe(before);
  });

  it('needs a session (401), the CSRF token (403), the site’s own Origin (403); a contributor cannot publish', async () => {
    const body = { text: 'Gardée', author: 'X' };
    await errorOf(await request('POST', '/api/admin/quotations', { body }), 401);
    const editor = signed('editor');
    expect(await errorOf(await request('POST', '/api/admin/quotations', { as: { ...editor, csrf: '' }, body }), 403)).toMatch(/jeton/i);
    await errorOf(await request('POST', '/api/admin/quotations', { as: editor, body, headers: { origin: 'https://evil.example' } }), 403);
    expect((await request('POST', '/api/admin/quotations', { as: editor, body, headers: { origin: ORIGIN } })).status).toBe(201);
    const mine = await create({ text: 'De la contributrice', author: 'X' }, signed('contributor'));
    const refusedPublish = await request('POST', `/api/admin/quotations/${mine.id}/status`, {
      as: signed('contributor'),
      body: { action: 'publish', version: mine.version },
    });
    expect(await errorOf(refusedPublish, 403)).toMatch(
      /^Votre rôle \(contributeur\) ne permet pas de publier, programmer ou dépublier cette citation\.$/,
    );
    expect(await errorOf(await request('GET', '/api/admin/quotations/999999', { as: editor }), 404)).toBe(
      'Cette citation est introuvable.',
    );
  });

  it('an outdated version is a 409 naming who saved, nothing overwritten', async () => {
    const quotation = await create({ text: 'Disputée', author: 'X' });
    await save(quotation.id, { text: 'Version A', author: 'X', version: 1 });
    const late = await request('PUT', `/api/admin/quotations/${quotation.id}`, {
      as: signed('admin'),
      body: { text: 'Version B', author: 'X', version: 1 },
    });
    expect(late.status).toBe(409);
    const conflict = contract.VersionConflict.parse(await late.json());
    expect(conflict.message).toMatch(/^Compte editor a modifié cette citation à \d\d h \d\d \(version 2\)/);
    const [row] = await api.database().db.select().from(quotations).where(eq(quotations.id, quotation.id));
    expect(row).toMatchObject({ text: 'Version A', version: 2 });
  });

  it('scheduled, it joins the footer once the scheduler has published it', async () => {
    const draft = await create({ text: 'Programmée.', author: 'X' });
    const at = new Date(api.clock.now().getTime() + 3600_000);
    await status(draft.id, draft.version, 'schedule', { scheduledAt: at.toISOString() });
    expect((await footer()).some((q) => q.id === draft.id)).toBe(false);
    expect(await publishDueQuotations(api.database().db, new Date(at.getTime() + 1000))).toEqual([draft.id]);
    expect((await footer()).some((q) => q.id === draft.id)).toBe(true);
  });

  it('lists revisions with their changes and restores one as a new version', async () => {
    const quotation = await create({ text: 'Première version.', author: 'X' });
    const saved = await save(quotation.id, { text: 'Seconde version.', author: 'Y', version: 1 });
    const revisions = contract.ListQuotationRevisionsResponse.parse(
      await (await request('GET', `/api/admin/quotations/${quotation.id}/revisions`, { as: signed('editor') })).json(),
    ).results;
    expect(revisions.map((r) => r.version)).toEqual([2, 1]);
    expect(revisions[0]?.changes.map((c) => c.field)).toEqual(['Citation', 'Auteur ou autrice']);
    const restored = await request('POST', `/api/admin/quotations/${quotation.id}/revisions/${revisions[1]?.id}/restore`, {
      as: signed('editor'),
      body: { version: saved.version },
    });
    expect(restored.status).toBe(200);
    expect(contract.RestoreQuotationRevisionResponse.parse(await restored.json())).toMatchObject({
      version: 3,
      text: 'Première version.',
      author: 'X',
    });
  });
});
