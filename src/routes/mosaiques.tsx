import { createFileRoute, Link } from '@tanstack/react-router';
import { appConfig } from '../../app.config.ts';
import { api } from '../api/client.ts';
import { required } from '../components/apiResult.ts';
import { PagedGrid } from '../components/PagedGrid.tsx';
import { PageHeading } from '../components/PageHeading.tsx';
import { siteUrlOf } from '../components/siteUrlOf.ts';
import { TeaserCard } from '../components/TeaserCard.tsx';
import { seoHead } from '../features/seo/seo.ts';

const title = 'Mosaïques';
const description = 'Des images à faire défiler sans modération : looks, adresses, déco et inspirations, en grand format.';
const limit = appConfig.pagination.defaultLimit;

async function fetchMosaics(offset: number) {
  return required(await api().GET('/api/mosaics', { params: { query: { limit, offset } } })).results;
}

export const Route = createFileRoute('/mosaiques')({
  loader: async () => ({ mosaics: await fetchMosaics(0) }),
  head: ({ matches }) => seoHead({ title, description, path: '/mosaiques', siteUrl: siteUrlOf(matches) }),
  component: MosaicsPage,
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
