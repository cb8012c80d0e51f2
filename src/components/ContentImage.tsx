import type { Image } from '../api/types.ts';

/**
 * A content image: explicit dimensions (no layout shift), srcset/sizes, lazy loading unless it is
 * above the fold. The demo media are vector (one file fits every width), so the srcset has one
 * candidate; a CMS serving raster renditions adds its widths here, in one place.
 */
export function ContentImage({
  image,
  sizes,
  eager = false,
  priority = false,
  className,
}: {
  image: Image;
  sizes: string;
  eager?: boolean;
  priority?: boolean;
  className?: string;
}) {
  return (
    <img
      src={image.url}
      srcSet={`${image.url} ${image.width}w`}
      sizes={sizes}
      alt={image.alt}
      width={image.width}
      height={image.height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={priority ? 'high' : undefined}
      className={className}
    />
  );
}
