/**
 * Tags and several bylines on the readers' side (issue 20). The shared e2e server's embedded database is
 * locked while it runs, so this spec seeds a database of its own with the demo content, gives one article
 * two bylines, a public tag and an internal one (as an import would), then serves it with a server of its own.
 */
import { expect, test } from '@playwright/test';
import { desc, eq } from 'drizzle-orm';
import { openDatabase } from '../../src/db/client.ts';
import { articleBylines, articles, articleTags, authors, categories, tags } from '../../src/db/schema.ts';
import { backfillNewsroom } from '../../src/server/newsroom/articles/articleReaderCopy.ts';
import { seedDemoContent } from '../../src/server/seed/seedDemoContent.server.ts';
import { seriousAxeViolations } from './support/axe.ts';
import { type OwnServer, startOwnServer, tempDataDir } from './support/ownServer.ts';

test.describe.configure({ mode: 'serial' });

const TAG = { slug: 'e2e-vintage', name: 'Vintage assumé' };
const INTERNAL = { slug: 'hash-e2e-interne', name: '#e2e-interne' };
const SECOND = { slug: 'e2e-leo-petit', name: 'Léo Petit E2E', role: 'Pigiste' };

let server: OwnServer;
let data: ReturnType<typeof tempDataDir>;
let article: { url: string; title: string; fullUrl: string; authorName: string };

test.beforeAll(async () => {
  test.setTimeout(180_000);
  data = tempDataDir();
  const database = await openDatabase({ kind: 'pglite', dataDir: data.dir });
  try {
    await seedDemoContent(database.db);
    // Tags and bylines hang on the editorial row: the seed's articles get theirs as at boot.
    await backfillNewsroom(database.db);
    const [row] = await database.db
      .select({
        id: articles.id,
        url: articles.url,
        title: articles.title,
        slug: categories.slug,
        authorName: authors.name,
        authorId: authors.id,
      })
      .from(articles)
      .innerJoin(categories, eq(categories.id, articles.categoryId))
      .innerJoin(authors, eq(authors.id, articles.authorId))
      .orderBy(desc(articles.publishedAt), desc(articles.id))
      .limit(1);
    if (!row) throw new Error('the demo seed has no article');
    article = { url: row.url, title: row.title, fullUrl: `/${row.slug}/${row.url}`, authorName: row.authorName };
    const [second] = await database.db.insert(authors).values(SECOND).returning();
    const [tag, internal] = await database.db
      .insert(tags)
      .values([TAG, { ...INTERNAL, internal: true }])
      .returning();
    if (!second || !tag || !internal) throw new Error('insert failed');
    await database.db.insert(articleBylines).values([
      { articleId: row.id, authorId: row.authorId, position: 0 },
      { articleId: row.id, authorId: second.id, position: 1 },
    ]);
    await database.db.insert(articleTags).values([
      { articleId: row.id, tagId: internal.id, position: 0 },
      { articleId: row.id, tagId: tag.id, position: 1 },
    ]);
  } finally {
    await database.close();
  }
  server = await startOwnServer({ DATA_DIR: data.dir });
});

test.afterAll(async () => {
  await server?.kill('SIGTERM');
  data?.remove();
});

test('the article shows both bylines and its public tag; the tag page lists it and passes axe', async ({ page }) => {
  await page.goto(`${server.baseUrl}${article.fullUrl}`);
  await expect(page.getByTestId('bylines')).toHaveText(`Par ${article.authorName} et ${SECOND.name}`);
  const tagsNav = page.getByRole('navigation', { name: 'Tags' });
  await expect(tagsNav.getByRole('link')).toHaveCount(1);
  const tagLink = tagsNav.getByRole('link', { name: TAG.name });
  await expect(tagLink).toHaveAttribute('href', `/tag/${TAG.slug}`);
  // The internal tag is nowhere in the page, its markup or its data included.
  expect(await page.content()).not.toContain(INTERNAL.slug);
  expect(await page.content()).not.toContain(INTERNAL.name);
  // JSON-LD names both authors and the public tag.
  const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
  const news = jsonLd.map((text) => JSON.parse(text) as Record<string, unknown>).find((item) => item['@type'] === 'NewsArticle');
  expect(news?.author).toEqual([
    { '@type': 'Person', name: article.authorName, url: expect.stringMatching(/\/auteur\/[a-z0-9-]+$/) },
    { '@type': 'Person', name: SECOND.name, url: expect.stringMatching(new RegExp(`/auteur/${SECOND.slug}$`)) },
  ]);
  expect(news?.keywords).toEqual([TAG.name]);

  await tagLink.click();
  await expect(page).toHaveURL(`${server.baseUrl}/tag/${TAG.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: TAG.name })).toBeVisible();
  await expect(page).toHaveTitle(`Tag : ${TAG.name} - Piquante`);
  const list = page.getByTestId('article-list');
  await expect(list.getByRole('link', { name: article.title }).first()).toBeVisible();
  await expect(list.locator('li')).toHaveCount(1);
  await page.waitForLoadState('networkidle');
  expect(await seriousAxeViolations(page, { bestPractice: true })).toEqual([]);
});

test('the tag page loads directly (server rendering), with its canonical and cache headers', async ({ page, request }) => {
  const response = await request.get(`${server.baseUrl}/tag/${TAG.slug}`);
  expect(response.status()).toBe(200);
  expect(response.headers()['cache-control']).toMatch(/public/);
  expect(response.headers().etag).toBeTruthy();
  const html = await response.text();
  const canonical = /<link[^>]*rel="canonical"[^>]*>/.exec(html)?.[0] ?? '';
  expect(canonical).toMatch(new RegExp(`href="https?://[^"]+/tag/${TAG.slug}"`));
  await page.goto(`${server.baseUrl}/tag/${TAG.slug}`);
  await expect(page.getByTestId('article-list').getByRole('link', { name: article.title }).first()).toBeVisible();
});

test('an internal or unknown tag is a 404 page', async ({ request }) => {
  for (const slug of [INTERNAL.slug, 'tag-inconnu']) {
    const response = await request.get(`${server.baseUrl}/tag/${slug}`);
    expect(response.status(), slug).toBe(404);
  }
});

test('the sitemap lists the public tag, never the internal one', async ({ request }) => {
  const xml = await (await request.get(`${server.baseUrl}/sitemap-pages.xml`)).text();
  expect(xml).toContain(`/tag/${TAG.slug}</loc>`);
  expect(xml).not.toContain(INTERNAL.slug);
});
