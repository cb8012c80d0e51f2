import { createFileRoute, useLoaderData } from '@tanstack/react-router';
import { articleHead, articleShareUrl, loadArticle } from '../../components/articleData.ts';
import { ArticleView } from '../../components/ArticleView.tsx';
import { siteUrlOf } from '../../components/siteUrlOf.ts';

export const Route = createFileRoute('/$slug/$url')({
  loader: ({ params }) => loadArticle(params.url, params.slug),
  head: ({ loaderData, matches }) => (loaderData ? articleHead(loaderData.article, siteUrlOf(matches)) : {}),
  component: ArticlePage,
});

function ArticlePage() {
  const { article, related } = Route.useLoaderData();
  const { siteUrl } = useLoaderData({ from: '__root__' });
  return <ArticleView article={article} related={related} shareUrl={articleShareUrl(article, siteUrl)} />;
}
