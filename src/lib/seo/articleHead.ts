/** The article page's head (site and web-view variants): SEO tags, NewsArticle and breadcrumb JSON-LD. */
import { appConfig } from '../../../app.config.ts';
import type { ArticleDetail } from '../../api/types.ts';
import { articleAuthors } from '../bylines.ts';
import { absoluteUrl, breadcrumbJsonLd, newsArticleJsonLd, seoHead } from './seo.ts';

/** The head reads no body: the page's data may carry it as markup only. */
type ArticleFacts = Omit<ArticleDetail, 'body'>;

export function articleHead(article: ArticleFacts, siteUrl: string, noindex = false) {
  // The newsroom's SEO fields win when set; the sharing image keeps the main image's alt text.
  const seo = article.seo;
  const shareImage = seo?.image ? { url: seo.image, alt: article.mainImage.alt } : article.mainImage;
  const bylines = articleAuthors(article);
  const authorNames = bylines.map((author) => author.name);
  const tagNames = (article.tags ?? []).map((tag) => tag.name);
  return seoHead({
    title: seo?.title || article.title,
    description: seo?.description || article.subtitle,
    path: article.fullUrl,
    siteUrl,
    type: 'article',
    image: shareImage,
    noindex,
    article: {
      publishedAt: article.publishedAt,
      updatedAt: article.updatedAt,
      section: article.category.name,
      authors: authorNames,
      tags: tagNames,
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
        authors: bylines,
        keywords: tagNames,
      }),
      breadcrumbJsonLd(siteUrl, [
        { name: appConfig.site.name, path: '/' },
        { name: article.category.name, path: `/${article.categorySlug}` },
        { name: article.title, path: article.fullUrl },
      ]),
    ],
  });
}

export function articleShareUrl(article: ArticleFacts, siteUrl: string): string {
  return absoluteUrl(siteUrl, article.fullUrl);
}
