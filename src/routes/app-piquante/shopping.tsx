import { createFileRoute } from '@tanstack/react-router';
import { appVariantPrefix } from '../../../app.config.ts';
import { PageHeading } from '../../components/PageHeading.tsx';
import { ShoppingContent } from '../../components/pages/ShoppingContent.tsx';
import { shoppingIntro } from '../../components/pages/pageIntros.ts';
import { loadShopping } from '../../api/queries/shopping.ts';
import { siteUrlOf } from '../../lib/seo/siteUrlOf.ts';
import { seoHead } from '../../lib/seo/seo.ts';
import { type ChunkHeadContext, type ChunkHeadResult, chunkHead, withChunkHead } from '../../lib/seo/chunkHead.ts';

/** The shopping selection in the mobile app's web view. */
export const Route = createFileRoute('/app-piquante/shopping')({
  staticData: { appVariant: true },
  loader: loadShopping,
  // Built by the route's split chunk (issue 38, src/lib/seo/chunkHead.ts).
  head: chunkHead('/app-piquante/shopping'),
  component: withChunkHead('/app-piquante/shopping', appShoppingHead, AppShoppingPage),
});

function AppShoppingPage() {
  const { items, articles } = Route.useLoaderData();
  return (
    <div className="shopping-page">
      <PageHeading title={shoppingIntro.title} description={shoppingIntro.description} />
      <ShoppingContent items={items} articles={articles} linkPrefix={appVariantPrefix} />
    </div>
  );
}

function appShoppingHead({ matches }: ChunkHeadContext<unknown>): ChunkHeadResult {
  return seoHead({ ...shoppingIntro, path: '/shopping', siteUrl: siteUrlOf(matches), noindex: true });
}
