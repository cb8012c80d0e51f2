import { appConfig } from '../../app.config.ts';
import type { Image } from '../api/types.ts';
import { focalObjectPosition } from './focalPoint.ts';

/** A media library image ('/media/library/<hash>-<width>.webp', the newsroom's uploads): AVIF and WebP at several widths. */
const LIBRARY_IMAGE = /^\/media\/library\/([0-9a-f]{64})-\d+\.webp$/;

function librarySrcSet(hash: string, width: number, format: 'avif' | 'webp'): string {
  const widths = [...appConfig.newsroom.mediaWidths.filter((w) => w < width), width];
  return widths.map((w) => `/media/library/${hash}-${w}.${format} ${w}w`).join(', ');
}

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
  // Where a crop (object-fit: cover) should centre: the newsroom's focal point, else the middle.
  const objectPosition = focalObjectPosition(image);
  const style = objectPosition ? { objectPosition } : undefined;
  const hash = LIBRARY_IMAGE.exec(image.url)?.[1];
  const img = (
    <img
      src={image.url}
      srcSet={hash ? librarySrcSet(hash, image.width, 'webp') : `${image.url} ${image.width}w`}
      sizes={sizes}
      alt={image.alt}
      width={image.width}
      height={image.height}
      // A priority image is the first screen's: never lazy, whatever `eager` says.
      loading={eager || priority ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={priority ? 'high' : undefined}
      className={className}
      style={style}
    />
  );
  if (!hash) return img;
  return (
    <picture>
      <source type="image/avif" srcSet={librarySrcSet(hash, image.width, 'avif')} sizes={sizes} />
      {img}
    </picture>
  );
}
