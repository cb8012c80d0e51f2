/**
 * Mail renditions for images uploaded before they were made at upload (issue 39): such an image is left out of
 * a newsletter while it has none, gets both from the `media.mail-renditions` job queued at start, and is then
 * sent as JPEG; a second run does nothing. On PGlite and PostgreSQL (TEST_DATABASE_URL).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articles, media } from '../../db/schema.ts';
import { renderNewsletterIssueMail } from '../../mail/newsletterIssueMail.tsx';
import { testJobHandlers } from '../../testing/jobHandlers.ts';
import { unsupportedImages } from '../../testing/mailClientSupport.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../../testing/testDatabase.ts';
import { type JobQueue, startJobQueue } from '../jobs/jobQueue.server.ts';
import { issueMailInput } from '../newsletter/issues/issueDelivery.ts';
import type { IssueRow } from '../newsletter/issues/issueQueries.ts';
import { directoryStorage, type MediaStorage } from '../newsroom/mediaStorage.ts';
import { seedDemoContent } from '../seed/seedDemoContent.server.ts';
import { backfillMailRenditions, mediaJobHandlers, queueMissingMailRenditions } from './mailRenditionBackfill.ts';
import { mailRenditionName } from './mailRenditions.ts';

const SITE = 'https://piquante.fr';
const OLD = 'd'.repeat(64);
const STORED = 'e'.repeat(64);

const until = async (check: () => Promise<boolean>, what: string) => {
  const deadline = Date.now() + 60_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 200));
  }
};

/** A WebP variant as uploads made them before renditions existed (a photo-like gradient, 1 600 × 1 000). */
async function webpVariant(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i += 1) pixels.set([i % 251, (i / width) % 255, 120], i * 3);
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .webp({ quality: 70 })
    .toBuffer();
}

/** A row written the old way: variants only, no `mail_renditions_at`. */
async function insertOldImage(database: TestDatabase, storage: MediaStorage, hash: string) {
  const variants = [];
  for (const [width, height] of [
    [800, 500],
    [1600, 1000],
  ] as const) {
    const bytes = await webpVariant(width, height);
    await storage.put(`${hash}-${width}.webp`, bytes, 'image/webp');
    variants.push({ format: 'webp' as const, width, height, url: `/media/library/${hash}-${width}.webp`, bytes: bytes.byteLength });
  }
  const [row] = await database.db
    .insert(media)
    .values({ hash, alt: 'Une photo', kind: 'image', width: 1600, height: 1000, sourceFormat: 'jpeg', variants })
    .returning();
  return row?.id ?? 0;
}

