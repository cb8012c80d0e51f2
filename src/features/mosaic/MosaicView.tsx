/** A mosaic's page body (its '/mosaique/{slug}' page and its preview): heading, images with captions, sharing. */
import { Link } from '@tanstack/react-router';
import type { Mosaic } from '../../api/types.ts';
import { ContentImage } from '../../components/ContentImage.tsx';
import { formatDate } from '../../components/formatDate.ts';
import { PageHeading } from '../../components/PageHeading.tsx';
import { ShareLinks } from '../../components/ShareLinks.tsx';

export function MosaicView({ mosaic, shareUrl }: { mosaic: Mosaic; shareUrl: string }) {
  return (
    <div className="mosaic-page">
      <PageHeading kicker="Mosaïque" title={mosaic.title} description={mosaic.description}>
        <p className="mt-4 text-sm text-encre/75">
          {mosaic.imageCount} images · <time dateTime={mosaic.publishedAt}>{formatDate(mosaic.publishedAt)}</time>
        </p>
      </PageHeading>
      <ul className="mosaic-grid mx-auto max-w-7xl columns-1 gap-6 px-4 sm:columns-2 md:px-6 lg:columns-3">
        {mosaic.images.map((item, index) => (
          // The same image may appear twice in an editor's mosaic: its place keeps the key unique (a static list).
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <li key={`${index}:${item.image.url}`} className="mb-6 break-inside-avoid">
            <figure>
              <ContentImage
                image={item.image}
                sizes="(min-width: 1025px) 33vw, (min-width: 768px) 50vw, 100vw"
                eager={index < 3}
                priority={index === 0}
                className="h-auto w-full rounded-xl bg-piment-light"
              />
              <figcaption className="mt-2 text-base">
                {item.caption} {item.credit ? <span className="text-sm text-encre/75">© {item.credit}</span> : null}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
      <div className="mx-auto mt-10 flex max-w-7xl flex-wrap items-center justify-between gap-4 px-4 md:px-6">
        <Link to="/mosaiques" className="button-outline">
          Toutes les mosaïques
        </Link>
        <ShareLinks url={shareUrl} title={mosaic.title} />
      </div>
    </div>
  );
}
