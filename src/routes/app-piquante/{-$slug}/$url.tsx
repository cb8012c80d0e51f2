import { createFileRoute, useLoaderData } from '@tanstack/react-router';
import { appVariantPrefix } from '../../../../app.config.ts';
import { loadArticle } from '../../../api/queries/articles.ts';
import { articleHead, articleShareUrl } from '../../../lib/seo/articleHead.ts';
import { withBodyInMarkupOnly } from '../../../lib/articleBodyOnce.ts';
import { ArticleView } from '../../../components/ArticleView.tsx';
import { siteUrlOf } from '../../../lib/seo/siteUrlOf.ts';

/** '/app-<short name>/{slug?}/{url}': an article in the mobile app's web view. */
export const Route = createFileRoute('/app-piquante/{-$slug}/$url')({
  staticData: { appVariant: true },
  loader: async ({ params }) => withBodyInMarkupOnly(await loadArticle(params.url, params.slug, appVariantPrefix)),
  head: ({ loaderData, matches }) => (loaderData ? articleHead(loaderData.article, siteUrlOf(matches), true) : {}),
  component: AppArticlePage,
});

function AppArticlePage() {
  const { article, related } = Route.useLoaderData();
  const { siteUrl } = useLoaderData({ from: '__root__' });
  return <ArticleView article={article} related={related} shareUrl={articleShareUrl(article, siteUrl)} linkPrefix={appVariantPrefix} />;
}
