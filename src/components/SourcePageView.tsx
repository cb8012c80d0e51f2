import type { ContentBlock, SourcePage } from '../api/types.ts';
import type { MarkupOnly } from '../lib/markupOnly.ts';
import { ArticleBody } from './ArticleBody.tsx';
import { Breadcrumb } from './Breadcrumb.tsx';
import { ContentImage } from './ContentImage.tsx';

type Props = { page: Omit<SourcePage, 'body'> & { body: readonly ContentBlock[] | MarkupOnly<readonly ContentBlock[]> } };

/**
 * A page of the live source (« À propos », « Contact »…, decision 036): the article's layout without what only an
 * article has (category, bylines, date, tags, sharing, related articles).
 */
export function SourcePageView({ page }: Props) {
  return (
    <article className="source-page article-page mx-auto max-w-3xl px-4 pt-8 pb-12 md:pt-12">
      <header>
        <Breadcrumb last={page.title} lastIsCurrent />
        <h1 className="mt-6 font-display text-4xl font-black leading-[1.05] tracking-tight md:text-6xl">{page.title}</h1>
        {page.subtitle ? <p className="mt-5 text-xl leading-relaxed text-encre/85 md:text-2xl">{page.subtitle}</p> : null}
      </header>
      {page.mainImage ? (
        <figure className="-mx-4 mt-8 md:mx-0">
          <ContentImage
            image={page.mainImage}
            sizes="(min-width: 768px) 768px, 100vw"
            eager
            priority
            className="aspect-[3/2] h-auto w-full bg-piment-light object-cover md:rounded-2xl"
          />
        </figure>
      ) : null}
      <ArticleBody articleId={`page-${page.slug}`} body={page.body} />
    </article>
  );
}
