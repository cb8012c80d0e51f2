import type { ReactNode } from 'react';
import type { Image } from '../api/types.ts';
import { ContentImage } from './ContentImage.tsx';

/** A card for quizzes, mosaics, contests and repartee generators: image, title link, text, a detail line. */
export function TeaserCard({
  image,
  titleLink,
  description,
  meta,
  badge,
  eager = false,
  priority = false,
  aspect = 'aspect-[3/2]',
}: {
  image: Image;
  titleLink: ReactNode;
  description: string;
  meta?: ReactNode;
  badge?: ReactNode;
  eager?: boolean;
  /** The first screen's largest image: fetched first (`fetchpriority=high`). */
  priority?: boolean;
  aspect?: string;
}) {
  return (
    <article className="card teaser group relative flex h-full flex-col">
      <div className="relative">
        <ContentImage
          image={image}
          sizes="(min-width: 1025px) 33vw, (min-width: 768px) 50vw, 100vw"
          eager={eager}
          priority={priority}
          className={`${aspect} h-auto w-full rounded-xl bg-piment-light object-cover transition duration-300 group-hover:brightness-95`}
        />
        {badge ? <span className="absolute left-3 top-3">{badge}</span> : null}
      </div>
      <h2 className="mt-4 font-display text-xl font-bold leading-tight">{titleLink}</h2>
      <p className="mt-2 text-base text-encre/80">{description}</p>
      {meta ? <p className="mt-2 text-sm font-bold uppercase tracking-wider text-piment-dark">{meta}</p> : null}
    </article>
  );
}
