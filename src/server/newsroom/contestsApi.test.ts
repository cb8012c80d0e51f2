/**
 * Contests in the newsroom (issue 19), on PGlite and PostgreSQL (TEST_DATABASE_URL): written through the
 * shared editorial workflow (drafts, versions and 409, publish / schedule / unpublish, revisions and
 * restore), hostile input refused in French with nothing written, and the readers' API answering from the
 * same rows: published contests only, the demo seed still there, a closed contest said closed. Every answer
 * is parsed with the contract's schemas. Who may call what is in adminAuthorization.test.ts.
 */
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as contract from '../../api/generated/zod.ts';
import { formatContests } from '../../db/schema.ts';
import { contestDraftBody } from '../../testing/mosaicContestFixtures.ts';
import { useNewsroomApi } from '../../testing/newsroomApi.ts';
import { contestDeclaration } from '../../formats/contestFormat.ts';
import { formatCalls } from '../../testing/formatApi.ts';
import { itFollowsTheEditorialRules } from '../../testing/editorialFormatSuite.ts';
import { testDatabaseKinds } from '../../testing/testDatabase.ts';
import { publishDueContests } from './contests/contestWorkflow.ts';

describe.each(testDatabaseKinds)('contests in the newsroom on %s', (kind) => {
  const api = useNewsroomApi(kind, { NEWSROOM_TEST_CLOCK: '1', NODE_ENV: 'test' });
  const { request, signed } = api;
  const { errorOf, create, save, status, adminList } = formatCalls(api, contestDeclaration);

  async function readerContests() {
    const response = await request('GET', '/api/format-contests?limit=100');
    expect(response.status).toBe(200);
    return contract.ListFormatContestsResponse.parse(await response.json()).results;
  }

  const rowCount = async () => (await api.database().db.select({ n: count() }).from(formatContests))[0]?.n ?? 0;

  itFollowsTheEditorialRules(api, contestDeclaration, {
    draft: (name) => contestDraftBody(name),
    nameField: 'title',
    thisItem: 'ce concours',
    notFound: 'Ce concours est introuvable.',
  });

  it('the seeded contests are listed as published, version 1, and readers still get them', async () => {
    const list = await adminList();
    const seeded = list.results.filter((c) => c.createdById === null);
    expect(seeded.length).toBeGreaterThan(3);
    expect(seeded.every((c) => c.status === 'published' && c.version === 1)).toBe(true);
    const readers = await readerContests();
    expect(readers.map((c) => c.id).sort()).toEqual(seeded.map((c) => c.id).sort());
  });

  it('a draft stays hidden; published, readers get it at its address; unpublished, it leaves; pages purged', async () => {
    const draft = await create(contestDraftBody('  Gagnez un vélo  ', { description: '  Un vélo de ville.  ' }));
    expect(draft).toMatchObject({ title: 'Gagnez un vélo', url: 'gagnez-un-velo', status: 'draft', version: 1, publishedAt: null });
    expect(draft.state).toBe('open');
    expect((await readerContests()).some((c) => c.id === draft.id)).toBe(false);
    expect((await request('GET', `/api/format-contests/${draft.url}`)).status).toBe(404);
    const changesBefore = api.changes();
    const published = await status(draft.id, draft.version, 'publish');
    expect(published).toMatchObject({ status: 'published', version: 2 });
    expect(api.changes()).toBe(changesBefore + 1);
    const detail = contract.GetFormatContestResponse.parse(await (await request('GET', `/api/format-contests/${draft.url}`)).json());
    expect(detail).toMatchObject({ id: draft.id, title: 'Gagnez un vélo', description: 'Un vélo de ville.', status: 'open' });
    // A published contest saved: live at once, the pages purged.
    await save(draft.id, { ...contestDraftBody('Gagnez un vélo'), prize: 'Un vélo électrique', version: published.version });
    expect(api.changes()).toBe(changesBefore + 2);
    expect((await readerContests()).find((c) => c.id === draft.id)?.prize).toBe('Un vélo électrique');
    await status(draft.id, 3, 'unpublish');
    expect((await readerContests()).some((c) => c.id === draft.id)).toBe(false);
    expect(api.changes()).toBe(changesBefore + 3);
  });

  it('a contest that closed yesterday is published as closed', async () => {
    const now = api.clock.now();
    const item = await create(contestDraftBody('Concours d’hier', {}, { now, startDays: -10, endDays: -1 }));
    expect(item.state).toBe('closed');
    await status(item.id, item.version, 'publish');
    const detail = contract.GetFormatContestResponse.parse(await (await request('GET', `/api/format-contests/${item.url}`)).json());
    expect(detail.status).toBe('closed');
  });

  it('refuses hostile or absurd input in French, and writes nothing', async () => {
    const before = await rowCount();
    const base = contestDraftBody('Hostile');
    const cases: [string, unknown, RegExp][] = [
      ['HTML in the title', { ...base, title: '<img src=x onerror=alert(1)>' }, /HTML/],
      ['HTML in the description', { ...base, description: 'Joli <script>alert(1)</script>' }, /HTML/],
      ['an HTML entity in the prize', { ...base, prize: 'Un sac &#60;b&#62;' }, /HTML/],
      ['HTML in a rule', { ...base, rules: ['ok', '<a href="javascript:alert(1)">clic</a>'] }, /Article 2 du règlement.*HTML/],
      ['javascript: in a rule', { ...base, rules: ['Voir javascript:alert(1)'] }, /javascript/],
      ['javascript: in the description', { ...base, description: 'JaVaScRiPt:alert(1)' }, /javascript/],
      ['HTML in the alt text', { ...base, image: { ...base.image, alt: '<b>x</b>' } }, /HTML/],
      ['an image from elsewhere', { ...base, image: { ...base.image, url: 'https://evil.example/x.png' } }, /url|médiathèque/],
      ['a javascript: image', { ...base, image: { ...base.image, url: 'javascript:alert(1)' } }, /url|médiathèque/],
      ['an image without alt', { ...base, image: { ...base.image, alt: '  ' } }, /alternatif/],
      ['closing before opening', { ...base, startsAt: '2026-12-10T00:00:00Z', endsAt: '2026-12-01T00:00:00Z' }, /après son ouverture/],
      ['closing at the opening', { ...base, startsAt: '2026-12-10T00:00:00Z', endsAt: '2026-12-10T00:00:00Z' }, /après son ouverture/],
      ['a date that is not one', { ...base, endsAt: 'demain' }, /endsAt|clôture/],
      ['a control character in the title', { ...base, title: 'Gagnez\u0007' }, /« title » contient un caractère de contrôle/],
      ['a blank title', { ...base, title: '   ' }, /titre/i],
      ['a blank prize', { ...base, prize: ' ' }, /lot/i],
      ['a title too long', { ...base, title: 'x'.repeat(201) }, /title/],
      ['too many rules', { ...base, rules: Array(31).fill('Une règle.') }, /rules/],
      ['rules as text', { ...base, rules: 'Une règle' }, /rules/],
      ['a bad address', { ...base, slug: 'Pas Une Adresse' }, /slug/],
      ['an unknown field', { ...base, couleur: 'rouge' }, /couleur/],
    ];
    for (const [what, body, message] of cases) {
      const response = await request('POST', '/api/admin/contests', { as: signed('editor'), body });
      expect(await errorOf(response, 400), what).toMatch(message);
    }
    await errorOf(
      await request('POST', '/api/admin/contests', { as: signed('editor'), body: { ...base, description: 'x'.repeat(600 * 1024) } }),
      413,
    );
    await errorOf(await request('POST', '/api/admin/contests', { as: signed('editor'), body: '{"title":' }), 400);
    expect(await rowCount()).toBe(before);
    const log = contract.ListAuditLogResponse.parse(
      await (await request('GET', '/api/admin/audit?limit=50', { as: signed('admin') })).json(),
    );
    const refusals = log.results.filter((e) => e.action === 'contest.refused').map((e) => (e.detail as { field?: string }).field);
    expect(refusals).toEqual(expect.arrayContaining(['title', 'description', 'prize', 'rules.1']));
  });

  it('refuses the same on a save (closing before opening), and keeps the contest as it was', async () => {
    const item = await create(contestDraftBody('Intact'));
    const response = await request('PUT', `/api/admin/contests/${item.id}`, {
      as: signed('editor'),
      body: { ...contestDraftBody('Intact'), startsAt: item.endsAt, endsAt: item.startsAt, version: item.version },
    });
    expect(await errorOf(response, 400)).toBe('La clôture du concours doit être après son ouverture.');
    const [row] = await api.database().db.select().from(formatContests).where(eq(formatContests.id, item.id));
    expect(row).toMatchObject({ version: 1, startsAt: new Date(item.startsAt), endsAt: new Date(item.endsAt) });
  });

  it('an address already taken is a French 409', async () => {
    const first = await create(contestDraftBody('Adresse prise', { slug: 'adresse-prise' }));
    const again = await request('POST', '/api/admin/contests', {
      as: signed('editor'),
      body: contestDraftBody('Autre', { slug: first.url }),
    });
    expect(await errorOf(again, 409)).toBe("L'adresse « adresse-prise » est déjà prise par un autre concours.");
    // Without an address, the title's gets a number.
    expect((await create(contestDraftBody('Adresse prise'))).url).toBe('adresse-prise-2');
  });

  it('a scheduled contest shows once the scheduler has published it', async () => {
    const draft = await create(contestDraftBody('Programmé'));
    const at = new Date(api.clock.now().getTime() + 3600_000);
    await status(draft.id, draft.version, 'schedule', { scheduledAt: at.toISOString() });
    expect(await publishDueContests(api.database().db, new Date(at.getTime() - 1000))).toEqual([]);
    const run = await request('POST', '/api/admin/scheduler/run', { as: signed('editor'), body: { advanceSeconds: 3601 } });
    expect(run.status).toBe(200);
    contract.RunSchedulerResponse.parse(await run.json());
    const [row] = await api.database().db.select().from(formatContests).where(eq(formatContests.id, draft.id));
    expect(row).toMatchObject({ status: 'published', scheduledAt: null, publishedAt: at });
    expect((await readerContests()).some((c) => c.id === draft.id)).toBe(true);
  });

  it('revisions: readable changes (rules article by article, dates), and a restore as a new version', async () => {
    const body = contestDraftBody('Avec versions');
    const item = await create(body);
    const saved = await save(item.id, { ...body, prize: 'Un sac', rules: [body.rules[0] ?? '', 'Deux participations.'], version: 1 });
    const listed = await request('GET', `/api/admin/contests/${item.id}/revisions`, { as: signed('editor') });
    const revisions = contract.ListContestRevisionsResponse.parse(await listed.json()).results;
    expect(revisions.map((r) => r.version)).toEqual([2, 1]);
    expect(revisions[0]?.changes).toEqual(
      expect.arrayContaining([
        { field: 'Lot', before: 'Un week-end pour deux personnes', after: 'Un sac' },
        expect.objectContaining({ field: expect.stringMatching(/^Règlement/), after: 'Deux participations.' }),
      ]),
    );
    const first = revisions[1]?.id ?? 0;
    expect(
      (await request('POST', `/api/admin/contests/${item.id}/revisions/${first}/restore`, { as: signed('editor'), body: { version: 1 } }))
        .status,
    ).toBe(409);
    const restored = await request('POST', `/api/admin/contests/${item.id}/revisions/${first}/restore`, {
      as: signed('editor'),
      body: { version: saved.version },
    });
    expect(restored.status).toBe(200);
    expect(contract.RestoreContestRevisionResponse.parse(await restored.json())).toMatchObject({
      version: 3,
      prize: 'Un week-end pour deux personnes',
    });
  });
});
