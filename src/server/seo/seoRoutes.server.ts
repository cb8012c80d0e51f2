/**
 * Dispatches the SEO files (robots.txt, sitemaps, RSS feeds) before server rendering.
 * Answers null for any other path.
 */
import { appConfig } from '../../../app.config.ts';
import type { Database } from '../../db/client.ts';
import { isKeyFilePath } from './indexNow/indexNowKey.ts';
import { categoryFeed, siteFeed } from './rss.server.ts';
import { articlesSitemap, authorsSitemap, newsSitemap, pagesSitemap, sitemapIndex } from './sitemap.server.ts';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

function answer(body: string | null, type: string): Response | null {
  if (body === null) return null;
  return new Response(body, {
    headers: {
      'content-type': type,
      'cache-control': appConfig.seo.cacheControl,
      'x-content-type-options': 'nosniff',
    },
  });
}

const XML = 'application/xml; charset=utf-8';
const RSS = 'application/rss+xml; charset=utf-8';

export function robotsTxt(siteUrl: string): string {
  return ['User-agent: *', 'Allow: /', 'Disallow: /api/', '', `Sitemap: ${siteUrl}/sitemap.xml`, ''].join('\n');
}

/** The shape of an IndexNow key file's path; whether it is this site's key is known once the app is open. */
const KEY_FILE = /^\/([a-zA-Z0-9-]{8,128})\.txt$/;

/** True for the paths this module may answer (so the caller only opens the database for them). */
export function isSeoPath(pathname: string): boolean {
  return (
    pathname === '/robots.txt' ||
    KEY_FILE.test(pathname) ||
    pathname === '/rss.xml' ||
    /^\/sitemap(?:-pages|-news|-authors|-articles-\d+)?\.xml$/.test(pathname) ||
    /^\/[^/]+\/rss\.xml$/.test(pathname)
  );
}

/** `open`: the database and the canonical origin (the server's SITE_URL), asked for only on an SEO path. */
export interface SeoSources {
  db: Database;
  siteUrl: string;
  /** Served as `/{key}.txt` (IndexNow); any other `.txt` is not this module's. */
  indexNowKey: string;
}

export async function handleSeoRequest(url: URL, open: () => Promise<SeoSources>): Promise<Response | null> {
  const { pathname } = url;
  if (!isSeoPath(pathname)) return null;
  const { db, siteUrl, indexNowKey } = await open();
  if (pathname === '/robots.txt') return answer(robotsTxt(siteUrl), 'text/plain; charset=utf-8');
  if (KEY_FILE.test(pathname)) return isKeyFilePath(pathname, indexNowKey) ? answer(indexNowKey, 'text/plain; charset=utf-8') : null;
  if (pathname === '/sitemap.xml') return answer(await sitemapIndex(db, siteUrl), XML);
  if (pathname === '/sitemap-pages.xml') return answer(await pagesSitemap(db, siteUrl), XML);
  if (pathname === '/sitemap-news.xml') return answer(await newsSitemap(db, siteUrl), XML);
  if (pathname === '/sitemap-authors.xml') return answer(await authorsSitemap(db, siteUrl), XML);
  if (pathname === '/rss.xml') return answer(await siteFeed(db, siteUrl), RSS);
  const chunk = /^\/sitemap-articles-(\d+)\.xml$/.exec(pathname);
  if (chunk) return answer(await articlesSitemap(db, siteUrl, Number(chunk[1])), XML);
  const feed = /^\/([^/]+)\/rss\.xml$/.exec(pathname);
  if (feed?.[1] && SLUG.test(feed[1])) return answer(await categoryFeed(db, siteUrl, feed[1]), RSS);
  return null;
}
