/**
 * The import writer on both databases, from a source made in the test (the readers have their own tests
 * on real export files): what comes in, what the report says, a second run that changes nothing, a
 * changed item updated, a failing item that does not stop the rest, a dry run that writes nothing and
 * says the same.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { articleBylines, articles, articleTags, authors, categories, media, newsroomArticles, redirects, tags } from '../../db/schema.ts';
import { directoryStorage } from '../newsroom/mediaStorage.ts';
import { seedDemoContent } from '../seed/seedDemoContent.server.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../../testing/testDatabase.ts';
import type { ImportEvent, ImportPost, ImportSource } from './importModel.ts';
import { runImport } from './importWriter.ts';
import { pathOnOldSite } from './oldSiteLinks.ts';
import { mediaUsages } from '../newsroom/mediaUsage.ts';

const SITE = 'https://ancien.example';

async function png(color: { r: number; g: number; b: number }): Promise<Uint8Array> {
  return sharp({ create: { width: 40, height: 30, channels: 3, background: color } })
    .png()
    .toBuffer();
}

const post = (over: Partial<ImportPost> & Pick<ImportPost, 'sourceId' | 'title'>): ImportPost => ({
  kind: 'post',
  slug: '',
  status: 'published',
  publishedAt: new Date('2021-03-04T10:00:00Z'),
  updatedAt: new Date('2021-03-05T10:00:00Z'),
  excerpt: '',
  seoTitle: '',
  seoDescription: '',
  authorSourceIds: [],
  categorySourceIds: [],
  tagSourceIds: [],
  bodyHtml: '<p>Un texte.</p>',
  featureImage: null,
  oldUrls: [],
  ...over,
});

function sourceOf(events: ImportEvent[], images: Record<string, Uint8Array>): ImportSource {
  return {
    kind: 'wordpress',
    siteUrl: SITE,
    postCount: events.filter((e) => e.type === 'post').length,
    async *events() {
      yield* events;
    },
    async readImage(url) {
      return images[url] ?? null;
    },
    async close() {},
  };
}

async function magazine(images: Record<string, Uint8Array>, changes: { secondBody?: string } = {}) {
  const events: ImportEvent[] = [
    { type: 'author', author: { sourceId: 'alice', slug: 'alice', name: 'Alice Martin' } },
    { type: 'author', author: { sourceId: 'leo', slug: 'leo', name: 'Léo &amp; Petit' } },
    {
      type: 'category',
      term: {
        sourceId: 'voyages',
        slug: 'voyages',
        name: 'Voyages',
        description: '',
        parentSourceId: null,
        internal: false,
        oldUrls: [`${SITE}/category/voyages/`],
      },
    },
    {
      type: 'category',
      term: { sourceId: 'iles', slug: 'iles', name: 'Îles', description: '', parentSourceId: 'voyages', internal: false, oldUrls: [] },
    },
    {
      type: 'tag',
      term: { sourceId: 'ete', slug: 'ete', name: 'Été', description: '', parentSourceId: null, internal: false, oldUrls: [] },
    },
    {
      type: 'tag',
      term: {
        sourceId: 'interne',
        slug: 'hash-interne',
        name: '#interne',
        description: '',
        parentSourceId: null,
        internal: true,
        oldUrls: [],
      },
    },
    {
      type: 'post',
      post: post({
        sourceId: '1',
        title: 'Une <em>semaine</em> à Belle-Île',
        slug: 'une-semaine-a-belle-ile',
        excerpt: 'Le chapeau &amp; la suite',
        authorSourceIds: ['leo', 'alice'],
        categorySourceIds: ['iles', 'voyages'],
        tagSourceIds: ['ete', 'interne'],
        bodyHtml: `<p>Bonjour <strong>toi</strong>.</p><script>alert(1)</script><p><img src="${SITE}/wp-content/uploads/a.png" alt="Une plage"></p><p><a href="${SITE}/2020/01/le-second/">le second</a></p><p><img src="${SITE}/absente.png" alt="x"></p>`,
        featureImage: { url: `${SITE}/wp-content/uploads/a.png`, alt: 'La plage', caption: '' },
        oldUrls: [`${SITE}/2021/03/une-semaine-a-belle-ile/`, `${SITE}/?p=1`],
      }),
    },
    {
      type: 'post',
      post: post({
        sourceId: '2',
        title: 'Le second',
        slug: 'le-second',
        bodyHtml: changes.secondBody ?? '<p>Deux.</p>',
        categorySourceIds: ['voyages'],
        oldUrls: [`${SITE}/2020/01/le-second/`],
      }),
    },
    { type: 'post', post: post({ sourceId: '3', title: 'Brouillon', status: 'draft', publishedAt: null }) },
    { type: 'post', post: post({ sourceId: '4', title: 'Programmé', status: 'scheduled', publishedAt: new Date('2030-01-01T08:00:00Z') }) },
    { type: 'post', post: post({ sourceId: '5', title: 'Privé', status: 'private' }) },
    { type: 'post', post: post({ sourceId: '6', title: 'Jeté', status: 'trash' }) },
    { type: 'post', post: post({ sourceId: '7', title: 'Mentions', kind: 'page' }) },
    // A date no database can store: this item fails, the others come in.
    {
      type: 'post',
      post: post({ sourceId: '8', title: 'Daté de nulle part', publishedAt: new Date(Number.NaN), updatedAt: new Date(Number.NaN) }),
    },
    { type: 'skipped', skipped: { kind: 'comment', sourceId: '1#9', title: '', reason: 'les commentaires ne sont pas importés' } },
  ];
  return sourceOf(events, images);
}

async function counts(db: Database) {
  const [row] = (
    (await db.execute(sql`SELECT
      (SELECT count(*) FROM newsroom_articles)::int AS drafts,
      (SELECT count(*) FROM articles)::int AS published,
      (SELECT count(*) FROM authors)::int AS authors,
      (SELECT count(*) FROM categories)::int AS categories,
      (SELECT count(*) FROM tags)::int AS tags,
      (SELECT count(*) FROM media)::int AS media,
      (SELECT count(*) FROM redirects)::int AS redirects,
      (SELECT count(*) FROM import_items)::int AS items`)) as unknown as { rows: Record<string, number>[] }
  ).rows;
  return row;
}

describe.each(testDatabaseKinds)('runImport on %s', (kind) => {
  let database: TestDatabase;
  let mediaDir: string;
  let images: Record<string, Uint8Array>;
  let firstReport: Awaited<ReturnType<typeof runImport>>['report'];
  const options = () => ({
    dryRun: false,
    storage: directoryStorage(mediaDir),
    download: false,
    now: () => new Date('2026-11-25T12:00:00Z'),
  });

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDemoContent(database.db, { articles: 4 });
    mediaDir = mkdtempSync(join(tmpdir(), 'piquante-import-media-'));
    images = { [`${SITE}/wp-content/uploads/a.png`]: await png({ r: 200, g: 30, b: 40 }) };
  }, 120_000);
  afterAll(async () => {
    await database?.dispose();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  it('a dry run writes nothing and reports what the real run then does', async () => {
    const before = await counts(database.db);
    const dry = await runImport(database.db, await magazine(images), { ...options(), dryRun: true });
    expect(await counts(database.db)).toEqual(before);
    expect(dry.publicChange).toBe(false);
    const real = await runImport(database.db, await magazine(images), options());
    expect(real.report.counts).toEqual(dry.report.counts);
    expect(real.report.lines).toEqual(dry.report.lines);
    firstReport = real.report;
  }, 120_000);

  it('brings posts with their state, bylines, tags, images and old addresses, and says what it changed', async () => {
    const db = database.db;
    const rows = await db
      .select()
      .from(newsroomArticles)
      .where(sql`${newsroomArticles.title} in ('Une semaine à Belle-Île', 'Le second', 'Brouillon', 'Programmé', 'Privé')`);
    const byTitle = new Map(rows.map((r) => [r.title, r]));
    expect(byTitle.get('Une semaine à Belle-Île')?.status).toBe('published');
    expect(byTitle.get('Une semaine à Belle-Île')?.subtitle).toBe('Le chapeau & la suite');
    expect(byTitle.get('Brouillon')?.status).toBe('draft');
    expect(byTitle.get('Programmé')?.status).toBe('scheduled');
    expect(byTitle.get('Privé')?.status).toBe('draft');
    const first = byTitle.get('Une semaine à Belle-Île');
    if (!first) throw new Error('first post missing');
    // Readers see the published ones only.
    const published = await db.select({ id: articles.id }).from(articles).where(eq(articles.id, first.id));
    expect(published).toHaveLength(1);
    expect(await db.select().from(articles).where(eq(articles.title, 'Brouillon'))).toHaveLength(0);
    // Bylines in the source's order; the first is the article's author.
    const bylines = await db
      .select({ name: authors.name })
      .from(articleBylines)
      .innerJoin(authors, eq(authors.id, articleBylines.authorId))
      .where(eq(articleBylines.articleId, first.id))
      .orderBy(asc(articleBylines.position));
    expect(bylines.map((b) => b.name)).toEqual(['Léo & Petit', 'Alice Martin']);
    const [iles] = await db.select().from(categories).where(eq(categories.slug, 'iles'));
    expect(first.categoryId).toBe(iles?.id);
    const tagRows = await db
      .select({ slug: tags.slug, internal: tags.internal })
      .from(articleTags)
      .innerJoin(tags, eq(tags.id, articleTags.tagId))
      .where(eq(articleTags.articleId, first.id))
      .orderBy(asc(articleTags.position));
    expect(tagRows).toEqual([
      { slug: 'ete', internal: false },
      { slug: 'hash-interne', internal: true },
    ]);
    // The feature image and the body image are one library entry; the body holds no script text.
    expect(await db.select().from(media)).toHaveLength(1);
    expect(first.mainImage.url).toMatch(/^\/media\/library\/[0-9a-f]{64}-\d+\.webp$/);
    const text = JSON.stringify(first.doc);
    expect(text).not.toContain('alert');
    expect(text).toContain('"mediaId"');
    // What the import stored is known to the library: deleting it is refused, naming the imported article.
    const [stored] = await db.select({ id: media.id }).from(media);
    const used = await mediaUsages(db, stored?.id ?? 0);
    expect(used?.usages.map((u) => [u.format, u.id, u.editorPath])).toContainEqual(['article', first.id, `/admin/articles/${first.id}`]);
    // The link to the second post's old address now points at its new one.
    expect(text).toContain('/voyages/le-second');
    expect(text).not.toContain('ancien.example/2020');
    // Old addresses: the permalink and ?p=ID to the article, the category's page to the category.
    const kept = await db.select().from(redirects).orderBy(asc(redirects.fromPath));
    expect(kept.map((r) => [r.fromPath, r.articleId ?? r.toPath])).toEqual(
      expect.arrayContaining([
        ['/2021/03/une-semaine-a-belle-ile', first.id],
        ['/?p=1', first.id],
        ['/category/voyages', '/voyages'],
      ]),
    );
  });

  it('reports every item not imported as is, and a failing item does not stop the others', async () => {
    const { report } = await runImport(database.db, await magazine(images), options());
    // The second run: nothing changed, nothing written, nothing twice.
    expect(report.counts.post).toEqual({ imported: 0, updated: 0, unchanged: 5, skipped: 1, failed: 1 });
    expect(report.counts.page).toEqual({ imported: 0, updated: 0, unchanged: 0, skipped: 1, failed: 0 });
    expect(report.counts.comment?.skipped).toBe(1);
    const reasons = firstReport.lines.map((l) => `${l.kind} ${l.sourceId} ${l.outcome}: ${l.reasons.join(' | ')}`);
    expect(reasons.join('\n')).toMatch(/category iles imported: sous-rubrique de « Voyages »/);
    expect(reasons.join('\n')).toMatch(/post 6 skipped: à la corbeille/);
    expect(reasons.join('\n')).toMatch(/page 7 skipped: page : indiquez --pages-category/);
    expect(reasons.join('\n')).toMatch(/post 8 failed: date de publication illisible/);
    expect(reasons.join('\n')).toMatch(/post 5 imported: privé dans la source : importé en brouillon/);
    const first = reasons.find((r) => r.startsWith('post 1 imported:')) ?? '';
    expect(first).toContain('retiré du texte : script');
    expect(first).toContain('image https://ancien.example/absente.png : absente de l’export');
    expect(first).toContain('plusieurs rubriques : gardée la première, pas « Voyages »');
  });

  it('a second run creates nothing twice; a changed post is updated', async () => {
    const before = await counts(database.db);
    const again = await runImport(database.db, await magazine(images), options());
    expect(await counts(database.db)).toEqual(before);
    expect(again.report.counts.post?.unchanged).toBe(5);
    const changed = await runImport(database.db, await magazine(images, { secondBody: '<p>Deux, revu.</p>' }), options());
    expect(changed.report.counts.post?.updated).toBe(1);
    expect(await counts(database.db)).toEqual(before);
    const [second] = await database.db.select().from(articles).where(eq(articles.title, 'Le second'));
    expect(JSON.stringify(second?.body)).toContain('Deux, revu.');
  });
});

describe('images downloaded from their address, pages into a category', () => {
  let database: TestDatabase;
  let server: Server;
  let base = '';
  let mediaDir: string;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    await seedDemoContent(database.db, { articles: 2 });
    mediaDir = mkdtempSync(join(tmpdir(), 'piquante-import-download-'));
    const bytes = await png({ r: 10, g: 120, b: 90 });
    server = createServer((request, response) => {
      if (request.url === '/photo.png') response.writeHead(200, { 'content-type': 'image/png' }).end(bytes);
      else if (request.url === '/page.html') response.writeHead(200, { 'content-type': 'text/html' }).end('<p>pas une image</p>');
      else response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    // A public-looking name the test resolver maps onto the listener, allowed as an operator would an intranet host.
    base = `http://images.ancien.example:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await database.dispose();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  it('downloads what the export does not hold, names what it could not have, and files pages as drafts', async () => {
    const events: ImportEvent[] = [
      {
        type: 'post',
        post: post({
          sourceId: '1',
          title: 'Avec photo',
          bodyHtml: `<p><img src="${base}/photo.png" alt="Photo"></p><p><img src="${base}/absente.png" alt="Absente"></p><p><img src="${base}/page.html" alt="Page"></p>`,
          featureImage: { url: `${base}/photo.png`, alt: 'Photo', caption: '' },
        }),
      },
      { type: 'post', post: post({ sourceId: '2', title: 'Mentions légales', kind: 'page' }) },
    ];
    const [category] = await database.db.select({ slug: categories.slug, id: categories.id }).from(categories).limit(1);
    const { report } = await runImport(database.db, sourceOf(events, {}), {
      dryRun: false,
      storage: directoryStorage(mediaDir),
      download: true,
      access: {
        policy: { allowHosts: ['images.ancien.example'] },
        resolve: async () => [{ address: '127.0.0.1', family: 4 }],
      },
      pagesCategorySlug: category?.slug ?? null,
    });
    const line = report.lines.find((l) => l.sourceId === '1');
    expect(line?.reasons.join(' | ')).toContain(`image ${base}/absente.png : le serveur a répondu 404`);
    expect(line?.reasons.join(' | ')).toContain(`image ${base}/page.html : ni JPEG, ni PNG, ni WebP, ni AVIF`);
    expect(await database.db.select().from(media)).toHaveLength(1);
    const [page] = await database.db.select().from(newsroomArticles).where(eq(newsroomArticles.title, 'Mentions légales'));
    expect(page).toMatchObject({ status: 'draft', categoryId: category?.id });
    expect(report.counts.page?.imported).toBe(1);
  });
});

describe('pathOnOldSite', () => {
  it('keeps paths and the old site’s addresses, never another site’s', () => {
    expect(pathOnOldSite('/2020/01/x/', SITE)).toBe('/2020/01/x/');
    expect(pathOnOldSite('https://www.ancien.example/a?p=3', SITE)).toBe('/a?p=3');
    expect(pathOnOldSite('https://evil.example/a', SITE)).toBeNull();
    expect(pathOnOldSite('//evil.example/a', SITE)).toBeNull();
    expect(pathOnOldSite('javascript:alert(1)', SITE)).toBeNull();
  });
});
