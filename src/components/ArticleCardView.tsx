import { Link } from '@tanstack/react-router';
import type { ArticleCard } from '../api/types.ts';
import { CategoryLink } from './CategoryLink.tsx';
import { formatDate } from './formatDate.ts';
import { StampBadge } from './StampBadge.tsx';
import { ContentImage } from './ContentImage.tsx';

export type CardVariant = 'default' | 'lead' | 'compact' | 'dark';

interface Props {
  article: ArticleCard;
  /** Above the fold: load the image at once (and with high priority for the first one). */
  eager?: boolean;
  priority?: boolean;
  variant?: CardVariant;
  headingLevel?: 2 | 3;
  /** Links of the web-view variants stay inside '/app-<short name>/…'. */
  linkPrefix?: string;
}

const sizes: Record<CardVariant, string> = {
  default: '(min-width: 1025px) 33vw, (min-width: 768px) 50vw, 100vw',
  lead: '(min-width: 1025px) 60vw, 100vw',
  compact: '120px',
  dark: '(min-width: 1025px) 33vw, (min-width: 768px) 50vw, 100vw',
};

/**
 * An article as displayed in lists (SPEC §3): stamp, main image, title, subtitle, link to the category.
 * The title link covers the card (stretched link); the category link sits above it. Each variant's look is in the
 * stylesheet (`.card[data-variant]` and the `card-` classes), not a utility list repeated in every card (issue 22).
 */
export function ArticleCardView({ article, eager = false, priority = false, variant = 'default', headingLevel = 2, linkPrefix }: Props) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const compact = variant === 'compact';
  const titleLink = linkPrefix ? (
    <a href={`${linkPrefix}${article.fullUrl}`} className="card-link">
      {article.title}
    </a>
  ) : (
    <Link to="/$slug/$url" params={{ slug: article.categorySlug, url: article.url }} className="card-link">
      {article.title}
    </Link>
  );
  return (
    <article className="card group" data-variant={variant}>
      <div className="card-media">
        <ContentImage
          image={article.mainImage}
          sizes={sizes[variant]}
          eager={eager}
          priority={priority}
          className={`card-image ${compact ? 'aspect-square' : 'aspect-[3/2]'}`}
        />
        {article.stamp ? <StampBadge stamp={article.stamp} className={`absolute ${compact ? '-left-1 -top-2' : 'left-3 top-3'}`} /> : null}
      </div>
      <div className={compact ? 'min-w-0 py-1' : 'pt-4'}>
        <p className="card-cat">
          {linkPrefix ? (
            <span className="kicker">{article.categoryName}</span>
          ) : (
            <CategoryLink slug={article.categorySlug} className="kicker">
              {article.categoryName}
            </CategoryLink>
          )}
        </p>
        <Heading className="card-title">{titleLink}</Heading>
        {compact ? null : <p className="card-sub">{article.subtitle}</p>}
        <p className="card-meta">
          <time dateTime={article.publishedAt}>{formatDate(article.publishedAt)}</time>
          <span aria-hidden="true"> · </span>
          {`${article.readingMinutes} min de lecture`}
        </p>
      </div>
    </article>
  );
}
