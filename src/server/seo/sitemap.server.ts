/**
 * Sitemaps (issue 3 §8): /sitemap.xml is an index of the pages sitemap, the article sitemaps (chunks of
 * seo.sitemapChunkSize, ranges of ids) and a Google News sitemap of the last seo.newsWindowHours. Pages come
 * from the content service's modules; articles are read by bounded index ranges (issue 38: no crawler's
 * request reads the whole archive, however large it grows).
 */
import { appConfig } from '../../../app.config.ts';
import { and, asc, desc, eq, gt, gte, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rowsOf } from '../../db/queryResults.ts';
import { articles, categories } from '../../db/schema.ts';
import { listPublishedAuthors } from '../content/authors.server.ts';
import { listCategories } from '../content/categories.server.ts';
import { listFormatContests } from '../content/formatContests.server.ts';
import { listMosaics } from '../content/mosaics.server.ts';
import { listQuizzes } from '../content/quizzes.server.ts';
import { listReparteeGenerators } from '../content/reparteeGenerators.server.ts';
import { listPublishedTags } from '../content/tags.server.ts';
import { listSourcePages } from '../content/sourcePages.server.ts';
import { listSentIssues } from '../newsletter/issues/issueQueries.ts';
import { xmlEscape } from './xml.ts';

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const NEWS_NS = 'http://www.google.com/schemas/sitemap-news/0.9';
/** Google News reads at most 1 000 URLs per news sitemap. */
const NEWS_MAX = 1000;
const PAGE = 100;

const STATIC_PATHS = [
  '/',
  '/app',
  '/charte-editoriale',
  '/concours',
  '/equipe',
  '/generateur-de-repartie',
  '/instagram',
  '/lettres',
  '/mentions-legales',
  '/mission',
  '/mosaiques',
  '/politique-confidentialite',
  '/quizzes',
  '/shopping',
] as const;

function urlEntry(siteUrl: string, path: string, lastmod?: string): string {
  const lastmodTag = lastmod ? `<lastmod>${xmlEscape(lastmod)}</lastmod>` : '';
  return `<url><loc>${xmlEscape(siteUrl + path)}</loc>${lastmodTag}</url>`;
}

/** Every item of a paged list (limit/offset), page after page. */
async function all<T>(fetchPage: (page: { limit: number; offset: number }) => Promise<T[]>): Promise<T[]> {
  const items: T[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const page = await fetchPage({ limit: PAGE, offset });
    items.push(...page);
    if (page.length < PAGE) return items;
  }
}

/** How many article URLs one sitemap holds (tests inject a small one). */
export interface SitemapOptions {
  chunkSize?: number;
}

function chunkSizeOf(options: SitemapOptions): number {
  return options.chunkSize ?? appConfig.seo.sitemapChunkSize;
}

/**
 * The numbers (1-based) of the article sitemaps that hold at least one article: sitemap n holds the ids
 * ((n − 1) × size, n × size]. A loose index scan: one probe of the primary key per sitemap, never a read
 * of the archive (a gap of unpublished ids leaves no empty sitemap behind).
 */
async function articleChunks(db: Database, size: number): Promise<number[]> {
  const result = await db.execute(sql`
    WITH RECURSIVE chunks(n) AS (
      SELECT (SELECT (min(id) - 1) / ${size} FROM ${articles})
      UNION ALL
      SELECT (SELECT (min(a.id) - 1) / ${size} FROM ${articles} a WHERE a.id > (chunks.n + 1) * ${size})
      FROM chunks WHERE chunks.n IS NOT NULL
    )
    SELECT n::int + 1 AS n FROM chunks WHERE n IS NOT NULL`);
  return rowsOf<{ n: number }>(result).map((row) => Number(row.n));
}

export async function sitemapIndex(db: Database, siteUrl: string, options: SitemapOptions = {}): Promise<string> {
  const chunks = await articleChunks(db, chunkSizeOf(options));
  const files = ['/sitemap-pages.xml', '/sitemap-authors.xml', ...chunks.map((n) => `/sitemap-articles-${n}.xml`), '/sitemap-news.xml'];
  const body = files.map((file) => `<sitemap><loc>${xmlEscape(siteUrl + file)}</loc></sitemap>`).join('\n');
  return `${XML_HEAD}<sitemapindex xmlns="${SITEMAP_NS}">\n${body}\n</sitemapindex>\n`;
}

