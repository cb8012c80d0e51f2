import type { ImageBlock } from '../api/types.ts';

/** The body column: full width on phones (its padding aside), 768 px from md up (ArticleView's max-w-3xl). */
const BODY_SIZES = '(min-width: 768px) 736px, calc(100vw - 2rem)';

function srcSet(block: ImageBlock, format: 'avif' | 'webp'): string {
  return block.variants
    .filter((v) => v.format === format)
    .sort((a, b) => a.width - b.width)
    .map((v) => `${v.url} ${v.width}w`)
    .join(', ');
}

/**
 * An image of the article body (a media library image): AVIF then WebP at every width the library made,
 * explicit dimensions (no layout shift), lazy (it is below the main image), its alt text and its caption.
 */
export function BodyImage({ block }: { block: ImageBlock }) {
  const avif = srcSet(block, 'avif');
  return (
    <figure className="clear-both my-8">
      <picture>
        {avif ? <source type="image/avif" srcSet={avif} sizes={BODY_SIZES} /> : null}
        <img
          src={block.url}
          srcSet={srcSet(block, 'webp')}
          sizes={BODY_SIZES}
          alt={block.alt}
          width={block.width}
          height={block.height}
          loading="lazy"
          decoding="async"
          className="h-auto w-full rounded-xl bg-piment-light"
        />
      </picture>
      {block.caption ? <figcaption className="mt-2 text-base text-encre/75">{block.caption}</figcaption> : null}
    </figure>
  );
}
