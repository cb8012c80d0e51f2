import { createFileRoute, Link, useLoaderData, useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect } from 'react';
import { fetchReparteeGenerators, loadReparteeGenerator, rememberReparteeGenerator } from '../api/queries/repartee.ts';
import { parseReplyId, reparteeReplyPath } from '../api/queries/reparteeAddress.ts';
import type { ReparteeGenerator, ReparteeGeneratorSummary } from '../api/types.ts';
import { PagedGrid } from '../components/PagedGrid.tsx';
import { PageHeading } from '../components/PageHeading.tsx';
import { TeaserCard } from '../components/TeaserCard.tsx';
import { ReparteeGenerator as GeneratorView } from '../features/repartee/ReparteeGenerator.tsx';
import { type ChunkHeadContext, type ChunkHeadResult, chunkHead, withChunkHead } from '../lib/seo/chunkHead.ts';
import { siteUrlOf } from '../lib/seo/siteUrlOf.ts';
import { absoluteUrl, seoHead } from '../lib/seo/seo.ts';

const listTitle = 'Générateur de répartie';
const listDescription = 'Une remarque déplacée, une question gênante ? Choisissez la situation, on vous souffle la réplique parfaite.';

type Data = { kind: 'list'; generators: ReparteeGeneratorSummary[] } | { kind: 'generator'; generator: ReparteeGenerator };

/** '/generateur-de-repartie/{slug?}': the list of situations, or one generator drawing its replies. */
export const Route = createFileRoute('/generateur-de-repartie/{-$slug}')({
  validateSearch: (search: Record<string, unknown>): { replique?: number } => {
    const replique = parseReplyId(search.replique);
    return replique ? { replique } : {};
  },
  loader: async ({ params }): Promise<Data> => {
    if (!params.slug) return { kind: 'list', generators: await fetchReparteeGenerators(0) };
    return { kind: 'generator', generator: await loadReparteeGenerator(params.slug) };
  },
  // Built by the route's split chunk (issue 38, src/lib/seo/chunkHead.ts).
  head: chunkHead('/generateur-de-repartie/{-$slug}'),
  component: withChunkHead('/generateur-de-repartie/{-$slug}', reparteeHead, ReparteePage),
});

function ReparteePage() {
  const data = Route.useLoaderData();
  return data.kind === 'list' ? <GeneratorList generators={data.generators} /> : <GeneratorPage generator={data.generator} />;
}

function GeneratorList({ generators }: { generators: ReparteeGeneratorSummary[] }) {
  return (
    <div className="repartee-list">
      <PageHeading kicker="Bien envoyé" title={listTitle} description={listDescription} />
      <PagedGrid
        label="Les situations"
        initial={generators}
        fetchBatch={fetchReparteeGenerators}
        moreLabel="Plus de situations"
        emptyText="Pas encore de générateur."
        render={(generator, index) => (
          <TeaserCard
            image={generator.image}
            eager={index < 3}
            priority={index === 0}
            titleLink={
              <Link to="/generateur-de-repartie/{-$slug}" params={{ slug: generator.url }} className="card-link">
                {generator.title}
              </Link>
            }
            description={generator.description}
            meta={`${generator.replyCount} répliques`}
          />
        )}
      />
    </div>
  );
}

function GeneratorPage({ generator }: { generator: ReparteeGenerator }) {
  const { replique } = Route.useSearch();
  const { siteUrl } = useLoaderData({ from: '__root__' });
  const navigate = useNavigate();
  // Drawing changes the address; the generator shown by the server is reused, not asked for again.
  useEffect(() => rememberReparteeGenerator(generator), [generator]);
  const showReply = useCallback(
    (replyId: number) =>
      navigate({
        to: '/generateur-de-repartie/{-$slug}',
        params: { slug: generator.url },
        search: { replique: replyId },
        replace: true,
        resetScroll: false,
      }),
    [navigate, generator.url],
  );
  const shareUrlOf = useCallback(
    (replyId: number) => absoluteUrl(siteUrl, reparteeReplyPath(generator.url, replyId)),
    [siteUrl, generator.url],
  );
  return (
    <GeneratorView
      key={generator.url}
      generator={generator}
      initialReplyId={replique ?? null}
      shareUrlOf={shareUrlOf}
      onReply={showReply}
    />
  );
}

function reparteeHead({ loaderData, matches, match }: ChunkHeadContext<Data, { replique?: number }>): ChunkHeadResult {
  if (!loaderData) return {};
  const siteUrl = siteUrlOf(matches);
  if (loaderData.kind === 'list') {
    return seoHead({ title: listTitle, description: listDescription, path: '/generateur-de-repartie', siteUrl });
  }
  const { generator } = loaderData;
  const reply = generator.replies.find((r) => r.id === match.search.replique);
  return seoHead({
    title: reply ? `${generator.title} : la réplique` : `${generator.title} : le générateur de répartie`,
    // A shared reply's card shows the reply itself.
    description: reply ? `« ${reply.text} »` : generator.description,
    path: reparteeReplyPath(generator.url, reply?.id),
    siteUrl,
    image: generator.image,
  });
}
