import { createFileRoute, useLoaderData } from '@tanstack/react-router';
import { loadSourceDraftPreview } from '../api/queries/articles.ts';
import { ArticleView } from '../components/ArticleView.tsx';
import { PreviewBanner, PreviewNotFound } from '../components/PreviewNotice.tsx';
import { articleHead, articleShareUrl } from '../lib/seo/articleHead.ts';
import { siteUrlOf } from '../lib/seo/siteUrlOf.ts';

/**
 * '/apercu-source/<signed token>': a draft of the live source (Ghost, WordPress: issue 35) as its article page,
 * read in the source at each opening from a signed link that expires. Never indexed; never stored by the page
 * cache (a private path); never written to the site.
 */
export const Route = createFileRoute('/apercu-source/$token')({
  loader: ({ params }) => loadSourceDraftPreview(params.token),
  head: ({ loaderData, matches }) => (loaderData ? articleHead(loaderData.article, siteUrlOf(matches), true) : {}),
  notFoundComponent: PreviewNotFound,
  component: SourceDraftPreviewPage,
});

function SourceDraftPreviewPage() {
  const { article } = Route.useLoaderData();
  const { siteUrl } = useLoaderData({ from: '__root__' });
  return (
    <>
      <PreviewBanner notice="ce brouillon n’est pas publié ; il est relu dans la source, images comprises, à chaque ouverture." />
      <ArticleView article={article} related={[]} shareUrl={articleShareUrl(article, siteUrl)} />
    </>
  );
}
