import { createFileRoute, useLoaderData } from '@tanstack/react-router';
import { loadArticlePreview } from '../api/queries/articles.ts';
import { ArticleView } from '../components/ArticleView.tsx';
import { articleHead, articleShareUrl } from '../lib/seo/articleHead.ts';
import { siteUrlOf } from '../lib/seo/siteUrlOf.ts';

/**
 * '/apercu/<signed token>': the real article page for an unpublished article, from a signed link that
 * expires (issue 15). Never indexed; never stored by the page cache (a private path).
 */
export const Route = createFileRoute('/apercu/$token')({
  loader: ({ params }) => loadArticlePreview(params.token),
  head: ({ loaderData, matches }) => (loaderData ? articleHead(loaderData.article, siteUrlOf(matches), true) : {}),
  component: PreviewPage,
});

function PreviewPage() {
  const { article } = Route.useLoaderData();
  const { siteUrl } = useLoaderData({ from: '__root__' });
  return (
    <>
      <p role="status" className="bg-encre px-4 py-2 text-center font-bold text-white">
        Aperçu — cet article n’est pas publié.
      </p>
      <ArticleView article={article} related={[]} shareUrl={articleShareUrl(article, siteUrl)} />
    </>
  );
}
