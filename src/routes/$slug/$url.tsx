import { createFileRoute, useLoaderData } from '@tanstack/react-router';
import { loadArticle } from '../../api/queries/articles.ts';
import { articleHead, articleShareUrl } from '../../lib/seo/articleHead.ts';
import { withBodyInMarkupOnly } from '../../lib/articleBodyOnce.ts';
import { ArticleView } from '../../components/ArticleView.tsx';
import { siteUrlOf } from '../../lib/seo/siteUrlOf.ts';

export const Route = createFileRoute('/$slug/$url')({
  loader: async ({ params }) => withBodyInMarkupOnly(await loadArticle(params.url, params.slug)),
  head: ({ loaderData, matches }) => (loaderData ? articleHead(loaderData.article, siteUrlOf(matches)) : {}),
  component: ArticlePage,
});

function ArticlePage() {
  const { article, related } = Route.useLoaderData();
  const { siteUrl } = useLoaderData({ from: '__root__' });
  return <ArticleView article={article} related={related} shareUrl={articleShareUrl(article, siteUrl)} />;
}
