/** The article page's data (site and web-view variants): the article and related articles. */
import { redirect } from '@tanstack/react-router';
import { appConfig } from '../../app.config.ts';
import { api } from '../api/client.ts';
import type { ArticleDetail } from '../api/types.ts';
import { optional, required } from './apiResult.ts';
import { absoluteUrl, breadcrumbJsonLd, newsArticleJsonLd, seoHead } from '../features/seo/seo.ts';

export async function loadArticle(url: string, slug: string | undefined, canonicalPrefix = '') {
  const client = api();
  const [articleAnswer, relatedAnswer] = await Promise.all([
    client.GET('/api/article/{url}', { params: { path: { url } } }),
    slug ? client.GET('/api/articleByCategory/{category}', { params: { path: { category: slug } } }) : null,
  ]);
  const article = required(articleAnswer).result;
  // An article reached through another category's path moves to its own address.
  if (slug !== undefined && slug !== article.categorySlug) {
    throw redirect({ href: `${canonicalPrefix}${article.fullUrl}`, statusCode: 301 });
  }
  const sameCategory = relatedAnswer
    ? optional(relatedAnswer, { category: article.category, results: [] }).results
    : optional(
        await client.GET('/api/articleByCategory/{category}', { params: { path: { category: article.categorySlug } } }),
        { category: article.category, results: [] },
      ).results;
  const related = sameCategory.filter((card) => card.id !== article.id).slice(0, appConfig.article.relatedCount);
  return { article, related };
}

export function articleHead(article: ArticleDetail, siteUrl: string, noindex = false) {
  return seoHead({
    title: article.title,
    description: article.subtitle,
    path: article.fullUrl,
    siteUrl,
    type: 'article',
    image: article.mainImage,
    noindex,
    article: {
      publishedAt: article.publishedAt,
      updatedAt: article.updatedAt,
      section: article.category.name,
      author: article.author.name,
    },
    jsonLd: [
      newsArticleJsonLd({
        siteUrl,
        path: article.fullUrl,
        headline: article.title,
        description: article.subtitle,
        image: article.mainImage,
        publishedAt: article.publishedAt,
        updatedAt: article.updatedAt,
        section: article.category.name,
        authorName: article.author.name,
      }),
      breadcrumbJsonLd(siteUrl, [
        { name: appConfig.site.name, path: '/' },
        { name: article.category.name, path: `/${article.categorySlug}` },
        { name: article.title, path: article.fullUrl },
      ]),
    ],
  });
}

export function articleShareUrl(article: ArticleDetail, siteUrl: string): string {
  return absoluteUrl(siteUrl, article.fullUrl);
}
