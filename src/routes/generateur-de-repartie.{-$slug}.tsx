import { createFileRoute, Link } from '@tanstack/react-router';
import { api } from '../api/client.ts';
import type { ReparteeGenerator, ReparteeGeneratorSummary } from '../api/types.ts';
import { required } from '../components/apiResult.ts';
import { PagedGrid } from '../components/PagedGrid.tsx';
import { PageHeading } from '../components/PageHeading.tsx';
import { siteUrlOf } from '../components/siteUrlOf.ts';
import { TeaserCard } from '../components/TeaserCard.tsx';
import { seoHead } from '../features/seo/seo.ts';
import { ContentImage } from '../components/ContentImage.tsx';

const listTitle = 'Générateur de répartie';
const listDescription =
  'Une remarque déplacée, une question gênante ? Choisissez la situation, on vous souffle la réplique parfaite.';

async function fetchGenerators(offset: number) {
  return required(await api().GET('/api/repartee-generator', { params: { query: { offset } } })).results;
}

type Data = { kind: 'list'; generators: ReparteeGeneratorSummary[] } | { kind: 'generator'; generator: ReparteeGenerator };

/** '/generateur-de-repartie/{slug?}': the list of situations, or one generator and its replies. */
export const Route = createFileRoute('/generateur-de-repartie/{-$slug}')({
  loader: async ({ params }): Promise<Data> => {
    if (!params.slug) return { kind: 'list', generators: await fetchGenerators(0) };
    const generator = required(
      await api().GET('/api/repartee-generator/{url}', { params: { path: { url: params.slug } } }),
    );
    return { kind: 'generator', generator };
  },
  head: ({ loaderData, matches }) => {
    if (!loaderData) return {};
    const siteUrl = siteUrlOf(matches);
    if (loaderData.kind === 'list') {
      return seoHead({ title: listTitle, description: listDescription, path: '/generateur-de-repartie', siteUrl });
    }
    const { generator } = loaderData;
    return seoHead({
      title: `${generator.title} : le générateur de répartie`,
      description: generator.description,
      path: `/generateur-de-repartie/${generator.url}`,
      siteUrl,
      image: generator.image,
    });
  },
  component: ReparteePage,
});

function ReparteePage() {
  const data = Route.useLoaderData();
  return data.kind === 'list' ? <GeneratorList generators={data.generators} /> : <GeneratorView generator={data.generator} />;
}

function GeneratorList({ generators }: { generators: ReparteeGeneratorSummary[] }) {
  return (
    <div className="repartee-list">
      <PageHeading kicker="Bien envoyé" title={listTitle} description={listDescription} />
      <PagedGrid
        label="Les situations"
        initial={generators}
        fetchBatch={fetchGenerators}
        moreLabel="Plus de situations"
        emptyText="Pas encore de générateur."
        render={(generator, index) => (
          <TeaserCard
            image={generator.image}
            eager={index < 3}
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

/** The generator's content; drawing a reply at random is the repartee feature's job. */
function GeneratorView({ generator }: { generator: ReparteeGenerator }) {
  return (
    <article className="repartee-generator mx-auto max-w-3xl px-4 pt-10">
      <p className="kicker text-center text-piment-dark">
        <Link to="/generateur-de-repartie/{-$slug}" params={{ slug: undefined }} className="hover:underline">
          Générateur de répartie
        </Link>
      </p>
      <h1 className="mt-4 text-center font-display text-4xl font-black italic leading-tight text-balance md:text-5xl">
        {generator.title}
      </h1>
      <p className="mx-auto mt-4 max-w-xl text-center text-xl text-encre/85">{generator.description}</p>
      <ContentImage image={generator.image} sizes="(min-width: 768px) 768px, 100vw" eager priority className="mt-8 aspect-[3/2] h-auto w-full rounded-2xl bg-piment-light object-cover" />
      <section aria-labelledby="replies-title" className="mt-10">
        <h2 id="replies-title" className="font-display text-2xl font-bold">
          {generator.replies.length} répliques à garder sous le coude
        </h2>
        <ul className="repartee-replies mt-6 space-y-4">
          {generator.replies.map((reply) => (
            <li key={reply.id} className="rounded-2xl bg-white p-5 font-display text-xl italic shadow-sm">
              « {reply.text} »
            </li>
          ))}
        </ul>
      </section>
    </article>
  );
}
