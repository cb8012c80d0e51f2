import { createFileRoute } from '@tanstack/react-router';
import { loadInstagramPreview } from '../api/queries/instagram.ts';
import { InstagramPageBody } from '../components/pages/InstagramContent.tsx';
import { PreviewBanner, PreviewNotFound } from '../components/PreviewNotice.tsx';
import { plainHead } from '../lib/seo/seo.ts';

/**
 * '/apercu-instagram/<signed token>': the real Instagram page with the post's working copy among the published
 * posts, from a signed link that expires. Never indexed, never stored by the page cache (a private path).
 */
export const Route = createFileRoute('/apercu-instagram/$token')({
  loader: async ({ params }) => ({ posts: await loadInstagramPreview(params.token) }),
  head: () => plainHead('Aperçu : Instagram'),
  notFoundComponent: PreviewNotFound,
  component: InstagramPreviewPage,
});

function InstagramPreviewPage() {
  const { posts } = Route.useLoaderData();
  return (
    <>
      <PreviewBanner notice="cette publication n’est pas publiée dans cet état." />
      <InstagramPageBody posts={posts} />
    </>
  );
}
