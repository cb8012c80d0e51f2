/**
 * Head tags of a page (SPEC §1, issue 3 §8): '<page> - Piquante' titles, canonical URL from SITE_URL,
 * Open Graph and Twitter cards in fr_FR, JSON-LD. Pure functions: routes call them from head().
 */
import type { AnyRouteMatch } from '@tanstack/react-router';
import { appConfig } from '../../../app.config.ts';

type Meta = NonNullable<NonNullable<AnyRouteMatch['meta']>[number]>;
type Link = NonNullable<NonNullable<AnyRouteMatch['links']>[number]>;
type Script = NonNullable<NonNullable<AnyRouteMatch['headScripts']>[number]>;

/** JSON-LD inside a <script>: '<' escaped so no text can close the element. */
function jsonLdScript(data: Record<string, unknown>): Script {
  return { type: 'application/ld+json', children: JSON.stringify(data).replace(/</g, '\\u003c') };
}

export interface SeoImage {
  url: string;
  alt: string;
  /** Unknown for a sharing image given by its address alone (then not announced). */
  width?: number;
  height?: number;
}

export interface PageSeo {
  /** The page's own title, without the site name. */
  title: string;
  description: string;
  /** Site-relative path of the canonical page, e.g. '/mode'. */
  path: string;
  /** Canonical origin (SITE_URL), from the root loader. */
  siteUrl: string;
  image?: SeoImage;
  type?: 'website' | 'article';
  /** Web-view variants and the like: not indexed, canonical still points to the site page. */
  noindex?: boolean;
  /** Every byline's name (one `article:author` each) and the public tags (one `article:tag` each). */
  article?: { publishedAt: string; updatedAt: string; section: string; authors: readonly string[]; tags?: readonly string[] };
  /** RSS feed advertised by the page. */
  feed?: { title: string; path: string };
  jsonLd?: Record<string, unknown>[];
}

export function pageTitle(title: string): string {
  return `${title} - ${appConfig.site.name}`;
}

export function absoluteUrl(siteUrl: string, path: string): string {
  return new URL(path, `${siteUrl.replace(/\/+$/, '')}/`).toString();
}

/** Shared when a page's own image is not one of this site's (and the only image a page may fall back on). */
export const DEFAULT_SHARE_IMAGE = { url: '/icons/icon-512.png', alt: appConfig.site.name, width: 512, height: 512 } as const;

// A backslash is a slash to URL parsers, and they strip tabs and line breaks: `/\t\evil.example/x` is
// another host. None belongs in a path of ours.
// biome-ignore lint/suspicious/noControlCharactersInRegex: they are what this refuses.
const NOT_A_PATH = /[\\\s\u0000-\u001f\u007f]/;

/**
 * The absolute address of an image to share (og:image, JSON-LD): only ever on this site's origin, else the
 * site's default image (issue 34, part 3). Share previews are fetched by other sites' crawlers, which our
 * CSP does not govern: an image on another host there would be a tracker under our name.
 */
export function siteImageUrl(siteUrl: string, url: string): string {
  const origin = new URL(absoluteUrl(siteUrl, '/')).origin;
  if (!NOT_A_PATH.test(url)) {
    try {
      const resolved = new URL(url, `${origin}/`);
      if (resolved.origin === origin && (resolved.protocol === 'https:' || resolved.protocol === 'http:')) return resolved.toString();
    } catch {
      // Not an address at all: the default below.
    }
  }
  return absoluteUrl(siteUrl, DEFAULT_SHARE_IMAGE.url);
}

/** The page's image when it is one of the site's, else the default one (with its own size and alt). */
function shareImageOf(siteUrl: string, image: SeoImage): SeoImage & { absolute: string } {
  const absolute = siteImageUrl(siteUrl, image.url);
  return absolute === absoluteUrl(siteUrl, DEFAULT_SHARE_IMAGE.url) && image.url !== DEFAULT_SHARE_IMAGE.url
    ? { ...DEFAULT_SHARE_IMAGE, absolute }
    : { ...image, absolute };
}

