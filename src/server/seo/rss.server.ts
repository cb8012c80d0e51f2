/** RSS 2.0 feeds (issue 3 §8): the whole site at /rss.xml, each category at /{slug}/rss.xml. */
import { appConfig } from '../../../app.config.ts';
import type { ArticleCard } from '../../api/types.ts';
import type { Database } from '../../db/client.ts';
import { listArticles } from '../articles/articles.server.ts';
import { findCategory } from '../content/categories.server.ts';
import { xmlEscape } from './xml.ts';

function item(siteUrl: string, article: ArticleCard): string {
  const link = xmlEscape(siteUrl + article.fullUrl);
  return [
    '<item>',
    `<title>${xmlEscape(article.title)}</title>`,
    `<link>${link}</link>`,
    `<guid isPermaLink="true">${link}</guid>`,
    `<pubDate>${new Date(article.publishedAt).toUTCString()}</pubDate>`,
    `<category>${xmlEscape(article.categoryName)}</category>`,
    `<description>${xmlEscape(article.subtitle)}</description>`,
    `<enclosure url="${xmlEscape(siteUrl + article.mainImage.url)}" type="image/svg+xml" length="0"/>`,
    '</item>',
  ].join('');
}

function channel(siteUrl: string, opts: { title: string; description: string; path: string; feedPath: string }, articles: ArticleCard[]) {
  const newest = articles[0]?.publishedAt;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '<channel>',
    `<title>${xmlEscape(opts.title)}</title>`,
    `<link>${xmlEscape(siteUrl + opts.path)}</link>`,
    `<description>${xmlEscape(opts.description)}</description>`,
    '<language>fr-FR</language>',
    `<atom:link href="${xmlEscape(siteUrl + opts.feedPath)}" rel="self" type="application/rss+xml"/>`,
    newest ? `<lastBuildDate>${new Date(newest).toUTCString()}</lastBuildDate>` : '',
    ...articles.map((a) => item(siteUrl, a)),
    '</channel>',
    '</rss>',
    '',
  ].join('\n');
}

export async function siteFeed(db: Database, siteUrl: string): Promise<string> {
  const articles = await listArticles(db, { limit: appConfig.seo.rssItems, offset: 0 });
  return channel(
    siteUrl,
    {
      title: appConfig.site.name,
      description: 'Les derniers articles de Piquante, le magazine qui pique.',
      path: '/',
      feedPath: '/rss.xml',
    },
    articles,
  );
}

/** A category's feed, or null for an unknown category. */
export async function categoryFeed(db: Database, siteUrl: string, slug: string): Promise<string | null> {
  const category = await findCategory(db, slug);
  if (!category) return null;
  const articles = await listArticles(db, { limit: appConfig.seo.rssItems, offset: 0, categoryId: category.id });
  return channel(
    siteUrl,
    {
      title: `${appConfig.site.name} : ${category.name}`,
      description: category.description,
      path: `/${category.slug}`,
      feedPath: `/${category.slug}/rss.xml`,
    },
    articles,
  );
}
