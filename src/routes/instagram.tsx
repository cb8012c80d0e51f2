import { createFileRoute } from '@tanstack/react-router';
import { appConfig } from '../../app.config.ts';
import { fetchInstagramPosts, loadInstagramPosts } from '../api/queries/instagram.ts';
import { InstagramGrid } from '../components/InstagramGrid.tsx';
import { LoadMoreButton } from '../components/LoadMoreButton.tsx';
import { PageHeading } from '../components/PageHeading.tsx';
import { siteUrlOf } from '../lib/seo/siteUrlOf.ts';
import { useLoadMore } from '../components/useLoadMore.ts';
import { seoHead } from '../lib/seo/seo.ts';

const title = 'Instagram';
const description = 'Les coulisses de la rédaction, nos looks du jour et vos plus belles réactions, publication après publication.';

export const Route = createFileRoute('/instagram')({
  loader: async () => ({ posts: await loadInstagramPosts() }),
  head: ({ matches }) => seoHead({ title, description, path: '/instagram', siteUrl: siteUrlOf(matches) }),
  component: InstagramPage,
});

function InstagramPage() {
  const { posts } = Route.useLoaderData();
  // SPEC §4: 'more' disappears once a batch comes back smaller than 16.
  const { items, status, error, exhausted, lastBatch, loadMore } = useLoadMore(
    posts,
    fetchInstagramPosts,
    appConfig.instagram.moreThreshold,
  );
  return (
    <div className="instagram-page">
      <PageHeading kicker="@piquante.mag" title={title} description={description}>
        <a href={appConfig.site.instagramUrl} rel="noopener noreferrer" target="_blank" className="button-primary mt-6 inline-block">
          Nous suivre sur Instagram
        </a>
      </PageHeading>
      <section aria-label="Publications" className="mx-auto max-w-7xl px-4 md:px-6">
        <InstagramGrid posts={items} captions />
        {exhausted ? null : (
          <LoadMoreButton
            status={status}
            error={error}
            onClick={loadMore}
            label="Plus de publications"
            announcement={lastBatch > 0 ? `${lastBatch} publications de plus.` : ''}
          />
        )}
      </section>
    </div>
  );
}
