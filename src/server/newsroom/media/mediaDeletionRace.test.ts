/**
 * A save and a deletion of the same image at once (two connections: PostgreSQL only; PGlite has one
 * connection, so its transactions cannot overlap). Whichever locks the image first wins, and the other
 * sees it: a save under way makes the deletion refuse, a deletion under way makes the save refuse. Never a
 * page left pointing at an image that is gone.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articles, media } from '../../../db/schema.ts';
import { createTestDatabase, type TestDatabase } from '../../../testing/testDatabase.ts';
import { seedDemoContent } from '../../seed/seedDemoContent.server.ts';
import { withItsImage } from '../libraryImage.ts';
import type { MediaStorage } from '../mediaStorage.ts';
import { deleteMedia } from './mediaDeletion.ts';

const nobody = null as never;

function gate() {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

/** A storage whose first removal waits for `release`: the deletion's transaction stays open meanwhile. */
function heldStorage(release: Promise<void>, reached: () => void): MediaStorage {
  let first = true;
  return {
    describe: 'held',
    put: async () => {},
    get: async () => null,
    async remove() {
      if (!first) return;
      first = false;
      reached();
      await release;
    },
  };
}

const storage: MediaStorage = { describe: 'none', put: async () => {}, get: async () => null, remove: async () => {} };

describe.skipIf(!process.env.TEST_DATABASE_URL)('deleting an image while a save names it, on postgres', () => {
  let database: TestDatabase;
  let articleId = 0;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    await seedDemoContent(database.db, { articles: 1 });
    articleId = (await database.db.select({ id: articles.id }).from(articles))[0]?.id ?? 0;
  }, 120_000);
  afterAll(async () => database?.dispose());

  async function image(hash: string) {
    const url = `/media/library/${hash}-800.webp`;
    const [row] = await database.db
      .insert(media)
      .values({
        hash,
        alt: 'Une photo',
        width: 800,
        height: 500,
        sourceFormat: 'jpeg',
        variants: [{ format: 'webp', width: 800, height: 500, url, bytes: 1 }],
      })
      .returning();
    return { id: row?.id ?? 0, url };
  }

  /** A save as the formats make it: its images checked (and locked) in its transaction, then written. */
  async function save(url: string, whileOpen: () => Promise<void>) {
    return database.db.transaction(async (tx) => {
      const checked = await withItsImage(tx, { ok: true, value: null }, { image: { url } }, null);
      if (!checked.ok) return checked;
      await tx.execute(
        sql`UPDATE articles SET main_image = jsonb_set(main_image, '{url}', ${JSON.stringify(url)}::jsonb) WHERE id = ${articleId}`,
      );
      await whileOpen();
      return checked;
    });
  }

  it('a save under way: the deletion waits for it, then refuses with the article it now shows', async () => {
    const { id, url } = await image('a'.repeat(64));
    const saved = gate();
    const release = gate();
    let deletion: ReturnType<typeof deleteMedia> | null = null;
    const saving = save(url, async () => {
      deletion = deleteMedia(database.db, nobody, id, storage, new Date());
      // Long enough for the deletion to reach the row's lock; it cannot get past it before the save commits.
      await new Promise((done) => setTimeout(done, 500));
      saved.open();
      await release.opened;
    });
    await saved.opened;
    release.open();
    expect((await saving).ok).toBe(true);
    const result = await (deletion as unknown as ReturnType<typeof deleteMedia>);
    expect(result).toMatchObject({ ok: false, kind: 'inUse', mediaKind: 'image' });
    expect(result.ok ? [] : 'usages' in result ? result.usages.map((u) => [u.format, u.id]) : []).toContainEqual(['article', articleId]);
    expect(await database.db.select({ id: media.id }).from(media).where(eq(media.id, id))).toHaveLength(1);
  });

  it('a deletion under way: the save waits for it, then refuses the image that is gone', async () => {
    const { id, url } = await image('b'.repeat(64));
    const reached = gate();
    const release = gate();
    const deletion = deleteMedia(database.db, nobody, id, heldStorage(release.opened, reached.open), new Date());
    // The row is deleted, the transaction still open (removing the files).
    await reached.opened;
    const saving = save(url, async () => {});
    await new Promise((done) => setTimeout(done, 500));
    release.open();
    expect(await deletion).toMatchObject({ ok: true });
    expect(await saving).toMatchObject({ ok: false, kind: 'bad', message: "L'image doit venir de la médiathèque du site." });
    const [article] = await database.db.select({ image: articles.mainImage }).from(articles).where(eq(articles.id, articleId));
    expect(article?.image?.url).not.toBe(url);
  });
});
