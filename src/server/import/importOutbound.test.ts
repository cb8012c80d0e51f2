/**
 * Issue 34's finding, replayed through the real import path on both databases: a WordPress export (body
 * `<img>`, attachment `wp:attachment_url` as featured image) and a Ghost JSON export (`feature_image`,
 * `<img>`) pointing at a listener on 127.0.0.1 in every spelling of an internal address, imported for
 * real and as a dry run, with downloads on. The listener must see no request at all, the media library
 * must stay empty, the articles must not name the internal addresses, and the report must say "refused"
 * for each image without a word about what answered there.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { media } from '../../db/schema.ts';
import {
  ANSWER_WORDS,
  type CountingListener,
  ghostJsonPointingAt,
  internalHosts,
  REFUSED_LINE,
  startCountingListener,
  wxrPointingAt,
} from '../../testing/internalAddressExports.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../../testing/testDatabase.ts';
import { directoryStorage } from '../newsroom/mediaStorage.ts';
import { seedDemoContent } from '../seed/seedDemoContent.server.ts';
import { openGhostExport } from './ghost/openGhostExport.ts';
import type { ImportReport } from './importReport.ts';
import { runImport } from './importWriter.ts';
import { openWordPressExport } from './wordpress/wxrReader.ts';

const work = mkdtempSync(join(tmpdir(), 'piquante-import-outbound-'));
let listener: CountingListener;
const hosts = () => internalHosts(listener.port);

beforeAll(async () => {
  listener = await startCountingListener();
});
afterAll(async () => {
  await listener.close();
  rmSync(work, { recursive: true, force: true });
});

/** Every image of every post refused, in so many words, and nothing said of an answer. */
function expectRefusedOnly(report: ImportReport, posts: number): void {
  const lines = report.lines.filter((l) => l.kind === 'post');
  expect(lines).toHaveLength(posts);
  for (const line of lines) {
    expect(line.outcome, line.title).not.toBe('failed');
    const images = line.reasons.filter((r) => /image/i.test(r));
    // One line for the body's image, one for the featured image.
    expect(images, line.title).toHaveLength(2);
    for (const reason of images) expect(reason, line.title).toMatch(REFUSED_LINE);
  }
  const text = JSON.stringify(report);
  for (const leak of ANSWER_WORDS) expect(text).not.toContain(leak);
}

describe.each(testDatabaseKinds)('an import pointing at internal addresses on %s', (kind) => {
  let database: TestDatabase;
  const storage = () => directoryStorage(join(work, `media-${kind}`));
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDemoContent(database.db, { articles: 2 });
  }, 120_000);
  afterAll(() => database?.dispose());
  beforeEach(() => listener.reset());

  const bodiesNameNoInternalAddress = async () => {
    const rows = (await database.db.execute(
      sql`SELECT coalesce(doc::text, '') || main_image::text AS body FROM newsroom_articles`,
    )) as unknown as {
      rows: { body: string }[];
    };
    const published = (await database.db.execute(sql`SELECT body::text || main_image::text AS body FROM articles`)) as unknown as {
      rows: { body: string }[];
    };
    const all = JSON.stringify([...rows.rows, ...published.rows]);
    expect(all).not.toContain(`:${listener.port}`);
    expect(all).not.toContain('169.254.169.254');
  };

  const exports = [
    { what: 'WordPress: body images and attachments', file: 'wxr.xml', write: wxrPointingAt, open: openWordPressExport },
    { what: 'Ghost: feature_image and body images', file: 'ghost.json', write: ghostJsonPointingAt, open: openGhostExport },
  ];
  it.each(exports)(
    '$what, dry run then real run — nothing requested, nothing stored',
    async ({ file: name, write, open }) => {
      const file = join(work, `${kind}-${name}`);
      writeFileSync(file, write(hosts()));
      for (const dryRun of [true, false]) {
        const source = await open(file);
        try {
          const { report } = await runImport(database.db, source, { dryRun, download: true, storage: storage() });
          expectRefusedOnly(report, hosts().length);
          expect(report.counts.post?.imported).toBe(hosts().length);
        } finally {
          await source.close();
        }
        expect(listener.requests(), `dryRun=${dryRun}`).toBe(0);
        expect(await database.db.select().from(media)).toHaveLength(0);
      }
      await bodiesNameNoInternalAddress();
    },
    120_000,
  );
});
