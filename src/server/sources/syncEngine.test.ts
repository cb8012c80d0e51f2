/**
 * The live source's sync on both databases, against a WordPress played on loopback (fakeWordPress.ts) through
 * the real adapter: the first synchronisation (resumable after a failure mid-way), edits, a slug change (one
 * 301), an older answer never written over a newer copy, unpublishing and deletion (404, out of search), the
 * exact cache tags purged, and a source down or answering garbage (nothing lost, said once per outage).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articles, categories, media, newsroomArticles, sourceSyncState } from '../../db/schema.ts';
import { findAuthor, listPublishedAuthors } from '../content/authors.server.ts';
import { findPublicTag, listPublishedTags } from '../content/tags.server.ts';
import { TEST_CDN } from '../../testing/testCdn.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../../testing/testDatabase.ts';
import { cdnPurgeRecorder } from '../cache/contentPurge.ts';
import { dropPendingPurgeTags, pendingPurgeTags } from '../cdn/cdnPurgeOutbox.ts';
import { findMovedSlug } from '../newsroom/articles/articleReaderCopy.ts';
import { directoryStorage } from '../newsroom/mediaStorage.ts';
import { searchArticles } from '../search/searchArticles.server.ts';
import { createSourceSync, type SourceSync } from './syncEngine.ts';
import { outageSentence, readSyncState, sourceSyncSummary } from './syncState.ts';
import { type FakePost, type FakeWordPress, startFakeWordPress } from './wordpress/testing/fakeWordPress.ts';
import { createWordPressSource } from './wordpress/wordpressSource.ts';

const post = (id: number, over: Partial<FakePost> = {}): FakePost => ({
  id,
  status: 'publish',
  slug: `article-${id}`,
  title: `Article ${id}`,
  content: `<p>Texte numéro ${id}.</p>`,
  date: '2026-05-01T10:00:00',
  modified: '2026-05-01T10:00:00',
  author: 1,
  categories: [10],
  tags: [20],
  ...over,
});

describe.each(testDatabaseKinds)('the live source sync on %s', (kind) => {
  let database: TestDatabase;
  let wp: FakeWordPress;
  let dir: string;
  let sync: SourceSync;
  let now = new Date('2026-05-02T08:00:00Z');
  const purged: string[][] = [];
  const logged: string[] = [];
  const copyOf = async (sourceId: string) =>
    (await database.db.select().from(newsroomArticles).where(eq(newsroomArticles.sourceId, sourceId)))[0] ?? null;
  const readerCopy = async (id: number) => (await database.db.select().from(articles).where(eq(articles.id, id)))[0] ?? null;
  const makeSync = (perPage = 100) =>
    createSourceSync({
      db: database.db,
      source: createWordPressSource({
        url: wp.url,
        credentials: null,
        policy: { allowHosts: [] },
        timeoutMs: 2000,
        maxBytes: 1024 * 1024,
        imageMaxBytes: 5 * 1024 * 1024,
        perPage,
        log: (line) => logged.push(line),
      }),
      storage: directoryStorage(dir),
      limits: { imageBytes: 5 * 1024 * 1024, audioBytes: 5 * 1024 * 1024 },
      now: () => now,
      contentChanged: (tags) => {
        purged.push([...(tags ?? ['*'])]);
      },
      recordPurge: cdnPurgeRecorder(TEST_CDN),
      reconcileSeconds: 3600,
      log: (line) => logged.push(line),
    });

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    wp = await startFakeWordPress();
    dir = mkdtempSync(join(tmpdir(), 'piquante-sync-'));
    wp.categories = [{ id: 10, slug: 'mode', name: 'Mode' }];
    wp.tags = [{ id: 20, slug: 'ete', name: 'Été' }];
    wp.users = [{ id: 1, slug: 'camille', name: 'Camille Martin' }];
    const png = await sharp({ create: { width: 1400, height: 900, channels: 3, background: { r: 200, g: 40, b: 90 } } })
      .png()
      .toBuffer();
    wp.files.set('/wp-content/uploads/robe.png', { body: png, type: 'image/png' });
    wp.files.set('/wp-content/uploads/piege.png', { body: Buffer.from('<!doctype html><p>pas une image</p>'), type: 'text/html' });
    for (let id = 1; id <= 5; id++) wp.posts.set(id, post(id, { modified: `2026-05-01T10:00:0${id}` }));
    wp.posts.set(
      1,
      post(1, {
        title: 'La robe rouge &#038; l&rsquo;été',
        content: `<p>Une robe <strong>framboise</strong>.</p><script>alert(1)</script><p onclick="x()">Lien <a href="${'URL'}/2026/article-2/">vers l’autre</a></p><img src="/wp-content/uploads/robe.png" alt="La robe">`,
        featuredMedia: { url: '/wp-content/uploads/robe.png', alt: 'Une robe rouge' },
        modified: '2026-05-01T10:00:01',
      }),
    );
    wp.posts.set(3, post(3, { featuredMedia: { url: '/wp-content/uploads/piege.png', alt: 'piège' }, modified: '2026-05-01T10:00:03' }));
    const first = wp.posts.get(1) as FakePost;
    first.content = first.content.replace('URL', wp.url);
    sync = makeSync(2);
  }, 240_000);

  afterAll(async () => {
    await wp.close();
    await database.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  it('resumes a first synchronisation cut short where it stopped, without writing anything twice', async () => {
    // The second page of posts fails: the first page stays, with its cursor.
    wp.fault = (url) =>
      url.pathname.endsWith('/posts') && url.searchParams.get('modified_after') !== '1970-01-01T00:00:01' ? '500' : null;
    const cut = await sync.poll();
    expect(cut.ok).toBe(false);
    const state = await readSyncState(database.db, 'wordpress');
    expect(state.postsDone).toBe(2);
    expect(state.postsTotal).toBe(5);
    expect(state.firstSyncDoneAt).toBeNull();
    expect(state.cursor).not.toBeNull();
    expect(outageSentence('WordPress', state, 'UTC')).toBe(
      'WordPress injoignable depuis 08 h 00 (WordPress a répondu 500 (/wp-json/wp/v2/posts))',
    );
    expect(await sourceSyncSummary(database.db, 'wordpress', 'WordPress', 'UTC')).toMatchObject({
      firstSyncDone: false,
      postsDone: 2,
      postsTotal: 5,
      message: 'WordPress injoignable depuis 08 h 00 (WordPress a répondu 500 (/wp-json/wp/v2/posts))',
    });
    wp.fault = null;
    wp.requests.length = 0;
    const resumed = await sync.poll();
    expect(resumed).toMatchObject({ ok: true });
    // The first page was not asked for again.
    expect(wp.requests.filter((r) => r.includes('modified_after=1970'))).toEqual([]);
    const done = await readSyncState(database.db, 'wordpress');
    expect(done.firstSyncDoneAt).not.toBeNull();
    expect(done.failingSince).toBeNull();
    expect(logged.filter((l) => l.includes('unreachable, the site'))).toHaveLength(1);
    expect(logged.some((l) => l.includes('answers again'))).toBe(true);
    expect((await sourceSyncSummary(database.db, 'wordpress', 'WordPress', 'UTC')).message).toBe(
      'WordPress : à jour (dernier passage à 08 h 00)',
    );
    const copies = await database.db.select().from(newsroomArticles);
    expect(copies.map((c) => c.sourceId).sort()).toEqual(['1', '2', '3', '4', '5']);
  });

  it('shows each post as an article: title decoded, body through the allow-list, images in the library, links to the front', async () => {
    const copy = await copyOf('1');
    expect(copy).toMatchObject({ sourceKind: 'wordpress', status: 'published', title: 'La robe rouge & l’été' });
    expect(copy?.sourceUpdatedAt?.toISOString()).toBe('2026-05-01T10:00:01.000Z');
    const reader = await readerCopy(copy?.id as number);
    const body = JSON.stringify(reader?.body);
    expect(body).toContain('framboise');
    expect(body).not.toMatch(/script|alert|onclick/);
    expect(body).toContain('/mode/article-2');
    expect(reader?.mainImage.url).toMatch(/^\/media\/library\//);
    expect((await database.db.select().from(media)).length).toBe(1);
    // An HTML page where an image should be: the article is there with the site's own drawing.
    const trap = await readerCopy((await copyOf('3'))?.id as number);
    expect(trap?.mainImage.url).toMatch(/^\/media\/svg\//);
    expect((await searchArticles(database.db, 'framboise', 10)).map((a) => a.url)).toEqual([expect.stringContaining('article-1')]);
  });

  it('polls again without writing or purging anything when nothing changed', async () => {
    purged.length = 0;
    const outcome = await sync.poll();
    expect(outcome).toMatchObject({ ok: true, written: 0, unpublished: 0 });
    expect(purged).toEqual([]);
  });

  it('follows an edit and a slug change: one 301 from the old address, the touched tags purged', async () => {
    purged.length = 0;
    await dropPendingPurgeTags(database.db);
    wp.posts.set(2, post(2, { slug: 'nouveau-nom', title: 'Nouveau titre', modified: '2026-05-02T07:00:00' }));
    const outcome = await sync.poll();
    expect(outcome).toMatchObject({ ok: true, written: 1 });
    const copy = await copyOf('2');
    expect(copy).toMatchObject({ slug: 'nouveau-nom', title: 'Nouveau titre' });
    expect(await findMovedSlug(database.db, 'article-2')).toBe('nouveau-nom');
    expect(purged).toHaveLength(1);
    expect(new Set(purged[0])).toEqual(new Set([`a:${copy?.id}`, 'c:mode', 'list:articles', 'home', 'au:camille', 't:ete']));
    // And the CDN's outbox holds them (decision 032): the post's write recorded `site`, the pass its exact tags.
    const pending = new Set((await pendingPurgeTags(database.db, 100)).map((row) => row.tag));
    for (const tag of ['site', `a:${copy?.id}`, 'c:mode', 'home']) expect(pending.has(tag), tag).toBe(true);
  });

  it('never brings an older version back (a late answer, a replayed change)', async () => {
    wp.posts.set(2, post(2, { slug: 'nouveau-nom', title: 'Ancien titre', modified: '2026-05-02T06:00:00' }));
    expect(await sync.applySourceChange('2')).toBe('older');
    expect((await copyOf('2'))?.title).toBe('Nouveau titre');
    wp.posts.set(2, post(2, { slug: 'nouveau-nom', title: 'Titre du jour', modified: '2026-05-02T07:30:00' }));
    expect(await sync.applySourceChange('2')).toBe('written');
    expect((await copyOf('2'))?.title).toBe('Titre du jour');
  });

  it('unpublishes what the source no longer publishes: 404, out of search; published again, it comes back', async () => {
    purged.length = 0;
    const copy = await copyOf('1');
    wp.posts.set(1, { ...(wp.posts.get(1) as FakePost), status: 'trash', modified: '2026-05-02T08:00:00' });
    const outcome = await sync.poll({ reconcile: true });
    expect(outcome).toMatchObject({ ok: true, unpublished: 1 });
    expect((await copyOf('1'))?.status).toBe('unpublished');
    expect(await readerCopy(copy?.id as number)).toBeNull();
    expect(await searchArticles(database.db, 'framboise', 10)).toEqual([]);
    expect(purged.flat()).toContain(`a:${copy?.id}`);
    wp.posts.set(1, { ...(wp.posts.get(1) as FakePost), status: 'publish', modified: '2026-05-02T09:00:00' });
    await sync.poll();
    expect((await copyOf('1'))?.status).toBe('published');
    expect(await readerCopy(copy?.id as number)).not.toBeNull();
  });

  it('applies a deletion said by a webhook, and reads a post the copy lacks at the reconciliation', async () => {
    expect(await sync.applySourceDeletion('4')).toBe('unpublished');
    expect((await copyOf('4'))?.status).toBe('unpublished');
    expect(await sync.applySourceDeletion('4')).toBe('absent');
    // Still published in the source: the reconciliation reads it back.
    await sync.poll({ reconcile: true });
    expect((await copyOf('4'))?.status).toBe('published');
  });

  it('retires the terms the source deleted: a tag leaves its pages and the sitemap; a category still holding articles is kept, an empty one goes', async () => {
    wp.categories = [...wp.categories, { id: 11, slug: 'deco', name: 'Déco' }, { id: 12, slug: 'vide', name: 'Vide' }];
    wp.tags = [...wp.tags, { id: 21, slug: 'hiver', name: 'Hiver' }];
    wp.posts.set(7, post(7, { categories: [11], tags: [20, 21], modified: '2026-05-02T09:30:00' }));
    await sync.poll();
    expect(await findPublicTag(database.db, 'hiver')).not.toBeNull();
    expect((await listPublishedTags(database.db)).map((t) => t.slug)).toContain('hiver');
    purged.length = 0;
    // Deleted in WordPress: the tag leaves its post (re-read and rewritten); « Vide » held nothing.
    wp.tags = wp.tags.filter((t) => t.id !== 21);
    wp.categories = wp.categories.filter((c) => c.id !== 12);
    wp.posts.set(7, { ...(wp.posts.get(7) as FakePost), tags: [20] });
    expect(await sync.poll({ reconcile: true })).toMatchObject({ ok: true });
    expect(await findPublicTag(database.db, 'hiver')).toBeNull();
    expect((await listPublishedTags(database.db)).map((t) => t.slug)).not.toContain('hiver');
    expect((await listPublishedTags(database.db)).map((t) => t.slug)).toContain('ete');
    const slugs = async () => (await database.db.select({ slug: categories.slug }).from(categories)).map((c) => c.slug);
    expect(await slugs()).not.toContain('vide');
    expect(await slugs()).toContain('deco');
    expect(purged.flat()).toEqual(expect.arrayContaining(['t:hiver', 'site']));
    // « Déco » deleted while the copy still holds a post in it (not re-read yet): kept, said once.
    wp.categories = wp.categories.filter((c) => c.id !== 11);
    logged.length = 0;
    await sync.poll({ reconcile: true });
    expect(await slugs()).toContain('deco');
    expect(logged.filter((l) => l.includes('kept (it still holds'))).toHaveLength(1);
    // Said once: the next reconciliation has nothing more to retire.
    logged.length = 0;
    await sync.poll({ reconcile: true });
    expect(logged.filter((l) => l.includes('gone from the source'))).toEqual([]);
  });

  it('retires the authors the source deleted: one nothing signs any more leaves their page and the sitemap; one still signing stays, said once; no author at all is not believed', async () => {
    const published = async () => (await listPublishedAuthors(database.db)).map((a) => a.slug);
    wp.users = [...wp.users, { id: 2, slug: 'alex', name: 'Alex Durand' }, { id: 3, slug: 'sam', name: 'Sam Petit' }];
    wp.posts.set(8, post(8, { author: 2, modified: '2026-05-02T09:40:00' }));
    wp.posts.set(9, post(9, { author: 3, modified: '2026-05-02T09:41:00' }));
    await sync.poll();
    expect(await findAuthor(database.db, 'alex')).not.toBeNull();
    expect(await published()).toEqual(expect.arrayContaining(['alex', 'sam']));
    // Both deleted in WordPress: Alex's post was given to Camille (and re-read); Sam's copy has not been re-read yet.
    wp.users = wp.users.filter((u) => u.id === 1);
    wp.posts.set(8, { ...(wp.posts.get(8) as FakePost), author: 1, modified: '2026-05-02T09:50:00' });
    purged.length = 0;
    logged.length = 0;
    expect(await sync.poll({ reconcile: true })).toMatchObject({ ok: true });
    expect(await findAuthor(database.db, 'alex')).toBeNull();
    expect(await published()).not.toContain('alex');
    expect(purged.flat()).toEqual(expect.arrayContaining(['au:alex']));
    expect(await findAuthor(database.db, 'sam')).not.toBeNull();
    expect(await published()).toContain('sam');
    expect(logged.filter((l) => l.includes('kept (it still signs'))).toHaveLength(1);
    // Said once; looked at again at each reconciliation.
    logged.length = 0;
    await sync.poll({ reconcile: true });
    expect(logged.filter((l) => l.includes('author'))).toEqual([]);
    // The last post Sam signed goes to Camille: the next reconciliation retires Sam.
    wp.posts.set(9, { ...(wp.posts.get(9) as FakePost), author: 1, modified: '2026-05-02T09:55:00' });
    await sync.poll({ reconcile: true });
    expect(await findAuthor(database.db, 'sam')).toBeNull();
    expect(await published()).toEqual(['camille']);
    // A source that suddenly lists no author at all is not believed.
    const users = wp.users;
    wp.users = [];
    try {
      await sync.poll({ reconcile: true });
      expect(await findAuthor(database.db, 'camille')).not.toBeNull();
      expect(logged.filter((l) => l.includes('lists no author at all'))).toHaveLength(1);
    } finally {
      wp.users = users;
    }
  });

  it('keeps everything while the source is down or answers garbage, says it once, and catches up after', async () => {
    logged.length = 0;
    const before = (await database.db.select().from(articles)).length;
    for (const fault of ['html', 'truncated', '500', 'huge'] as const) {
      wp.fault = () => fault;
      const outcome = await sync.poll({ reconcile: true });
      expect(outcome.ok, fault).toBe(false);
    }
    await wp.close().catch(() => {});
    expect((await sync.poll()).ok).toBe(false);
    expect((await database.db.select().from(articles)).length).toBe(before);
    expect(logged.filter((l) => l.includes('unreachable, the site'))).toHaveLength(1);
    const [state] = await database.db.select().from(sourceSyncState);
    expect(state?.failingSince).not.toBeNull();
    // Back on another port (a restarted WordPress): the sync catches up.
    const moved = await startFakeWordPress();
    Object.assign(moved, { categories: wp.categories, tags: wp.tags, users: wp.users, files: wp.files });
    for (const [id, p] of wp.posts) moved.posts.set(id, p);
    moved.posts.set(6, post(6, { title: 'Pendant la panne', modified: '2026-05-02T10:00:00' }));
    wp = moved;
    sync = makeSync();
    now = new Date('2026-05-02T10:05:00Z');
    expect(await sync.poll()).toMatchObject({ ok: true });
    expect((await copyOf('6'))?.status).toBe('published');
    expect(logged.some((l) => l.includes('answers again'))).toBe(true);
  });
});
