import { createFileRoute, Link } from '@tanstack/react-router';
import { appConfig } from '../../../app.config.ts';
import { api } from '../../api/client.ts';
import { required } from '../../components/apiResult.ts';
import { contestStatusLabel } from '../../components/contestStatus.ts';
import { formatDate } from '../../components/formatDate.ts';
import { PagedGrid } from '../../components/PagedGrid.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { siteUrlOf } from '../../components/siteUrlOf.ts';
import { TeaserCard } from '../../components/TeaserCard.tsx';
import { seoHead } from '../../features/seo/seo.ts';

const title = 'Concours';
const description = 'Des cadeaux à gagner chaque semaine : beauté, mode, week-ends et bons d’achat. Tentez votre chance !';
const limit = appConfig.pagination.defaultLimit;

async function fetchContests(offset: number) {
  return required(await api().GET('/api/format-contests', { params: { query: { limit, offset } } })).results;
}

export const Route = createFileRoute('/concours/')({
  loader: async () => ({ contests: await fetchContests(0) }),
  head: ({ matches }) => seoHead({ title, description, path: '/concours', siteUrl: siteUrlOf(matches) }),
  component: ContestsPage,
});

function ContestsPage() {
  const { contests } = Route.useLoaderData();
  return (
    <div className="contests-page">
      <PageHeading kicker="À gagner" title={title} description={description} />
      <PagedGrid
        label="Les concours"
        initial={contests}
        fetchBatch={fetchContests}
        moreLabel="Plus de concours"
        emptyText="Pas de concours en ce moment : revenez vite !"
        render={(contest, index) => (
          <TeaserCard
            image={contest.image}
            eager={index < 3}
            badge={<span className="status-badge" data-status={contest.status}>{contestStatusLabel[contest.status]}</span>}
            titleLink={
              <Link to="/concours/$url" params={{ url: contest.url }} className="card-link">
                {contest.title}
              </Link>
            }
            description={contest.description}
            meta={`Jusqu'au ${formatDate(contest.endsAt)}`}
          />
        )}
      />
    </div>
  );
}
