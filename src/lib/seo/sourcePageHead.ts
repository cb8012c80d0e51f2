/** The head of a live source's page (decision 036): the source's meta title and description when it has them. */
import { appConfig } from '../../../app.config.ts';
import type { SourcePage } from '../../api/types.ts';
import { breadcrumbJsonLd, seoHead } from './seo.ts';

/** The head reads no body: the page's data may carry it as markup only. */
type PageFacts = Omit<SourcePage, 'body'>;

export function sourcePageHead(page: PageFacts, siteUrl: string) {
  return seoHead({
    title: page.seo.title || page.title,
    description: page.seo.description || page.subtitle,
    path: page.path,
    siteUrl,
    ...(page.mainImage ? { image: page.mainImage } : {}),
    jsonLd: [
      breadcrumbJsonLd(siteUrl, [
        { name: appConfig.site.name, path: '/' },
        { name: page.title, path: page.path },
      ]),
    ],
  });
}
