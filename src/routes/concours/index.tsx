import { createFileRoute, Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { fetchContests, rememberContests } from '../../api/queries/contests.ts';
import { contestStatusLabel } from '../../components/contestStatus.ts';
import { formatDate } from '../../components/formatDate.ts';
import { PagedGrid } from '../../components/PagedGrid.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { siteUrlOf } from '../../lib/seo/siteUrlOf.ts';
import { TeaserCard } from '../../components/TeaserCard.tsx';
import { seoHead } from '../../lib/seo/seo.ts';
import { type ChunkHeadContext, type ChunkHeadResult, chunkHead, withChunkHead } from '../../lib/seo/chunkHead.ts';

const title = 'Concours';
const description = 'Des cadeaux à gagner chaque semaine : beauté, mode, week-ends et bons d’achat. Tentez votre chance !';

export const Route = createFileRoute('/concours/')({
  loader: async () => ({ contests: await fetchContests(0) }),
  // Built by the route's split chunk (issue 38, src/lib/seo/chunkHead.ts).
  head: chunkHead('/concours/'),
  component: withChunkHead('/concours/', contestsHead, ContestsPage),
});

function ContestsPage() {
  const { contests } = Route.useLoaderData();
  // The contests rendered by the server are whole contests: opening one reuses it (SPEC §4).
  useEffect(() => rememberContests(contests), [contests]);
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
            priority={index === 0}
            badge={
              <span className="status-badge" data-status={contest.status}>
                {contestStatusLabel[contest.status]}
              </span>
            }
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

function contestsHead({ matches }: ChunkHeadContext<unknown>): ChunkHeadResult {
  return seoHead({ title, description, path: '/concours', siteUrl: siteUrlOf(matches) });
}
