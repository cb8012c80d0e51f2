/**
 * Mosaics in the newsroom (issue 19), on PGlite and PostgreSQL (TEST_DATABASE_URL): written through the
 * shared editorial workflow (drafts, versions and 409, publish / schedule / unpublish, revisions and
 * restore), hostile input refused in French with nothing written, and the readers' API answering from the
 * same rows: published mosaics only, the demo seed still there. Every answer is parsed with the contract's
 * schemas. Who may call what is in adminAuthorization.test.ts.
 */
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as contract from '../../api/generated/zod.ts';
import { mosaicRevisions, mosaics } from '../../db/schema.ts';
import { mosaicDraftBody } from '../../testing/mosaicContestFixtures.ts';
import { ORIGIN, useNewsroomApi } from '../../testing/newsroomApi.ts';
import { mosaicDeclaration } from '../../formats/mosaicFormat.ts';
import { formatCalls } from '../../testing/formatApi.ts';
import { testDatabaseKinds } from '../../testing/testDatabase.ts';
import { publishDueMosaics } from './mosaics/mosaicWorkflow.ts';

describe.each(testDatabaseKinds)('mosaics in the newsroom on %s', (kind) => {
  const api = useNewsroomApi(kind, { NEWSROOM_TEST_CLOCK: '1', NODE_ENV: 'test' });
  const { request, signed } = api;
  const { errorOf, create, save, status, adminList } = formatCalls(api, mosaicDeclaration);

  async function readerMosaics() {
    const response = await request('GET', '/api/mosaics?limit=100');
    expect(response.status).toBe(200);
    return contract.ListMosaicsResponse.parse(await response.json()).results;
  }

  const rowCount = async () => (await api.database().db.select({ n: count() }).from(mosaics))[0]?.n ?? 0;

  it('the seeded mosaics are listed as published, version 1, and readers still get them', async () => {
    const list = await adminList();
    const seeded = list.results.filter((m) => m.createdById === null);
    expect(seeded.length).toBeGreaterThan(3);
    expect(seeded.every((m) => m.status === 'published' && m.version === 1)).toBe(true);
    expect((await readerMosaics()).map((m) => m.id).sort()).toEqual(seeded.map((m) => m.id).sort());
  });

  it('a draft stays hidden; published, readers get it first with its images; unpublished, it leaves; pages purged', async () => {
    const draft = await create(mosaicDraftBody('  Looks de plage  '));
    expect(draft).toMatchObject({ title: 'Looks de plage', url: 'looks-de-plage', status: 'draft', version: 1, publishedAt: null });
    expect((await readerMosaics()).some((m) => m.id === draft.id)).toBe(false);
    expect((await request('GET', `/api/mosaic/${draft.url}`)).status).toBe(404);
    const changesBefore = api.changes();
    const published = await status(draft.id, draft.version, 'publish');
    expect(published).toMatchObject({ status: 'published', version: 2 });
    expect(api.changes()).toBe(changesBefore + 1);
    expect((await readerMosaics())[0]).toMatchObject({ id: draft.id, imageCount: 2 });
    const detail = contract.GetMosaicResponse.parse(await (await request('GET', `/api/mosaic/${draft.url}`)).json());
    expect(detail.result.images).toEqual(mosaicDraftBody('x').images);
    const body = mosaicDraftBody('Looks de plage');
    await save(draft.id, { ...body, images: body.images.slice(0, 1), version: published.version });
    expect(api.changes()).toBe(changesBefore + 2);
    expect((await readerMosaics()).find((m) => m.id === draft.id)?.imageCount).toBe(1);
    await status(draft.id, 3, 'unpublish');
    expect((await readerMosaics()).some((m) => m.id === draft.id)).toBe(false);
    expect(api.changes()).toBe(changesBefore + 3);
  });

  it('refuses hostile or absurd input in French, and writes nothing', async () => {
    const before = await rowCount();
    const base = mosaicDraftBody('Hostile');
    const [one, two] = base.images;
    if (!one || !two) throw new Error('fixture');
    const cases: [string, unknown, RegExp][] = [
      ['HTML in the title', { ...base, title: '<img src=x onerror=alert(1)>' }, /HTML/],
      ['HTML in the description', { ...base, description: 'Joli <script>alert(1)</script>' }, /HTML/],
      ['javascript: in the description', { ...base, description: 'javascript:alert(1)' }, /javascript/],
      ['HTML in a caption', { ...base, images: [one, { ...two, caption: '<b>x</b>' }] }, /Légende de l'image 2.*HTML/],
      ['an entity in a credit', { ...base, images: [{ ...one, credit: '&lt;script&gt;' }] }, /Crédit de l'image 1.*HTML/],
      ['HTML in an alt text', { ...base, images: [{ ...one, image: { ...one.image, alt: '<i>x</i>' } }] }, /HTML/],
      ['an image without alt', { ...base, images: [{ ...one, image: { ...one.image, alt: ' ' } }] }, /alternatif/],
      ['a cover without alt', { ...base, cover: { ...base.cover, alt: '' } }, /alternatif/],
      ['an image from elsewhere', { ...base, cover: { ...base.cover, url: 'https://evil.example/x.png' } }, /url|médiathèque/],
      ['a javascript: image', { ...base, images: [{ ...one, image: { ...one.image, url: 'javascript:alert(1)' } }] }, /url|médiathèque/],
      ['no image', { ...base, images: [] }, /images/],
      ['too many images', { ...base, images: Array(61).fill(one) }, /images/],
      ['a caption too long', { ...base, images: [{ ...one, caption: 'x'.repeat(501) }] }, /caption/],
      ['a blank title', { ...base, title: '  ' }, /titre/i],
      [
        'a control character in a credit',
        { ...base, images: [{ ...one, credit: 'Pi\u001bquante' }] },
        /« images.0.credit » contient un caractère de contrôle/,
      ],
      ['a bad address', { ...base, slug: '../etc' }, /slug/],
      ['an unknown field', { ...base, couleur: 'rouge' }, /couleur/],
    ];
    for (const [what, body, message] of cases) {
      const response = await request('POST', '/api/admin/mosaics', { as: signed('editor'), body });
      expect(await errorOf(response, 400), what).toMatch(message);
    }
    await errorOf(
      await request('POST', '/api/admin/mosaics', { as: signed('editor'), body: { ...base, description: 'x'.repeat(600 * 1024) } }),
      413,
    );
    expect(await rowCount()).toBe(before);
  });

  it('needs a session (401), the CSRF token (403) and the site’s own Origin (403); an address taken is a 409', async () => {
    const body = mosaicDraftBody('Gardée');
    await errorOf(await request('POST', '/api/admin/mosaics', { body }), 401);
    const editor = signed('editor');
    expect(await errorOf(await request('POST', '/api/admin/mosaics', { as: { ...editor, csrf: '' }, body }), 403)).toMatch(/jeton/i);
    await errorOf(await request('POST', '/api/admin/mosaics', { as: editor, body, headers: { origin: 'https://evil.example' } }), 403);
    const item = await create(body);
    expect((await request('POST', '/api/admin/mosaics', { as: editor, body, headers: { origin: ORIGIN } })).status).toBe(201);
    const taken = await request('POST', '/api/admin/mosaics', { as: editor, body: { ...body, slug: item.url } });
    expect(await errorOf(taken, 409)).toBe("L'adresse « gardee » est déjà prise par une autre mosaïque.");
  });

  it('a contributor cannot publish (a French 403); a stale version is a 409 naming who; one of 20 racing saves is written', async () => {
    const mine = await create(mosaicDraftBody('De la contributrice'), signed('contributor'));
    const refused = await request('POST', `/api/admin/mosaics/${mine.id}/status`, {
      as: signed('contributor'),
      body: { action: 'publish', version: mine.version },
    });
    expect(await errorOf(refused, 403)).toBe('Votre rôle (contributeur) ne permet pas de publier, programmer ou dépublier cette mosaïque.');
    expect(await errorOf(await request('GET', '/api/admin/mosaics/999999', { as: signed('editor') }), 404)).toBe(
      'Cette mosaïque est introuvable.',
    );
    const item = await create(mosaicDraftBody('Disputée'));
    await save(item.id, { ...mosaicDraftBody('Version A'), version: 1 });
    const late = await request('PUT', `/api/admin/mosaics/${item.id}`, {
      as: signed('admin'),
      body: { ...mosaicDraftBody('B'), version: 1 },
    });
    expect(contract.VersionConflict.parse(await late.json())).toMatchObject({ currentVersion: 2, changedBy: 'Compte editor' });
    const race = await create(mosaicDraftBody('Course'));
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        request('PUT', `/api/admin/mosaics/${race.id}`, { as: signed('editor'), body: { ...mosaicDraftBody(`Course ${i}`), version: 1 } }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, ...Array(19).fill(409)]);
    expect(await api.database().db.select({ n: count() }).from(mosaicRevisions).where(eq(mosaicRevisions.itemId, race.id))).toEqual([
      { n: 2 },
    ]);
  });

  it('scheduled, it shows once the scheduler has published it; revisions name the image changed, restore is a new version', async () => {
    const draft = await create(mosaicDraftBody('Programmée'));
    const at = new Date(api.clock.now().getTime() + 3600_000);
    await status(draft.id, draft.version, 'schedule', { scheduledAt: at.toISOString() });
    expect(await publishDueMosaics(api.database().db, new Date(at.getTime() - 1000))).toEqual([]);
    const run = await request('POST', '/api/admin/scheduler/run', { as: signed('editor'), body: { advanceSeconds: 3601 } });
    expect(run.status).toBe(200);
    expect((await readerMosaics()).some((m) => m.id === draft.id)).toBe(true);

    const body = mosaicDraftBody('Avec versions');
    const item = await create(body);
    const [one, two] = body.images;
    if (!one || !two) throw new Error('fixture');
    const saved = await save(item.id, { ...body, images: [one, { ...two, caption: 'Autre légende' }], version: 1 });
    const revisions = contract.ListMosaicRevisionsResponse.parse(
      await (await request('GET', `/api/admin/mosaics/${item.id}/revisions`, { as: signed('editor') })).json(),
    ).results;
    expect(revisions[0]?.changes).toEqual([expect.objectContaining({ field: 'Image 2' })]);
    const restored = await request('POST', `/api/admin/mosaics/${item.id}/revisions/${revisions[1]?.id}/restore`, {
      as: signed('editor'),
      body: { version: saved.version },
    });
    expect(contract.RestoreMosaicRevisionResponse.parse(await restored.json())).toMatchObject({ version: 3, images: body.images });
  });
});
