import { createFileRoute } from '@tanstack/react-router';
import { loadInstagramPosts } from '../api/queries/instagram.ts';
import { InstagramPageBody } from '../components/pages/InstagramContent.tsx';
import { instagramIntro } from '../components/pages/pageIntros.ts';
import { siteUrlOf } from '../lib/seo/siteUrlOf.ts';
import { seoHead } from '../lib/seo/seo.ts';
import { type ChunkHeadContext, type ChunkHeadResult, chunkHead, withChunkHead } from '../lib/seo/chunkHead.ts';

export const Route = createFileRoute('/instagram')({
  loader: async () => ({ posts: await loadInstagramPosts() }),
  // Built by the route's split chunk (issue 38, src/lib/seo/chunkHead.ts).
  head: chunkHead('/instagram'),
  component: withChunkHead('/instagram', instagramHead, InstagramPage),
});

function InstagramPage() {
  const { posts } = Route.useLoaderData();
  return <InstagramPageBody posts={posts} />;
}

function instagramHead({ matches }: ChunkHeadContext<unknown>): ChunkHeadResult {
  return seoHead({ ...instagramIntro, path: '/instagram', siteUrl: siteUrlOf(matches) });
}
