import { createFileRoute, Link } from '@tanstack/react-router';
import { fetchMosaics } from '../api/queries/mosaics.ts';
import { PagedGrid } from '../components/PagedGrid.tsx';
import { PageHeading } from '../components/PageHeading.tsx';
import { siteUrlOf } from '../lib/seo/siteUrlOf.ts';
import { TeaserCard } from '../components/TeaserCard.tsx';
import { seoHead } from '../lib/seo/seo.ts';
import { type ChunkHeadContext, type ChunkHeadResult, chunkHead, withChunkHead } from '../lib/seo/chunkHead.ts';

const title = 'Mosaïques';
const description = 'Des images à faire défiler sans modération : looks, adresses, déco et inspirations, en grand format.';

export const Route = createFileRoute('/mosaiques')({
  loader: async () => ({ mosaics: await fetchMosaics(0) }),
  // Built by the route's split chunk (issue 38, src/lib/seo/chunkHead.ts).
  head: chunkHead('/mosaiques'),
  component: withChunkHead('/mosaiques', mosaicsHead, MosaicsPage),
});

function MosaicsPage() {
  const { mosaics } = Route.useLoaderData();
  return (
    <div className="mosaics-page">
      <PageHeading kicker="En images" title={title} description={description} />
      <PagedGrid
        label="Les mosaïques"
        initial={mosaics}
        fetchBatch={fetchMosaics}
        moreLabel="Plus de mosaïques"
        emptyText="Pas encore de mosaïque."
        render={(mosaic, index) => (
          <TeaserCard
            image={mosaic.cover}
            aspect="aspect-[4/5]"
            eager={index < 3}
            priority={index === 0}
            titleLink={
              <Link to="/mosaique/{-$slug}" params={{ slug: mosaic.url }} className="card-link">
                {mosaic.title}
              </Link>
            }
            description={mosaic.description}
            meta={`${mosaic.imageCount} images`}
          />
        )}
      />
    </div>
  );
}

function mosaicsHead({ matches }: ChunkHeadContext<unknown>): ChunkHeadResult {
  return seoHead({ title, description, path: '/mosaiques', siteUrl: siteUrlOf(matches) });
}
