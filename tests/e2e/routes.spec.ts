/**
 * Every route of SPEC §2 answers 200 with server-rendered content; unknown items and paths answer
 * 404 'This page could not be found'; the 7 redirects answer 301 keeping path and query.
 */
import { createHash } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { appConfig, appVariantPrefix } from '../../app.config.ts';
import { demo, NOT_FOUND } from './support.ts';

/** The server-rendered HTML of a path (no JavaScript runs): status and body. */
async function ssr(request: import('@playwright/test').APIRequestContext, path: string) {
  const response = await request.get(path, { maxRedirects: 0, headers: { accept: 'text/html' } });
  return { status: response.status(), html: await response.text(), headers: response.headers() };
}

function decode(html: string): string {
  return html
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
}

test('every route of SPEC §2 answers 200 with server-rendered content from the database', async ({ request }) => {
  const d = await demo(request);
  const routes: [string, string][] = [
    ['/', 'À la une'],
    [`/${d.category.slug}`, d.category.name],
    [d.article.fullUrl, d.article.title],
    ['/app', "L'appli mobile"],
    ['/charte-editoriale', 'Charte éditoriale'],
    ['/concours', 'Concours'],
    [`/concours/${d.contest?.url}`, d.contest?.title ?? ''],
    ['/equipe', "L'équipe"],
    ['/generateur-de-repartie', 'Générateur de répartie'],
    [`/generateur-de-repartie/${d.generator?.url}`, d.generator?.title ?? ''],
    ['/instagram', 'Instagram'],
    ['/mentions-legales', 'Mentions légales'],
    ['/mission', 'Notre mission'],
    ['/mosaiques', 'Mosaïques'],
    [`/mosaique/${d.mosaic?.url}`, d.mosaic?.title ?? ''],
    ['/mosaique', d.mosaic?.title ?? ''],
    ['/politique-confidentialite', 'Protection des données'],
    ['/quizzes', 'Quiz'],
    [`/quizz/${d.quiz.url}`, d.quiz.title],
    [`/quizz/${d.quiz.url}/${d.quizResult?.url}`, d.quizResult?.title ?? ''],
    ['/shopping', 'Shopping'],
    [`${appVariantPrefix}/mission`, 'Notre mission'],
    [`${appVariantPrefix}/shopping`, 'Shopping'],
    [`${appVariantPrefix}${d.article.fullUrl}`, d.article.title],
    [`${appVariantPrefix}/${d.article.url}`, d.article.title],
  ];
  for (const [path, heading] of routes) {
    const { status, html } = await ssr(request, path);
    expect.soft(status, path).toBe(200);
    const h1 = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1]?.replace(/<[^>]+>/g, '') ?? '';
    expect.soft(decode(h1), path).toContain(heading);
  }
});

test('the signup pages of the newsletter issue answer 200', async ({ request }) => {
  for (const path of ['/inscription', '/inscription/header', '/desinscription', '/desinscription/footer']) {
    expect.soft((await ssr(request, path)).status, path).toBe(200);
  }
});

test('unknown paths and failed validity checks answer 404 with the exact text', async ({ request }) => {
  const d = await demo(request);
  const paths = [
    '/cette-page-nexiste-pas/ni-celle-ci/non-plus',
    '/rubrique-inconnue',
    '/Mode',
    `/${d.category.slug}/article-inconnu`,
    '/quizz/quiz-inconnu',
    `/quizz/${d.quiz.url}/resultat-inconnu`,
    '/mosaique/mosaique-inconnue',
    '/generateur-de-repartie/generateur-inconnu',
    `${appVariantPrefix}/article-inconnu`,
    '/concours/concours-inconnu',
  ];
  for (const path of paths) {
    const { status, html } = await ssr(request, path);
    expect.soft(status, path).toBe(404);
    expect.soft(html, path).toContain(NOT_FOUND);
  }
  // SPEC §8: an unknown contest also says 'Non trouvé'.
  expect((await ssr(request, '/concours/concours-inconnu')).html).toContain('Non trouvé');
});

test('an article reached through another category moves to its own address (301)', async ({ request }) => {
  const d = await demo(request);
  const other = d.categories.find((c) => c.slug !== d.article.categorySlug);
  const { status, headers } = await ssr(request, `/${other?.slug}/${d.article.url}`);
  expect(status).toBe(301);
  expect(headers.location).toContain(d.article.fullUrl);
});

