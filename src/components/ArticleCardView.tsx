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
 * The title link covers the card (stretched link); the category link sits above it.
 */
export function ArticleCardView({ article, eager = false, priority = false, variant = 'default', headingLevel = 2, linkPrefix }: Props) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const compact = variant === 'compact';
  const dark = variant === 'dark';
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
    <article
      className={`card group relative flex h-full ${compact ? 'flex-row gap-4' : 'flex-col'} ${dark ? 'text-white' : 'text-encre'}`}
      data-variant={variant}
    >
      <div className={`relative shrink-0 ${compact ? 'w-28 md:w-32' : 'w-full'}`}>
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
        <p className="relative z-10 mb-1">
          {linkPrefix ? (
            <span className={`kicker ${dark ? 'text-piment-light' : 'text-piment-dark'}`}>{article.categoryName}</span>
          ) : (
            <CategoryLink
              slug={article.categorySlug}
              className={`kicker hover:underline ${dark ? 'text-piment-light' : 'text-piment-dark'}`}
            >
              {article.categoryName}
            </CategoryLink>
          )}
        </p>
        <Heading
          className={`font-display font-bold leading-tight ${
            variant === 'lead' ? 'text-3xl md:text-4xl xl:text-5xl' : compact ? 'text-base md:text-lg' : 'text-xl'
          }`}
        >
          {titleLink}
        </Heading>
        {compact ? null : (
          <p className={`mt-2 ${variant === 'lead' ? 'text-lg' : 'text-base'} ${dark ? 'text-white/85' : 'text-encre/80'}`}>
            {article.subtitle}
          </p>
        )}
        <p className={`mt-2 text-sm ${dark ? 'text-white/75' : 'text-encre/70'}`}>
          <time dateTime={article.publishedAt}>{formatDate(article.publishedAt)}</time>
          <span aria-hidden="true"> · </span>
          {article.readingMinutes} min de lecture
        </p>
      </div>
    </article>
  );
}