describe.each(testDatabaseKinds)('mail renditions for images uploaded earlier, on %s', (kind) => {
  let database: TestDatabase;
  let jobs: JobQueue;
  let dir: string;
  let storage: MediaStorage;
  let oldId = 0;
  let storedId = 0;
  let articleIds: number[] = [];
  const issue = () => ({ id: 1, articleIds, subject: 's', preheader: '', intro: '', newsletterType: 1 }) as IssueRow;
  const mailOf = async () => issueMailInput(database.db, issue(), SITE, `${SITE}/desinscription`);
  const lines: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    dir = await mkdtemp(join(tmpdir(), 'piquante-renditions-'));
    storage = directoryStorage(dir);
    await seedDemoContent(database.db, { articles: 3 });
    articleIds = (await database.db.select({ id: articles.id }).from(articles).orderBy(articles.id)).map((r) => r.id);
    oldId = await insertOldImage(database, storage, OLD);
    // Uploaded with renditions, but its row written before the date was kept: only the date is missing.
    storedId = await insertOldImage(database, storage, STORED);
    for (const width of [600, 1200] as const)
      await storage.put(mailRenditionName(STORED, width), new Uint8Array([0xff, 0xd8, 0xff]), 'image/jpeg');
    await database.db.execute(
      sql`UPDATE articles SET main_image = jsonb_set(main_image, '{url}', ${JSON.stringify(`/media/library/${OLD}-1600.webp`)}::jsonb) WHERE id = ${articleIds[0]}`,
    );
    jobs = await startJobQueue(database, { log: () => {} });
  }, 120_000);

  afterAll(async () => {
    await jobs?.stop();
    await database?.dispose();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('while the image has no renditions, the mail leaves it out and names no SVG, AVIF or WebP', async () => {
    const input = await mailOf();
    expect(input.articles[0]?.image).toBeNull();
    // The demo articles' illustrations are rasterised on request: they stay.
    expect(input.articles[1]?.image?.url).toMatch(/\/media\/mail\/article\/[a-z0-9-]+-1200\.jpg$/);
    const { html } = await renderNewsletterIssueMail(input);
    expect([...unsupportedImages(html).keys()]).toEqual([]);
  });

  it('the job queued at start makes both renditions from the largest variant and dates the row', async () => {
    expect(await queueMissingMailRenditions(database.db, jobs)).toBe(2);
    await jobs.work(testJobHandlers(mediaJobHandlers({ db: database.db, storage, now: () => new Date(), log: (l) => lines.push(l) })), {
      pollingIntervalSeconds: 0.5,
    });
    await until(async () => (await jobs.pending())['media.mail-renditions'] === 0, 'the renditions');
    for (const [width, height] of [
      [600, 375],
      [1200, 750],
    ] as const) {
      const bytes = await storage.get(mailRenditionName(OLD, width));
      expect(bytes, `${width} px`).not.toBeNull();
      const meta = await sharp(bytes ?? new Uint8Array()).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', width, height]);
    }
    // Already stored: kept as they were (three bytes), only the date written.
    expect((await storage.get(mailRenditionName(STORED, 600)))?.byteLength).toBe(3);
    const rows = await database.db.select({ id: media.id, at: media.mailRenditionsAt }).from(media);
    expect(rows.every((row) => row.at instanceof Date)).toBe(true);
    expect(lines).toEqual([`[media] mail renditions made for media ${oldId}`]);
    expect(storedId).toBeGreaterThan(oldId);
  });

  it('a second run does nothing: nothing queued, nothing drawn', async () => {
    expect(await queueMissingMailRenditions(database.db, jobs)).toBe(0);
    const before = (await database.db.select({ at: media.mailRenditionsAt }).from(media).where(eq(media.id, oldId)))[0]?.at;
    const counts = await backfillMailRenditions(database.db, storage, { concurrency: 2, now: () => new Date(), log: () => {} });
    expect(counts).toEqual({ made: 0, found: 0, 'done-already': 0, 'no-image': 0, failed: 0 });
    const after = (await database.db.select({ at: media.mailRenditionsAt }).from(media).where(eq(media.id, oldId)))[0]?.at;
    expect(after).toEqual(before);
  });

  it('the issue then sends the image as its JPEG rendition: only JPEG or PNG in the HTML', async () => {
    const input = await mailOf();
    expect(input.articles[0]?.image?.url).toBe(`${SITE}/media/library/${mailRenditionName(OLD, 1200)}`);
    const { html } = await renderNewsletterIssueMail(input);
    const images = [...html.matchAll(/<img\b[^>]*\bsrc="([^"]*)"/g)].map((m) => m[1] ?? '');
    expect(images.length).toBeGreaterThanOrEqual(2);
    for (const src of images) expect(src).toMatch(/\.(jpe?g|png)$/);
    expect([...unsupportedImages(html).keys()]).toEqual([]);
  });
});

describe.each(testDatabaseKinds)('npm run media:renditions on %s', (kind) => {
  let database: TestDatabase;
  let dir: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    dir = await mkdtemp(join(tmpdir(), 'piquante-renditions-cli-'));
  }, 120_000);
  afterAll(async () => {
    await database?.dispose();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('makes what is missing a few at a time, counts a lost variant as failed and goes on, then has nothing left', async () => {
    const storage = directoryStorage(dir);
    const ids = [];
    for (const hash of ['1', '2', '3'].map((c) => c.repeat(64))) ids.push(await insertOldImage(database, storage, hash));
    await storage.remove(`${'2'.repeat(64)}-1600.webp`);
    await storage.remove(`${'2'.repeat(64)}-800.webp`);
    const log: string[] = [];
    const options = { concurrency: 2, now: () => new Date(), log: (line: string) => log.push(line) };
    expect(await backfillMailRenditions(database.db, storage, options)).toEqual({
      made: 2,
      found: 0,
      'done-already': 0,
      'no-image': 0,
      failed: 1,
    });
    expect(log).toEqual([`[media] media ${ids[1]}: media ${ids[1]}: no variant in storage to draw a rendition from`]);
    // Only what failed is tried again.
    expect(await backfillMailRenditions(database.db, storage, options)).toEqual({
      made: 0,
      found: 0,
      'done-already': 0,
      'no-image': 0,
      failed: 1,
    });
  });
});