export function seoHead(page: PageSeo): { meta: Meta[]; links: Link[]; scripts: Script[] } {
  const url = absoluteUrl(page.siteUrl, page.path);
  const title = pageTitle(page.title);
  const meta: Meta[] = [
    { title },
    { name: 'description', content: page.description },
    { property: 'og:type', content: page.type ?? 'website' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: page.description },
    { property: 'og:url', content: url },
    { property: 'og:locale', content: appConfig.site.locale },
    { property: 'og:site_name', content: appConfig.site.name },
    // X reads og:title, og:description and og:image when its own tags are absent: not sent twice (issue 22).
    { name: 'twitter:card', content: page.image ? 'summary_large_image' : 'summary' },
  ];
  if (page.noindex) meta.push({ name: 'robots', content: 'noindex, follow' });
  // Google Discover shows an article's large image only when the page allows it.
  else if (page.article) meta.push({ name: 'robots', content: 'max-image-preview:large' });
  if (page.image) {
    const image = shareImageOf(page.siteUrl, page.image);
    meta.push(
      { property: 'og:image', content: image.absolute },
      ...(image.width && image.height
        ? [
            { property: 'og:image:width', content: String(image.width) },
            { property: 'og:image:height', content: String(image.height) },
          ]
        : []),
      { property: 'og:image:alt', content: image.alt },
      { name: 'twitter:image:alt', content: image.alt },
    );
  }
  if (page.article) {
    meta.push(
      { property: 'article:published_time', content: page.article.publishedAt },
      { property: 'article:modified_time', content: page.article.updatedAt },
      { property: 'article:section', content: page.article.section },
      ...page.article.authors.map((author) => ({ property: 'article:author', content: author })),
      ...(page.article.tags ?? []).map((tag) => ({ property: 'article:tag', content: tag })),
    );
  }
  const links: Link[] = [{ rel: 'canonical', href: url }];
  if (page.feed) {
    links.push({
      rel: 'alternate',
      type: 'application/rss+xml',
      title: page.feed.title,
      href: absoluteUrl(page.siteUrl, page.feed.path),
    });
  }
  return { meta, links, scripts: (page.jsonLd ?? []).map(jsonLdScript) };
}

/** A page that must not be indexed and has no canonical (404, errors). */
export function plainHead(title: string): { meta: Meta[] } {
  return { meta: [{ title: pageTitle(title) }, { name: 'robots', content: 'noindex' }] };
}

export interface Crumb {
  name: string;
  path: string;
}

export function breadcrumbJsonLd(siteUrl: string, crumbs: Crumb[]): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(siteUrl, crumb.path),
    })),
  };
}

export interface NewsArticleInput {
  siteUrl: string;
  path: string;
  headline: string;
  description: string;
  image: SeoImage;
  publishedAt: string;
  updatedAt: string;
  section: string;
  /** Every byline, in order (at least one): each a `Person` with the address of their page. */
  authors: readonly { name: string; slug: string }[];
  /** The public tags' names, as `keywords` (left out when there is none). */
  keywords?: readonly string[];
}

export function newsArticleJsonLd(article: NewsArticleInput): Record<string, unknown> {
  const url = absoluteUrl(article.siteUrl, article.path);
  return {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    url,
    headline: article.headline,
    description: article.description,
    image: [siteImageUrl(article.siteUrl, article.image.url)],
    datePublished: article.publishedAt,
    dateModified: article.updatedAt,
    articleSection: article.section,
    inLanguage: appConfig.site.language,
    author: article.authors.map((author) => ({
      '@type': 'Person',
      name: author.name,
      url: absoluteUrl(article.siteUrl, authorPagePath(author.slug)),
    })),
    ...(article.keywords && article.keywords.length > 0 ? { keywords: [...article.keywords] } : {}),
    publisher: {
      '@type': 'Organization',
      name: appConfig.site.name,
      logo: { '@type': 'ImageObject', url: absoluteUrl(article.siteUrl, '/favicon.svg') },
    },
  };
}

/** An author's page (issue 36): bylines link to it, the NewsArticle's and the page's Person name it. */
export function authorPagePath(slug: string): string {
  return `/auteur/${slug}`;
}

export interface PersonInput {
  siteUrl: string;
  name: string;
  slug: string;
  description: string;
  image: SeoImage | null;
}

/** The author page's `Person`: name, address, photo (on this site's origin only) and bio. */
export function personJsonLd(person: PersonInput): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Person',
    name: person.name,
    url: absoluteUrl(person.siteUrl, authorPagePath(person.slug)),
    ...(person.image ? { image: siteImageUrl(person.siteUrl, person.image.url) } : {}),
    ...(person.description ? { description: person.description } : {}),
  };
}
