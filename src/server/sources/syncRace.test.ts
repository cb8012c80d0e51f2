/**
 * "Never an older version over a newer one" across processes (issue 35, decision 036): the check is made inside
 * the write's own transaction, under a lock on the source item, for a post's write and for its unpublishing.
 * On PostgreSQL a second connection holds a transaction open on the copy while the sync tries (the interleaving
 * a webhook in one process and a pass in another can produce); on both databases the writer is handed an older
 * post after the sync's early check, and a reconciliation's list read before a newer write does not unpublish it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articles, newsroomArticles } from '../../db/schema.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../../testing/testDatabase.ts';
import type { ImportPost } from '../import/importModel.ts';
import { runImport } from '../import/importWriter.ts';
import { directoryStorage } from '../newsroom/mediaStorage.ts';
import type { LiveSource } from './liveSource.ts';
import { createSourceSync, type SourceSync } from './syncEngine.ts';
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
  tags: [],
  ...over,
});

describe.each(testDatabaseKinds)('the live source sync under concurrent writers, on %s', (kind) => {
  let database: TestDatabase;
  let wp: FakeWordPress;
  let dir: string;
  let source: LiveSource;
  /** PostgreSQL only: a second connection, for a transaction held open while the sync tries. */
  let other: pg.Client;
  const now = new Date('2026-05-02T08:00:00Z');
  const copyOf = async (sourceId: string) =>
    (
      await database.db
        .select()
        .from(newsroomArticles)
        .where(and(eq(newsroomArticles.sourceKind, 'wordpress'), eq(newsroomArticles.sourceId, sourceId)))
    )[0] ?? null;
  const makeSync = (over: Partial<LiveSource> = {}): SourceSync =>
    createSourceSync({
      db: database.db,
      source: Object.assign(Object.create(source) as LiveSource, over),
      storage: directoryStorage(dir),
      limits: { imageBytes: 5 * 1024 * 1024, audioBytes: 5 * 1024 * 1024 },
      now: () => now,
      contentChanged: () => {},
      reconcileSeconds: 3600,
      log: () => {},
    });

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    wp = await startFakeWordPress();
    dir = mkdtempSync(join(tmpdir(), 'piquante-race-'));
    wp.categories = [{ id: 10, slug: 'mode', name: 'Mode' }];
    wp.users = [{ id: 1, slug: 'camille', name: 'Camille Martin' }];
    for (let id = 1; id <= 4; id++) wp.posts.set(id, post(id, { modified: `2026-05-01T10:00:0${id}` }));
    source = createWordPressSource({
      url: wp.url,
      credentials: null,
      policy: { allowHosts: [] },
      timeoutMs: 2000,
      maxBytes: 1024 * 1024,
      imageMaxBytes: 5 * 1024 * 1024,
      perPage: 100,
      log: () => {},
    });
    expect(await makeSync().poll()).toMatchObject({ ok: true, written: 4 });
    if (kind === 'postgres') {
      other = new pg.Client({ connectionString: database.url as string });
      await other.connect();
    }
  }, 240_000);

  afterAll(async () => {
    if (kind === 'postgres') await other.end();
    await wp.close();
    await database.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  it('the writer itself refuses an older post, even when the copy became newer after the sync looked', async () => {
    // The sync's early look saw the copy of 10:00:01; another process then wrote 12:00 (committed here).
    await database.db
      .update(newsroomArticles)
      .set({ title: 'Écrit par l’autre processus', sourceUpdatedAt: new Date('2026-05-01T12:00:00Z') })
      .where(eq(newsroomArticles.id, (await copyOf('1'))?.id as number));
    const late = await source.post('1', { drafts: false }, new AbortController().signal);
    const stale: ImportPost = { ...(late as ImportPost), title: 'Réponse en retard', updatedAt: new Date('2026-05-01T11:00:00Z') };
    const older: string[] = [];
    const { report } = await runImport(
      database.db,
      {
        kind: 'wordpress',
        siteUrl: wp.url,
        postCount: null,
        events: async function* () {
          yield { type: 'post', post: stale };
        },
        readImage: async () => null,
        close: async () => {},
      },
      { dryRun: false, download: false, storage: directoryStorage(dir), now: () => now, live: { onOlder: (p) => older.push(p.sourceId) } },
    );
    expect(older).toEqual(['1']);
    expect(report.counts.post).toMatchObject({ imported: 0, updated: 0 });
    expect(await copyOf('1')).toMatchObject({ title: 'Écrit par l’autre processus' });
    expect((await copyOf('1'))?.sourceUpdatedAt?.toISOString()).toBe('2026-05-01T12:00:00.000Z');
  });

  it('a reconciliation whose list was read before a newer write does not unpublish it', async () => {
    const before = await copyOf('2');
    // The source's list is read while post 2 is in the bin; before the reconciliation acts on it, the post is
    // published again and a webhook in another process writes it.
    wp.posts.set(2, post(2, { status: 'trash', slug: 'article-2__trashed', modified: '2026-05-02T07:00:00' }));
    const other = makeSync();
    const reconciling = makeSync({
      publishedIds: async function* (signal: AbortSignal) {
        const listed: string[][] = [];
        for await (const ids of source.publishedIds(signal)) listed.push(ids);
        wp.posts.set(2, post(2, { title: 'Republié', modified: '2026-05-02T07:30:00' }));
        expect(await other.applySourceChange('2')).toBe('written');
        yield* listed;
      },
    });
    const outcome = await reconciling.poll({ reconcile: true });
    expect(outcome).toMatchObject({ ok: true, unpublished: 0 });
    const after = await copyOf('2');
    expect(after).toMatchObject({ status: 'published', title: 'Republié' });
    expect(after?.version).toBe((before?.version as number) + 1);
    expect(
      await database.db
        .select({ id: articles.id })
        .from(articles)
        .where(eq(articles.id, after?.id as number)),
    ).toHaveLength(1);
  });

  // PGlite has one connection: two transactions cannot be open at once there; PostgreSQL's can.
  describe.runIf(kind === 'postgres')('two connections, one transaction held open', () => {
    /** Resolves once some backend of this database waits for a lock (the sync's transaction, blocked). */
    const someoneWaits = async () => {
      for (;;) {
        const { rows } = await other.query(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        );
        if ((rows[0] as { n: number }).n > 0) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };

    it('a write waits for the newer one held open by another connection, then loses to it', async () => {
      const copy = await copyOf('3');
      // The source now says 11:00; the copy (10:00:03) is older, so the sync's early look lets it through.
      wp.posts.set(3, post(3, { title: 'Version de 11 h', modified: '2026-05-01T11:00:00' }));
      await other.query('BEGIN');
      await other.query('SELECT id FROM newsroom_articles WHERE id = $1 FOR UPDATE', [copy?.id]);
      await other.query(
        `UPDATE newsroom_articles SET title = 'Version de 12 h', source_updated_at = '2026-05-01T12:00:00Z' WHERE id = $1`,
        [copy?.id],
      );
      const writing = makeSync().applySourceChange('3');
      await someoneWaits();
      await other.query('COMMIT');
      expect(await writing).toBe('older');
      const after = await copyOf('3');
      expect(after?.title).toBe('Version de 12 h');
      expect(after?.sourceUpdatedAt?.toISOString()).toBe('2026-05-01T12:00:00.000Z');
    });

    it('an unpublishing waits for a write held open by another connection, and leaves the newer copy published', async () => {
      const copy = await copyOf('4');
      wp.posts.set(4, post(4, { status: 'trash', slug: 'article-4__trashed', modified: '2026-05-02T07:00:00' }));
      // Another process is writing a newer version of the copy (the post published again meanwhile).
      await other.query('BEGIN');
      await other.query('SELECT id FROM newsroom_articles WHERE id = $1 FOR UPDATE', [copy?.id]);
      await other.query(`UPDATE newsroom_articles SET title = 'De retour', version = version + 1 WHERE id = $1`, [copy?.id]);
      const reconciling = makeSync().poll({ reconcile: true });
      await someoneWaits();
      await other.query('COMMIT');
      expect(await reconciling).toMatchObject({ ok: true, unpublished: 0 });
      expect(await copyOf('4')).toMatchObject({ status: 'published', title: 'De retour' });
    });
  });
});
