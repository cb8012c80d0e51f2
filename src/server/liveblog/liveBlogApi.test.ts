/**
 * « Direct » over HTTP (issue 33), on PGlite and PostgreSQL (TEST_DATABASE_URL): the newsroom opens a live
 * blog and posts; readers poll the cheap public GET (whole, then since a cursor; short Cache-Control, ETag
 * and 304); every write readers see purges the pages; bad input gets a French 4xx. Every answer is parsed
 * with the contract's schemas. Who may call what is in newsroom/adminAuthorization.test.ts.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appConfig } from '../../../app.config.ts';
import * as contract from '../../api/generated/zod.ts';
import { entryBody, liveBlogBody } from '../../testing/liveBlogFixtures.ts';
import { type Signed, useNewsroomApi } from '../../testing/newsroomApi.ts';
import { testDatabaseKinds } from '../../testing/testDatabase.ts';
import { liveBlogs } from '../../db/schema.ts';
import { contentChangeRoutesFromEnv } from '../config/contentChangeRoutes.ts';
import { PageCache } from '../http/pageCache.ts';
import { announceContentChanged, listenForContentChanges } from '../http/pageCacheInvalidation.ts';

describe.each(testDatabaseKinds)('live blogs over HTTP on %s', (kind) => {
  // Writes announce their change as the server's do (this process's listener purges what it keeps).
  const api = useNewsroomApi(
    kind,
    { NEWSROOM_TEST_CLOCK: '1', NODE_ENV: 'test' },
    { contentChanged: (tags) => announceContentChanged(contentChangeRoutesFromEnv({}), tags) },
  );
  const { request, signed } = api;
  let n = 0;

  async function errorOf(response: Response, code: number): Promise<string> {
    expect(response.status, await response.clone().text()).toBe(code);
    // A version conflict also says which version won and who saved it.
    const body = (code === 409 ? contract.VersionConflict : contract.ErrorResponse).parse(await response.json());
    expect(body.message.length).toBeGreaterThan(10);
    return body.message;
  }

  async function openBlog(as: Signed = signed('editor')) {
    const created = await request('POST', '/api/admin/live-blogs', { as, body: liveBlogBody(`Les Césars ${++n}`) });
    expect(created.status, await created.clone().text()).toBe(201);
    const blog = contract.CreateAdminLiveBlogResponse.parse(await created.json());
    expect(blog).toMatchObject({ status: 'draft', version: 1, publishedAt: null, coverageEndAt: null, entries: [] });
    const opened = await request('POST', `/api/admin/live-blogs/${blog.id}/status`, { as, body: { action: 'publish', version: 1 } });
    expect(opened.status, await opened.clone().text()).toBe(200);
    return contract.ChangeAdminLiveBlogStatusResponse.parse(await opened.json());
  }

  async function post(id: number, text: string, extra = {}) {
    const response = await request('POST', `/api/admin/live-blogs/${id}/entries`, { as: signed('editor'), body: entryBody(text, extra) });
    expect(response.status, await response.clone().text()).toBe(201);
    return contract.CreateLiveBlogEntryResponse.parse(await response.json());
  }

  const listedUrls = async () =>
    contract.ListLiveBlogsResponse.parse(await (await request('GET', '/api/directs')).json()).results.map((b) => b.url);

  async function poll(url: string, since?: number, headers: Record<string, string> = {}) {
    return request('GET', `/api/direct/${url}${since === undefined ? '' : `?since=${since}`}`, { headers });
  }

  it('a draft is not there for readers; opened, it is, with its coverage start; entries come newest first', async () => {
    const draft = await request('POST', '/api/admin/live-blogs', { as: signed('editor'), body: liveBlogBody('En préparation') });
    const draftBlog = contract.AdminLiveBlog.parse(await draft.json());
    expect(await errorOf(await poll(draftBlog.url), 404)).toMatch(/direct/);

    const blog = await openBlog();
    expect(blog.status).toBe('published');
    expect(blog.publishedAt).not.toBeNull();
    await post(blog.id, 'Le tapis rouge.');
    const second = await post(blog.id, 'Premier prix.', { quotation: { text: 'Merci !', source: 'La lauréate' } });
    const response = await poll(blog.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe(appConfig.apiCache.live);
    const body = contract.GetLiveBlogResponse.parse(await response.json());
    expect(body.liveBlog).toMatchObject({ title: blog.title, state: 'live', coverageEndAt: null, category: { slug: 'mode' } });
    expect(body.entries.map((e) => e.body[0]?.text)).toEqual(['Premier prix.', 'Le tapis rouge.']);
    expect(body.entries[0]).toMatchObject({ id: second.id, quotation: { text: 'Merci !', source: 'La lauréate' }, correctedAt: null });

    // The home's and the category's lists: live blogs being covered only.
    const listed = async (query = '') =>
      contract.ListLiveBlogsResponse.parse(await (await request('GET', `/api/directs${query}`)).json()).results.map((b) => b.url);
    expect(await listed()).toContain(blog.url);
    expect(await listed()).not.toContain(draftBlog.url);
    expect(await listed('?category=mode')).toContain(blog.url);
    expect(await listed('?category=beaute')).not.toContain(blog.url);
    expect(await errorOf(await request('GET', '/api/directs?category=inconnue'), 404)).toMatch(/rubrique/);
  });

  it('polling: nothing new since the cursor, then only the new entry; writes purge the pages', async () => {
    const blog = await openBlog();
    await post(blog.id, 'Un');
    const first = await poll(blog.url);
    const { version } = contract.GetLiveBlogResponse.parse(await first.json());
    expect(contract.GetLiveBlogResponse.parse(await (await poll(blog.url, version)).json()).entries).toEqual([]);

    const purges = api.changes();
    const two = await post(blog.id, 'Deux');
    expect(api.changes()).toBe(purges + 1);
    const since = contract.GetLiveBlogResponse.parse(await (await poll(blog.url, version)).json());
    expect(since.entries.map((e) => e.id)).toEqual([two.id]);
    expect(since.version).toBeGreaterThan(version);

    // Corrected, then deleted: pollers get the correction, then the removal.
    const corrected = await request('PUT', `/api/admin/live-blogs/${blog.id}/entries/${two.id}`, {
      as: signed('editor'),
      body: entryBody('Deux (corrigé)'),
    });
    expect(contract.CorrectLiveBlogEntryResponse.parse(await corrected.json()).correctedAt).not.toBeNull();
    const deleted = await request('DELETE', `/api/admin/live-blogs/${blog.id}/entries/${two.id}`, { as: signed('editor') });
    expect(deleted.status).toBe(204);
    const after = contract.GetLiveBlogResponse.parse(await (await poll(blog.url, since.version)).json());
    expect(after.removed).toEqual([two.id]);
    expect(api.changes()).toBe(purges + 3);
  });

  it('ended: the coverage end is set, readers keep the page, new entries are refused in French', async () => {
    const blog = await openBlog();
    await post(blog.id, 'Fin de soirée');
    const stale = await request('POST', `/api/admin/live-blogs/${blog.id}/end`, { as: signed('editor'), body: { version: 1 } });
    expect(await errorOf(stale, 409)).toMatch(/version 2/);
    const purges = api.changes();
    const ended = await request('POST', `/api/admin/live-blogs/${blog.id}/end`, { as: signed('editor'), body: { version: blog.version } });
    expect(contract.EndAdminLiveBlogResponse.parse(await ended.json()).coverageEndAt).not.toBeNull();
    expect(api.changes()).toBe(purges + 1);
    const read = contract.GetLiveBlogResponse.parse(await (await poll(blog.url)).json());
    expect(read.liveBlog.state).toBe('ended');
    expect(read.entries).toHaveLength(1);
    const refused = await request('POST', `/api/admin/live-blogs/${blog.id}/entries`, {
      as: signed('editor'),
      body: entryBody('Trop tard'),
    });
    expect(await errorOf(refused, 400)).toMatch(/terminé/);
    const again = await request('POST', `/api/admin/live-blogs/${blog.id}/end`, {
      as: signed('editor'),
      body: { version: blog.version + 1 },
    });
    expect(await errorOf(again, 400)).toMatch(/déjà terminé/);
    expect(await listedUrls()).not.toContain(blog.url);
  });

  it('the « En direct » list is kept between content changes, as the server keeps it; opening and ending show at once', async () => {
    const listener = await listenForContentChanges(new PageCache(), 'pglite', contentChangeRoutesFromEnv({}));
    try {
      const blog = await openBlog();
      expect(await listedUrls()).toContain(blog.url);
      const inCategory = async () =>
        contract.ListLiveBlogsResponse.parse(await (await request('GET', '/api/directs?category=mode')).json()).results;
      const before = (await inCategory()).find((b) => b.url === blog.url);
      // Changed behind the server's back (no announcement): the kept lists do not read the database again.
      await api.database().db.update(liveBlogs).set({ title: 'Changé en douce' }).where(eq(liveBlogs.id, blog.id));
      expect((await inCategory()).find((b) => b.url === blog.url)?.title).toBe(before?.title);
      // An announced write drops them: a blog opened, then ended, shows at once in both lists.
      const other = await openBlog();
      expect(await listedUrls()).toContain(other.url);
      expect((await inCategory()).find((b) => b.url === blog.url)?.title).toBe('Changé en douce');
      await request('POST', `/api/admin/live-blogs/${other.id}/end`, { as: signed('editor'), body: { version: other.version } });
      expect(await listedUrls()).not.toContain(other.url);
      expect((await inCategory()).map((b) => b.url)).not.toContain(other.url);
      expect(await errorOf(await request('GET', '/api/directs?category=inconnue'), 404)).toMatch(/rubrique/);
    } finally {
      await listener.stop();
    }
  });

  it('the title is edited with versions: an outdated save is a 409, revisions list it, restore brings it back', async () => {
    const as = signed('editor');
    const blog = await openBlog(as);
    const save = (title: string, version: number) =>
      request('PUT', `/api/admin/live-blogs/${blog.id}`, { as, body: { ...liveBlogBody(title), slug: blog.url, version } });
    const saved = contract.UpdateAdminLiveBlogResponse.parse(await (await save('Les Césars, la soirée', blog.version)).json());
    expect(saved).toMatchObject({ title: 'Les Césars, la soirée', version: blog.version + 1, status: 'published' });
    expect(await errorOf(await save('Trop tard', blog.version), 409)).toMatch(/ce direct/);
    const revisions = contract.ListLiveBlogRevisionsResponse.parse(
      await (await request('GET', `/api/admin/live-blogs/${blog.id}/revisions`, { as })).json(),
    ).results;
    const first = revisions.find((r) => r.version === 1);
    expect(first).toBeDefined();
    const restored = await request('POST', `/api/admin/live-blogs/${blog.id}/revisions/${first?.id}/restore`, {
      as,
      body: { version: saved.version },
    });
    expect(contract.RestoreLiveBlogRevisionResponse.parse(await restored.json()).title).toBe(blog.title);
    const read = contract.GetLiveBlogResponse.parse(await (await poll(blog.url)).json());
    expect(read.liveBlog.title).toBe(blog.title);
  });

  it('scheduled, it goes live when the scheduler runs: readers then read it, with its coverage start', async () => {
    const as = signed('editor');
    const created = await request('POST', '/api/admin/live-blogs', { as, body: liveBlogBody('Le mariage royal') });
    const blog = contract.CreateAdminLiveBlogResponse.parse(await created.json());
    const at = new Date(api.clock.now().getTime() + 3600_000).toISOString();
    const body = { action: 'schedule', version: blog.version, scheduledAt: at };
    const scheduled = await request('POST', `/api/admin/live-blogs/${blog.id}/status`, { as, body });
    expect(contract.ChangeAdminLiveBlogStatusResponse.parse(await scheduled.json()).status).toBe('scheduled');
    expect((await poll(blog.url)).status).toBe(404);
    const run = await request('POST', '/api/admin/scheduler/run', { as, body: { advanceSeconds: 3601 } });
    expect(run.status).toBe(200);
    const read = contract.GetLiveBlogResponse.parse(await (await poll(blog.url)).json());
    expect(read.liveBlog).toMatchObject({ state: 'live', coverageStartAt: expect.any(String) });
    expect(await listedUrls()).toContain(blog.url);
  });

  it('pinning one entry unpins the other, and readers see it', async () => {
    const blog = await openBlog();
    const a = await post(blog.id, 'A');
    const b = await post(blog.id, 'B');
    for (const id of [a.id, b.id]) {
      const response = await request('POST', `/api/admin/live-blogs/${blog.id}/entries/${id}/pin`, {
        as: signed('editor'),
        body: { pinned: true },
      });
      expect(contract.PinLiveBlogEntryResponse.parse(await response.json()).pinned).toBe(true);
    }
    const read = contract.GetLiveBlogResponse.parse(await (await poll(blog.url)).json());
    expect(read.entries.filter((e) => e.pinned).map((e) => e.id)).toEqual([b.id]);
  });

  it('a contributor reading a live blog gets its published entries and their own drafts, not a colleague’s draft', async () => {
    const blog = await openBlog();
    const published = await post(blog.id, 'Publiée');
    const draft = await request('POST', `/api/admin/live-blogs/${blog.id}/entries`, {
      as: signed('author'),
      body: entryBody('Brouillon de l’auteur', { publish: false }),
    });
    const draftId = contract.CreateLiveBlogEntryResponse.parse(await draft.json()).id;
    const read = async (role: 'contributor' | 'author') =>
      contract.GetAdminLiveBlogResponse.parse(
        await (await request('GET', `/api/admin/live-blogs/${blog.id}`, { as: signed(role) })).json(),
      ).entries.map((e) => e.id);
    expect(await read('contributor')).toEqual([published.id]);
    expect(await read('author')).toContain(draftId);
  });

  it('bad input: a French 4xx, never a 500', async () => {
    const as = signed('editor');
    const blog = await openBlog();
    const cases: [string, string, unknown, number, RegExp][] = [
      ['POST', '/api/admin/live-blogs', liveBlogBody('<b>Gras</b>'), 400, /HTML/],
      ['POST', '/api/admin/live-blogs', liveBlogBody('Titre\u0000nul'), 400, /contrôle/],
      ['POST', '/api/admin/live-blogs', liveBlogBody('x'.repeat(201)), 400, /./],
      ['POST', '/api/admin/live-blogs', liveBlogBody('Rubrique', { categorySlug: 'inconnue' }), 400, /rubrique/],
      [
        'POST',
        '/api/admin/live-blogs',
        liveBlogBody('Image', { mainImage: { url: '/x.svg', alt: ' ', width: 1, height: 1 } }),
        400,
        /alternatif/,
      ],
      // Issue 34: the main image comes from the media library (or the site's generated media), like every format's.
      ...['/media/library/nonexistent.webp', '/api/admin/audit', '/media/articles/x.svg'].map(
        (url): [string, string, unknown, number, RegExp] => [
          'POST',
          '/api/admin/live-blogs',
          liveBlogBody('Image', { mainImage: { url, alt: 'Le tapis rouge', width: 1200, height: 800 } }),
          400,
          /L’image principale doit venir de la médiathèque du site\./,
        ],
      ),
      ['POST', `/api/admin/live-blogs/${blog.id}/entries`, entryBody('<script>alert(1)</script>'), 201, /./],
      ['POST', `/api/admin/live-blogs/${blog.id}/entries`, { doc: '<p>html</p>' }, 400, /./],
      [
        'POST',
        `/api/admin/live-blogs/${blog.id}/entries`,
        entryBody('x', { image: { url: '/media/library/nonexistent.webp', alt: 'x', width: 1, height: 1 } }),
        400,
        /médiathèque/,
      ],
      ['POST', `/api/admin/live-blogs/${blog.id}/entries`, entryBody('x', { articleSlug: 'nulle-part' }), 400, /Aucun article/],
      ['POST', `/api/admin/live-blogs/${blog.id}/entries`, entryBody('x'.repeat(5001)), 400, /trop long/],
      ['POST', '/api/admin/live-blogs/999999/entries', entryBody('x'), 404, /introuvable/],
      ['POST', `/api/admin/live-blogs/${blog.id}/entries/999999/pin`, { pinned: true }, 404, /introuvable/],
      ['POST', `/api/admin/live-blogs/${blog.id}/end`, { version: 'x' }, 400, /./],
      ['POST', '/api/admin/live-blogs/999999/end', { version: 1 }, 404, /introuvable/],
      ['PUT', `/api/admin/live-blogs/${blog.id}`, { ...liveBlogBody('<i>x</i>'), version: blog.version }, 400, /HTML/],
    ];
    for (const [method, path, body, status, message] of cases) {
      const response = await request(method, path, { as, body });
      if (status === 201) {
        // Typed into the editor, markup is text: stored and served as the characters typed, never as HTML.
        expect(response.status).toBe(201);
        expect(contract.AdminLiveBlogEntry.parse(await response.json()).body[0]?.text).toBe('<script>alert(1)</script>');
        continue;
      }
      expect(await errorOf(response, status), `${method} ${path}`).toMatch(message);
    }
    expect(await errorOf(await poll('Pas_un_slug'), 400)).toMatch(/./);
    expect(await errorOf(await poll(blog.url, -1), 400)).toMatch(/./);
    expect(await errorOf(await request('GET', `/api/direct/${blog.url}?since=abc`), 400)).toMatch(/./);
  });
});
