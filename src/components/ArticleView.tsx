import type { ArticleDetail } from '../api/types.ts';
import { articleAuthors } from '../lib/bylines.ts';
import { ArticleBody, type ArticleBodyValue } from './ArticleBody.tsx';
import { ArticleBylines } from './ArticleBylines.tsx';
import { ArticleTags } from './ArticleTags.tsx';
import { Breadcrumb } from './Breadcrumb.tsx';
import { CategoryLink } from './CategoryLink.tsx';
import { formatDate } from './formatDate.ts';
import { RelatedArticles, type RelatedValue } from './RelatedArticles.tsx';
import { ShareLinks } from './ShareLinks.tsx';
import { StampBadge } from './StampBadge.tsx';
import { ContentImage } from './ContentImage.tsx';

/**
 * The article with its body as blocks, or as markup the page already carries (MarkupOnly); its category without
 * the description only the category page shows (articleBodyOnce.ts).
 */
export type ArticleForView = Omit<ArticleDetail, 'body' | 'category'> & {
  body: ArticleBodyValue;
  category: Omit<ArticleDetail['category'], 'description'>;
};

interface Props {
  article: ArticleForView;
  related: RelatedValue;
  /** Absolute canonical URL, for the share icons. */
  shareUrl: string;
  /** The web-view variants keep their links inside '/app-<short name>'. */
  linkPrefix?: string;
}

/** SPEC §2 article page: stamp, main image, title, subtitle, body, authors, tags, date, category link, related. */
export function ArticleView({ article, related, shareUrl, linkPrefix }: Props) {
  const { category } = article;
  return (
    <>
      <article className="article-page mx-auto max-w-3xl px-4 pt-8 md:pt-12">
        <header>
          {linkPrefix ? null : (
            <Breadcrumb
              last={
                <CategoryLink slug={category.slug} className="hover:underline">
                  {category.name}
                </CategoryLink>
              }
            />
          )}
          <div className="mt-6 flex flex-wrap items-center gap-3">
            {linkPrefix ? (
              <span className="kicker" style={{ color: category.color }}>
                {category.name}
              </span>
            ) : (
              <CategoryLink slug={category.slug} className="kicker hover:underline" style={{ color: category.color }}>
                {category.name}
              </CategoryLink>
            )}
            {article.stamp ? <StampBadge stamp={article.stamp} /> : null}
          </div>
          <h1 className="mt-4 font-display text-4xl font-black leading-[1.05] tracking-tight md:text-6xl">{article.title}</h1>
          <p className="mt-5 text-xl leading-relaxed text-encre/85 md:text-2xl">{article.subtitle}</p>
          <div className="mt-6 flex flex-wrap items-baseline justify-between gap-x-6 gap-y-1 border-y border-encre/15 py-3 text-sm">
            <ArticleBylines authors={articleAuthors(article)} linked={!linkPrefix} />
            <p className="text-encre/75">
              <time dateTime={article.publishedAt}>{formatDate(article.publishedAt)}</time>
              <span aria-hidden="true"> · </span>
              {`${article.readingMinutes} min de lecture`}
            </p>
          </div>
        </header>
        <figure className="-mx-4 mt-8 md:mx-0">
          <ContentImage
            image={article.mainImage}
            sizes="(min-width: 768px) 768px, 100vw"
            eager
            priority
            className="aspect-[3/2] h-auto w-full bg-piment-light object-cover md:rounded-2xl"
          />
        </figure>
        <ArticleBody articleId={article.id} body={article.body} />
        <ArticleTags tags={article.tags ?? []} linked={!linkPrefix} />
        <footer className="mt-12 flex flex-wrap items-center justify-between gap-4 border-t-2 border-encre pt-6">
          <p className="font-bold">Cet article vous a plu ? Partagez-le.</p>
          <ShareLinks url={shareUrl} title={article.title} />
        </footer>
      </article>
      <RelatedArticles articleId={article.id} related={related} linkPrefix={linkPrefix} />
    </>
  );
}