export async function pagesSitemap(db: Database, siteUrl: string): Promise<string> {
  const [categories, quizzes, mosaics, contests, generators, letters, tags, sourcePages] = await Promise.all([
    listCategories(db),
    all((page) => listQuizzes(db, page)),
    all((page) => listMosaics(db, page)),
    all((page) => listFormatContests(db, page)),
    all(async ({ offset }) => {
      // The repartee list has a fixed page size (the contract takes only an offset).
      const page = await listReparteeGenerators(db, { limit: PAGE, offset });
      return page;
    }),
    all(async (page) => (await listSentIssues(db, page)).results),
    listPublishedTags(db),
    listSourcePages(db),
  ]);
  const entries = [
    ...STATIC_PATHS.map((path) => urlEntry(siteUrl, path)),
    // '/shopping' is also the shopping category's path; the static page already lists it.
    ...categories.filter((c) => !STATIC_PATHS.includes(`/${c.slug}` as never)).map((c) => urlEntry(siteUrl, `/${c.slug}`)),
    ...quizzes.map((q) => urlEntry(siteUrl, `/quizz/${q.url}`, q.publishedAt)),
    ...mosaics.map((m) => urlEntry(siteUrl, `/mosaique/${m.url}`, m.publishedAt)),
    ...contests.map((c) => urlEntry(siteUrl, `/concours/${c.url}`, c.publishedAt)),
    ...generators.map((g) => urlEntry(siteUrl, `/generateur-de-repartie/${g.url}`)),
    // The web versions of sent newsletter issues (issue 21).
    ...letters.map((issue) => urlEntry(siteUrl, `/lettres/${issue.id}`, issue.sentAt)),
    // Public tags with at least one published article (issue 20); an empty tag page is thin content.
    ...tags.map((tag) => urlEntry(siteUrl, `/tag/${tag.slug}`)),
    // The live source's pages (issue 35) whose address is their own (sourcePages.server.ts).
    ...sourcePages.map((page) => urlEntry(siteUrl, page.path, page.updatedAt.toISOString())),
  ];
  return `${XML_HEAD}<urlset xmlns="${SITEMAP_NS}">\n${entries.join('\n')}\n</urlset>\n`;
}

/**
 * The author pages (issue 36) of everyone who signs at least one published article: a file of its own, so
 * that a newsroom with thousands of bylines never swells the pages sitemap.
 */
export async function authorsSitemap(db: Database, siteUrl: string): Promise<string> {
  const entries = (await listPublishedAuthors(db)).map((author) => urlEntry(siteUrl, `/auteur/${author.slug}`));
  return `${XML_HEAD}<urlset xmlns="${SITEMAP_NS}">\n${entries.join('\n')}\n</urlset>\n`;
}

/**
 * Articles sitemap number n (1-based), or null when it holds no article (past the last one): a range of
 * the primary key, so the same articles stay in the same file as the archive grows (stable ETags), and
 * `lastmod` is each article's own last change.
 */
export async function articlesSitemap(db: Database, siteUrl: string, n: number, options: SitemapOptions = {}): Promise<string | null> {
  const size = chunkSizeOf(options);
  if (!Number.isSafeInteger(n) || n < 1 || n * size > 2 ** 31) return null;
  const rows = await db
    .select({ url: articles.url, categorySlug: categories.slug, updatedAt: articles.updatedAt })
    .from(articles)
    .innerJoin(categories, eq(categories.id, articles.categoryId))
    .where(and(gt(articles.id, (n - 1) * size), lte(articles.id, n * size)))
    .orderBy(asc(articles.id));
  if (rows.length === 0 && n > 1) return null;
  const entries = rows.map((a) => urlEntry(siteUrl, `/${a.categorySlug}/${a.url}`, a.updatedAt.toISOString()));
  return `${XML_HEAD}<urlset xmlns="${SITEMAP_NS}">\n${entries.join('\n')}\n</urlset>\n`;
}

/**
 * Google News: the articles published in the last seo.newsWindowHours (nothing older, nothing dated in the
 * future), each with its exact last change (`lastmod`: the reader's copy's updated_at, which only a change
 * readers see moves).
 */
export async function newsSitemap(db: Database, siteUrl: string, now = new Date()): Promise<string> {
  const since = new Date(now.getTime() - appConfig.seo.newsWindowHours * 3_600_000);
  // The window, newest first, read from the recency index: never more than Google News takes.
  const recent = await db
    .select({
      url: articles.url,
      categorySlug: categories.slug,
      title: articles.title,
      publishedAt: articles.publishedAt,
      updatedAt: articles.updatedAt,
    })
    .from(articles)
    .innerJoin(categories, eq(categories.id, articles.categoryId))
    .where(and(gte(articles.publishedAt, since), lte(articles.publishedAt, now)))
    .orderBy(desc(articles.publishedAt), desc(articles.id))
    .limit(NEWS_MAX);
  const entries = recent.map(
    (a) =>
      `<url><loc>${xmlEscape(`${siteUrl}/${a.categorySlug}/${a.url}`)}</loc><lastmod>${a.updatedAt.toISOString()}</lastmod><news:news><news:publication><news:name>${xmlEscape(
        appConfig.site.name,
      )}</news:name><news:language>${appConfig.site.language}</news:language></news:publication><news:publication_date>${a.publishedAt.toISOString()}</news:publication_date><news:title>${xmlEscape(a.title)}</news:title></news:news></url>`,
  );
  return `${XML_HEAD}<urlset xmlns="${SITEMAP_NS}" xmlns:news="${NEWS_NS}">\n${entries.join('\n')}\n</urlset>\n`;
}
