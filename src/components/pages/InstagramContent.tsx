/** The /instagram page's body (the page and its preview): the heading, the posts and 'more'. */
import { appConfig } from '../../../app.config.ts';
import { fetchInstagramPosts } from '../../api/queries/instagram.ts';
import type { InstagramPost } from '../../api/types.ts';
import { InstagramGrid } from '../InstagramGrid.tsx';
import { LoadMoreButton } from '../LoadMoreButton.tsx';
import { PageHeading } from '../PageHeading.tsx';
import { useLoadMore } from '../useLoadMore.ts';
import { instagramIntro } from './pageIntros.ts';

export function InstagramPageBody({ posts }: { posts: readonly InstagramPost[] }) {
  // SPEC §4: 'more' disappears once a batch comes back smaller than 16.
  const { items, status, error, exhausted, lastBatch, loadMore } = useLoadMore(
    posts,
    fetchInstagramPosts,
    appConfig.instagram.moreThreshold,
  );
  return (
    <div className="instagram-page">
      <PageHeading kicker="@piquante.mag" title={instagramIntro.title} description={instagramIntro.description}>
        <a href={appConfig.site.instagramUrl} rel="noopener noreferrer" target="_blank" className="button-primary mt-6 inline-block">
          Nous suivre sur Instagram
        </a>
      </PageHeading>
      <section aria-label="Publications" className="mx-auto max-w-7xl px-4 md:px-6">
        {/* A phone shows the first row of two, a desktop up to six. */}
        <InstagramGrid posts={items} captions eager={4} />
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
