/**
 * Instagram posts in the newsroom (issue 19), on PGlite and PostgreSQL (TEST_DATABASE_URL): posts written
 * through the shared editorial workflow (drafts, versions and 409, publish / schedule / unpublish, revisions
 * and restore), hostile input refused in French with nothing written, and GET /api/instagram/{offset}
 * answering from the same rows: published posts only, newest first, a new post dated by its publication.
 * Every answer is parsed with the contract's schemas. Who may call what is in adminAuthorization.test.ts.
 */
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as contract from '../../api/generated/zod.ts';
import { instagramPostRevisions, instagramPosts } from '../../db/schema.ts';
import { instagramDraftBody } from '../../testing/instagramFixtures.ts';
import { ORIGIN, useNewsroomApi } from '../../testing/newsroomApi.ts';
import { instagramDeclaration } from '../../formats/instagramFormat.ts';
import { formatCalls } from '../../testing/formatApi.ts';
import { testDatabaseKinds } from '../../testing/testDatabase.ts';

describe.each(testDatabaseKinds)('Instagram posts in the newsroom on %s', (kind) => {
  const api = useNewsroomApi(kind, { NEWSROOM_TEST_CLOCK: '1', NODE_ENV: 'test' });
  const { request, signed } = api;
  const { errorOf, create, save, status } = formatCalls(api, instagramDeclaration);

  /** What readers get: the feed's first batch, as the page loads it. */
  async function readerFeed() {
    const response = await request('GET', '/api/instagram/0');
    expect(response.status).toBe(200);
    return contract.ListInstagramPostsResponse.parse(await response.json());
  }

  const postCount = async () => (await api.database().db.select({ n: count() }).from(instagramPosts))[0]?.n ?? 0;

  it('the seeded feed is listed as published posts, version 1, newest first as readers get it', async () => {
    const response = await request('GET', '/api/admin/instagram?limit=16', { as: signed('editor') });
    const list = contract.ListAdminInstagramPostsResponse.parse(await response.json());
    expect(list.total).toBeGreaterThan(3);
    expect(list.results.every((p) => p.status === 'published' && p.version === 1)).toBe(true);
    expect((await readerFeed()).map((p) => p.id)).toEqual(list.results.map((p) => p.id));
  });

  it('a draft stays hidden; published, it opens the feed dated by its publication; unpublished, it leaves', async () => {
    const draft = await create(
      instagramDraftBody('  Les coulisses du shooting de juin.\nÀ demain !  ', { link: 'https://www.instagram.com/p/CoulissesJuin1/' }),
    );
    expect(draft).toMatchObject({
      caption: 'Les coulisses du shooting de juin.\nÀ demain !',
      shortcode: 'CoulissesJuin1',
      status: 'draft',
      version: 1,
    });
    expect((await readerFeed()).some((p) => p.id === draft.id)).toBe(false);
    const changesBefore = api.changes();
    api.clock.advance(60);
    const published = await status(draft.id, draft.version, 'publish');
    expect(api.changes()).toBe(changesBefore + 1);
    expect(published.postedAt).toBe(published.publishedAt);
    const [first] = await readerFeed();
    expect(first).toEqual({
      id: draft.id,
      shortcode: 'CoulissesJuin1',
      caption: 'Les coulisses du shooting de juin.\nÀ demain !',
      image: instagramDraftBody('x').image,
      permalink: 'https://www.instagram.com/p/CoulissesJuin1/',
      postedAt: published.publishedAt,
      likes: 0,
    });
    const saved = await save(draft.id, { ...instagramDraftBody('Nouvelle légende'), link: published.link, version: published.version });
    expect(api.changes()).toBe(changesBefore + 2);
    expect((await readerFeed())[0]?.caption).toBe('Nouvelle légende');
    await status(draft.id, saved.version, 'unpublish');
    expect((await readerFeed()).some((p) => p.id === draft.id)).toBe(false);
  });

  it('refuses hostile input in French, and writes nothing', async () => {
    const before = await postCount();
    const base = instagramDraftBody('Hostile');
    const cases: [string, unknown, RegExp][] = [
      ['HTML in the caption', { ...base, caption: '<img src=x onerror=alert(1)>' }, /HTML/],
      ['an HTML entity', { ...base, caption: 'Salut &#60;script&#62;' }, /HTML/],
      ['HTML in the alt text', { ...base, image: { ...base.image, alt: '<b>x</b>' } }, /HTML/],
      ['a javascript: link', { ...base, link: 'javascript:alert(1)' }, /javascript/],
      ['a data: link', { ...base, link: 'data:text/html,<script>alert(1)</script>' }, /instagram/],
      ['a plain http link', { ...base, link: 'http://www.instagram.com/p/Abcdef/' }, /https/],
      ['another site', { ...base, link: 'https://evil.example/p/Abcdef/' }, /instagram/],
      ['a look-alike host', { ...base, link: 'https://instagram.com.evil.example/p/Abcdef/' }, /instagram/],
      ['a protocol-relative link', { ...base, link: '//www.instagram.com/p/Abcdef/' }, /instagram/],
      ['an image from elsewhere', { ...base, image: { ...base.image, url: 'https://evil.example/x.png' } }, /image/],
      ['a data: image', { ...base, image: { ...base.image, url: 'data:image/svg+xml,<svg onload=alert(1)>' } }, /image/],
      ['an image without alt', { ...base, image: { ...base.image, alt: ' ' } }, /alternatif/],
      ['a blank caption', { ...base, caption: '   ' }, /légende/i],
      ['a caption too long', { ...base, caption: 'x'.repeat(2201) }, /caption/],
      ['a caption as a number', { ...base, caption: 42 }, /caption/],
      ['an unknown field', { ...base, likes: 1000 }, /likes/],
    ];
    for (const [what, body, message] of cases) {
      const response = await request('POST', '/api/admin/instagram', { as: signed('editor'), body });
      expect(await errorOf(response, 400), what).toMatch(message);
    }
    await errorOf(
      await request('POST', '/api/admin/instagram', { as: signed('editor'), body: { ...base, caption: 'x'.repeat(600 * 1024) } }),
      413,
    );
    await errorOf(await request('POST', '/api/admin/instagram', { as: signed('editor'), body: '{"caption":' }), 400);
    expect(await postCount()).toBe(before);
    const log = contract.ListAuditLogResponse.parse(
      await (await request('GET', '/api/admin/audit?limit=30', { as: signed('admin') })).json(),
    );
    const refusals = log.results.filter((e) => e.action === 'instagram.refused').map((e) => (e.detail as { field?: string }).field);
    expect(refusals).toEqual(expect.arrayContaining(['caption', 'link', 'image.alt']));
  });

  it('the same Instagram post twice is refused in French', async () => {
    const post = await create(instagramDraftBody('Une fois', { link: 'https://www.instagram.com/reel/UneSeuleFois/' }));
    const again = await request('POST', '/api/admin/instagram', {
      as: signed('editor'),
      body: instagramDraftBody('Deux fois', { link: 'https://instagram.com/reel/UneSeuleFois' }),
    });
    expect(await errorOf(again, 400)).toMatch(/déjà dans le fil/);
    // Its own link, saved again: not a clash with itself.
    await save(post.id, { ...instagramDraftBody('Une fois, relue'), link: post.link, version: post.version });
  });

  it('needs a session (401), the CSRF token (403) and the site’s own Origin (403); a contributor cannot publish', async () => {
    const body = instagramDraftBody('Gardé');
    await errorOf(await request('POST', '/api/admin/instagram', { body }), 401);
    await errorOf(await request('GET', '/api/admin/instagram'), 401);
    const editor = signed('editor');
    expect(await errorOf(await request('POST', '/api/admin/instagram', { as: { ...editor, csrf: '' }, body }), 403)).toMatch(/jeton/i);
    await errorOf(await request('POST', '/api/admin/instagram', { as: editor, body, headers: { origin: 'https://evil.example' } }), 403);
    expect((await request('POST', '/api/admin/instagram', { as: editor, body, headers: { origin: ORIGIN } })).status).toBe(201);
    const mine = await create(instagramDraftBody('De la contributrice'), signed('contributor'));
    const refused = await request('POST', `/api/admin/instagram/${mine.id}/status`, {
      as: signed('contributor'),
      body: { action: 'publish', version: mine.version },
    });
    expect(await errorOf(refused, 403)).toBe('Votre rôle (contributeur) ne permet pas de publier, programmer ou dépublier ce post.');
    expect(await errorOf(await request('GET', '/api/admin/instagram/999999', { as: editor }), 404)).toBe(
      'Ce post Instagram est introuvable.',
    );
  });

  it('two editors saving the same version: one wins, the other gets a 409; 10 concurrent saves write one', async () => {
    const post = await create(instagramDraftBody('Disputé'));
    await save(post.id, { ...instagramDraftBody('Version A'), link: post.link, version: 1 });
    const late = await request('PUT', `/api/admin/instagram/${post.id}`, {
      as: signed('admin'),
      body: { ...instagramDraftBody('Version B'), link: post.link, version: 1 },
    });
    expect(late.status).toBe(409);
    expect(contract.VersionConflict.parse(await late.json()).message).toMatch(
      /^Compte editor a modifié ce post à \d\d h \d\d \(version 2\)/,
    );
    const other = await create(instagramDraftBody('Course'));
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        request('PUT', `/api/admin/instagram/${other.id}`, {
          as: signed('editor'),
          body: { ...instagramDraftBody(`Course ${i}`), link: other.link, version: 1 },
        }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    expect(
      await api.database().db.select({ n: count() }).from(instagramPostRevisions).where(eq(instagramPostRevisions.itemId, other.id)),
    ).toEqual([{ n: 2 }]);
  });

  it('a scheduled post is published by the scheduler, dated by its scheduled time; revisions restore', async () => {
    const draft = await create(instagramDraftBody('Programmé'));
    const at = new Date(api.clock.now().getTime() + 3600_000);
    await status(draft.id, draft.version, 'schedule', { scheduledAt: at.toISOString() });
    expect((await readerFeed()).some((p) => p.id === draft.id)).toBe(false);
    const run = await request('POST', '/api/admin/scheduler/run', { as: signed('editor'), body: { advanceSeconds: 3601 } });
    expect(run.status).toBe(200);
    const [row] = await api.database().db.select().from(instagramPosts).where(eq(instagramPosts.id, draft.id));
    expect(row).toMatchObject({ status: 'published', publishedAt: at, postedAt: at });
    expect((await readerFeed()).some((p) => p.id === draft.id)).toBe(true);

    const saved = await save(draft.id, { ...instagramDraftBody('Programmé, relu'), link: draft.link, version: row?.version ?? 0 });
    const revisions = contract.ListInstagramPostRevisionsResponse.parse(
      await (await request('GET', `/api/admin/instagram/${draft.id}/revisions`, { as: signed('editor') })).json(),
    ).results;
    expect(revisions[0]?.changes).toEqual([{ field: 'Légende', before: 'Programmé', after: 'Programmé, relu' }]);
    const first = revisions.at(-1)?.id ?? 0;
    const restored = await request('POST', `/api/admin/instagram/${draft.id}/revisions/${first}/restore`, {
      as: signed('editor'),
      body: { version: saved.version },
    });
    expect(restored.status).toBe(200);
    expect(contract.RestoreInstagramPostRevisionResponse.parse(await restored.json())).toMatchObject({
      caption: 'Programmé',
      status: 'published',
    });
  });
});