test('the 7 old prefixes are redirected with 301, keeping the rest of the path and the query', async ({ request }) => {
  expect(appConfig.redirects).toHaveLength(7);
  for (const { from, to } of appConfig.redirects) {
    const response = await request.get(`${from}/un-article?utm_source=test&x=1`, { maxRedirects: 0 });
    expect.soft(response.status(), from).toBe(301);
    expect.soft(response.headers().location, from).toBe(`${to}/un-article?utm_source=test&x=1`);
    const bare = await request.get(from, { maxRedirects: 0 });
    expect.soft(bare.headers().location, from).toBe(to);
  }
  // Only whole segments: '/styles-de-vie' is not '/style'.
  expect((await request.get('/styles-de-vie', { maxRedirects: 0 })).status()).not.toBe(301);
});

test('pages carry titles, canonical URLs, Open Graph and JSON-LD', async ({ page, request }) => {
  const d = await demo(request);
  await page.goto(d.article.fullUrl);
  await expect(page).toHaveTitle(`${d.article.title} - Piquante`);
  await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute('content', 'fr_FR');
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${d.article.fullUrl}$`));
  const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
  const types = ld.map((text) => (JSON.parse(text) as { '@type': string })['@type']);
  expect(types).toEqual(expect.arrayContaining(['NewsArticle', 'BreadcrumbList']));
  await page.goto(`/${d.category.slug}`);
  await expect(page).toHaveTitle(`${d.category.name} - Piquante`);
  await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute(
    'href',
    new RegExp(`/${d.category.slug}/rss.xml$`),
  );
});

test('robots.txt, the sitemaps and the RSS feeds are served', async ({ request }) => {
  const d = await demo(request);
  const robots = await request.get('/robots.txt');
  expect(await robots.text()).toMatch(/Sitemap: .*\/sitemap\.xml/);
  const index = await (await request.get('/sitemap.xml')).text();
  expect(index).toContain('<sitemapindex');
  expect(index).toContain('/sitemap-news.xml');
  const articles = await (await request.get('/sitemap-articles-1.xml')).text();
  expect(articles).toContain(d.article.fullUrl);
  // The newsletter's archive and the web version of each sent issue (the demo has one).
  const pages = await (await request.get('/sitemap-pages.xml')).text();
  expect(pages).toContain('/lettres</loc>');
  expect(pages).toMatch(/\/lettres\/\d+<\/loc>/);
  const news = await request.get('/sitemap-news.xml');
  expect(await news.text()).toContain('xmlns:news=');
  const feed = await request.get('/rss.xml');
  expect(feed.headers()['content-type']).toContain('application/rss+xml');
  expect(await feed.text()).toContain('<rss version="2.0"');
  const categoryFeed = await request.get(`/${d.category.slug}/rss.xml`);
  expect(categoryFeed.status()).toBe(200);
  expect(await categoryFeed.text()).toContain(`<title>Piquante : ${d.category.name}</title>`);
  expect((await request.get('/rubrique-inconnue/rss.xml')).status()).toBe(404);
});

test('pages are sent with a hash-based CSP (no nonce: the same bytes for every reader) and the security headers', async ({ request }) => {
  const { headers, html } = await ssr(request, '/');
  const csp = headers['content-security-policy'] ?? '';
  expect(csp).not.toContain('nonce-');
  expect(csp).not.toContain('unsafe-eval');
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(csp).toContain("frame-ancestors 'self'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  // Every inline script the browser runs is allowed by its SHA-256; every other one comes from our origin.
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
  expect(scripts.length).toBeGreaterThan(0);
  for (const [, attributes = '', body = ''] of scripts) {
    expect(attributes).not.toContain('nonce=');
    if (/\ssrc=/.test(attributes) || /type="application\/ld\+json"/.test(attributes) || body === '') continue;
    expect(csp).toContain(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  }
  expect(html).not.toMatch(/\bsrc="https?:\/\//);
  const assetLinks = (html.match(/<link\b[^>]*>/g) ?? []).filter((tag) =>
    /rel="(stylesheet|modulepreload|preload|icon|manifest)"/.test(tag),
  );
  for (const tag of assetLinks) expect(tag).not.toMatch(/href="https?:\/\//);
});
