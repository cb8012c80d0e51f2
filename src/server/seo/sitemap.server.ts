/**
 * Sitemaps (issue 3 §8): /sitemap.xml is an index of the pages sitemap, the article sitemaps (chunks of
 * seo.sitemapChunkSize) and a Google News sitemap of the last seo.newsWindowHours. Data comes from the
 * content service's modules, the same ones the API answers with.
 */
import { appConfig } from '../../../app.config.ts';
import type { Database } from '../../db/client.ts';
import { countArticles, listArticles } from '../articles/articles.server.ts';
import { listCategories } from '../content/categories.server.ts';
import { listFormatContests } from '../content/formatContests.server.ts';
import { listMosaics } from '../content/mosaics.server.ts';
import { listQuizzes } from '../content/quizzes.server.ts';
import { listReparteeGenerators } from '../content/reparteeGenerators.server.ts';
import { listPublishedTags } from '../content/tags.server.ts';
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

export async function sitemapIndex(db: Database, siteUrl: string): Promise<string> {
  const chunks = Math.max(1, Math.ceil((await countArticles(db)) / appConfig.seo.sitemapChunkSize));
  const files = ['/sitemap-pages.xml'];
  for (let n = 1; n <= chunks; n++) files.push(`/sitemap-articles-${n}.xml`);
  files.push('/sitemap-news.xml');
  const body = files.map((file) => `<sitemap><loc>${xmlEscape(siteUrl + file)}</loc></sitemap>`).join('\n');
  return `${XML_HEAD}<sitemapindex xmlns="${SITEMAP_NS}">\n${body}\n</sitemapindex>\n`;
}

export async function pagesSitemap(db: Database, siteUrl: string): Promise<string> {
  const [categories, quizzes, mosaics, contests, generators, letters, tags] = await Promise.all([
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
  ];
  return `${XML_HEAD}<urlset xmlns="${SITEMAP_NS}">\n${entries.join('\n')}\n</urlset>\n`;
}

/** Articles sitemap number n (1-based), or null past the last one. */
export async function articlesSitemap(db: Database, siteUrl: string, n: number): Promise<string | null> {
  const size = appConfig.seo.sitemapChunkSize;
  if (n < 1 || (n > 1 && (n - 1) * size >= (await countArticles(db)))) return null;
  const articles = await listArticles(db, { limit: size, offset: (n - 1) * size });
  const entries = articles.map((a) => urlEntry(siteUrl, a.fullUrl, a.publishedAt));
  return `${XML_HEAD}<urlset xmlns="${SITEMAP_NS}">\n${entries.join('\n')}\n</urlset>\n`;
}

export async function newsSitemap(db: Database, siteUrl: string, now = new Date()): Promise<string> {
  const since = now.getTime() - appConfig.seo.newsWindowHours * 3_600_000;
  const recent: Awaited<ReturnType<typeof listArticles>> = [];
  for (let offset = 0; recent.length < NEWS_MAX; offset += PAGE) {
    const page = await listArticles(db, { limit: PAGE, offset });
    const fresh = page.filter((a) => Date.parse(a.publishedAt) >= since && Date.parse(a.publishedAt) <= now.getTime());
    recent.push(...fresh);
    // Newest first: once a page reaches past the window, nothing older can qualify.
    if (page.length < PAGE || page.some((a) => Date.parse(a.publishedAt) < since)) break;
  }
  const entries = recent
    .slice(0, NEWS_MAX)
    .map(
      (a) =>
        `<url><loc>${xmlEscape(siteUrl + a.fullUrl)}</loc><news:news><news:publication><news:name>${xmlEscape(
          appConfig.site.name,
        )}</news:name><news:language>${appConfig.site.language}</news:language></news:publication><news:publication_date>${
          a.publishedAt
        }</news:publication_date><news:title>${xmlEscape(a.title)}</news:title></news:news></url>`,
    );
  return `${XML_HEAD}<urlset xmlns="${SITEMAP_NS}" xmlns:news="${NEWS_NS}">\n${entries.join('\n')}\n</urlset>\n`;
}
