import { createFileRoute } from '@tanstack/react-router';
import { loadInstagramPosts } from '../api/queries/instagram.ts';
import { InstagramPageBody } from '../components/pages/InstagramContent.tsx';
import { instagramIntro } from '../components/pages/pageIntros.ts';
import { siteUrlOf } from '../lib/seo/siteUrlOf.ts';
import { seoHead } from '../lib/seo/seo.ts';

export const Route = createFileRoute('/instagram')({
  loader: async () => ({ posts: await loadInstagramPosts() }),
  head: ({ matches }) => seoHead({ ...instagramIntro, path: '/instagram', siteUrl: siteUrlOf(matches) }),
  component: InstagramPage,
});

function InstagramPage() {
  const { posts } = Route.useLoaderData();
  return <InstagramPageBody posts={posts} />;
}
