/**
 * Issue 34's finding, replayed through the real import path on both databases: a WordPress export (body
 * `<img>`, attachment `wp:attachment_url` as featured image) and a Ghost JSON export (`feature_image`,
 * `<img>`) pointing at a listener on 127.0.0.1 in every spelling of an internal address, imported for
 * real and as a dry run, with downloads on. The listener must see no request at all, the media library
 * must stay empty, the articles must not name the internal addresses, and the report must say "refused"
 * for each image without a word about what answered there.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { media } from '../../db/schema.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../../testing/testDatabase.ts';
import { directoryStorage } from '../newsroom/mediaStorage.ts';
import { seedDemoContent } from '../seed/seedDemoContent.server.ts';
import { openGhostExport } from './ghost/openGhostExport.ts';
import type { ImportReport } from './importReport.ts';
import { runImport } from './importWriter.ts';
import { openWordPressExport } from './wordpress/wxrReader.ts';

const work = mkdtempSync(join(tmpdir(), 'piquante-import-outbound-'));
const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

let server: Server;
let port = 0;
let requests = 0;

beforeAll(async () => {
  // What the listener did: answer every request with a 1×1 PNG (and count it).
  server = createServer((_request, response) => {
    requests++;
    response.writeHead(200, { 'content-type': 'image/png' }).end(PNG_1X1);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(work, { recursive: true, force: true });
});

/** The spellings of the listener's address, and the cloud metadata service. */
const hosts = () => [
  `127.0.0.1:${port}`,
  `localhost:${port}`,
  `2130706433:${port}`,
  `0x7f000001:${port}`,
  `0177.0.0.1:${port}`,
  `127.1:${port}`,
  `0.0.0.0:${port}`,
  `[::1]:${port}`,
  `[::ffff:127.0.0.1]:${port}`,
  `[::ffff:7f00:1]:${port}`,
  '169.254.169.254',
];

function writeWxr(file: string): void {
  const items = hosts().map((host, i) => {
    const id = i + 1;
    return `<item><title>Billet ${id}</title><link>https://old.example/${id}/</link><dc:creator>jane</dc:creator>
<content:encoded><![CDATA[<p>Texte ${id}.</p><p><img src="http://${host}/corps-${id}.png" alt="Corps ${id}"></p>]]></content:encoded><excerpt:encoded><![CDATA[]]></excerpt:encoded>
<wp:post_id>${id}</wp:post_id><wp:post_date>2020-01-02 03:04:05</wp:post_date><wp:post_date_gmt>2020-01-02 03:04:05</wp:post_date_gmt>
<wp:post_name>billet-${id}</wp:post_name><wp:status>publish</wp:status><wp:post_type>post</wp:post_type><wp:post_password></wp:post_password>
<wp:postmeta><wp:meta_key>_thumbnail_id</wp:meta_key><wp:meta_value>${100 + id}</wp:meta_value></wp:postmeta></item>
<item><title>piece-${id}</title><wp:post_id>${100 + id}</wp:post_id><wp:post_parent>${id}</wp:post_parent><wp:post_type>attachment</wp:post_type>
<wp:attachment_url>http://${host}/piece-jointe-${id}.png</wp:attachment_url></item>`;
  });
  writeFileSync(
    file,
    `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel><title>Site</title><wp:wxr_version>1.2</wp:wxr_version><wp:base_site_url>https://old.example</wp:base_site_url>
${items.join('\n')}
</channel></rss>`,
  );
}

function writeGhost(file: string): void {
  const posts = hosts().map((host, i) => ({
    id: `g${i + 1}`,
    uuid: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
    title: `Billet fantôme ${i + 1}`,
    slug: `billet-fantome-${i + 1}`,
    lexical: null,
    mobiledoc: null,
    html: `<p>Texte.</p><img src="http://${host}/ghost-corps-${i + 1}.png" alt="Corps">`,
    feature_image: `http://${host}/ghost-une-${i + 1}.png`,
    type: 'post',
    status: 'published',
    visibility: 'public',
    published_at: '2024-05-01T08:00:00.000Z',
    updated_at: '2024-05-01T08:00:00.000Z',
  }));
  writeFileSync(
    file,
    JSON.stringify({
      db: [
        {
          meta: { exported_on: 1716800000000, version: '5.80.0' },
          data: {
            posts,
            posts_authors: posts.map((p, i) => ({ id: `pa${i}`, post_id: p.id, author_id: 'u1', sort_order: 0 })),
            users: [{ id: 'u1', slug: 'camille', name: 'Camille', email: 'c@exemple.fr' }],
            tags: [],
          },
        },
      ],
    }),
  );
}

const REFUSED = /^Image (principale )?ignorée : adresse refusée \(réseau interne ou non autorisé\) : http:\/\//;

/** Every image of every post refused, in so many words, and nothing said of an answer. */
function expectRefusedOnly(report: ImportReport, posts: number): void {
  const lines = report.lines.filter((l) => l.kind === 'post');
  expect(lines).toHaveLength(posts);
  for (const line of lines) {
    expect(line.outcome, line.title).not.toBe('failed');
    const images = line.reasons.filter((r) => /image/i.test(r));
    // One line for the body's image, one for the featured image.
    expect(images, line.title).toHaveLength(2);
    for (const reason of images) expect(reason, line.title).toMatch(REFUSED);
  }
  const text = JSON.stringify(report);
  for (const leak of ['répondu', 'JPEG', 'injoignable', 'délai', 'trop lourde']) expect(text).not.toContain(leak);
}

describe.each(testDatabaseKinds)('an import pointing at internal addresses on %s', (kind) => {
  let database: TestDatabase;
  const storage = () => directoryStorage(join(work, `media-${kind}`));
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDemoContent(database.db, { articles: 2 });
  }, 120_000);
  afterAll(() => database?.dispose());
  beforeEach(() => {
    requests = 0;
  });

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
    expect(all).not.toContain(`:${port}`);
    expect(all).not.toContain('169.254.169.254');
  };

  it('WordPress: body images and attachments, dry run then real run — nothing requested, nothing stored', async () => {
    const file = join(work, `wxr-${kind}.xml`);
    writeWxr(file);
    for (const dryRun of [true, false]) {
      const source = await openWordPressExport(file);
      try {
        const { report } = await runImport(database.db, source, { dryRun, download: true, storage: storage() });
        expectRefusedOnly(report, hosts().length);
        expect(report.counts.post?.imported).toBe(hosts().length);
      } finally {
        await source.close();
      }
      expect(requests, `dryRun=${dryRun}`).toBe(0);
      expect(await database.db.select().from(media)).toHaveLength(0);
    }
    await bodiesNameNoInternalAddress();
  }, 120_000);

  it('Ghost: feature_image and body images, dry run then real run — nothing requested, nothing stored', async () => {
    const file = join(work, `ghost-${kind}.json`);
    writeGhost(file);
    for (const dryRun of [true, false]) {
      const source = await openGhostExport(file);
      try {
        const { report } = await runImport(database.db, source, { dryRun, download: true, storage: storage() });
        expectRefusedOnly(report, hosts().length);
      } finally {
        await source.close();
      }
      expect(requests, `dryRun=${dryRun}`).toBe(0);
      expect(await database.db.select().from(media)).toHaveLength(0);
    }
    await bodiesNameNoInternalAddress();
  }, 120_000);
});
