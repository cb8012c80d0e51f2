import { createFileRoute } from '@tanstack/react-router';
import { ShoppingPageBody } from '../components/pages/ShoppingContent.tsx';
import { shoppingIntro } from '../components/pages/pageIntros.ts';
import { loadShopping } from '../api/queries/shopping.ts';
import { siteUrlOf } from '../lib/seo/siteUrlOf.ts';
import { seoHead } from '../lib/seo/seo.ts';
import { type ChunkHeadContext, type ChunkHeadResult, chunkHead, withChunkHead } from '../lib/seo/chunkHead.ts';

export const Route = createFileRoute('/shopping')({
  loader: loadShopping,
  // Built by the route's split chunk (issue 38, src/lib/seo/chunkHead.ts).
  head: chunkHead('/shopping'),
  component: withChunkHead('/shopping', shoppingHead, ShoppingPage),
});

function ShoppingPage() {
  const { items, articles } = Route.useLoaderData();
  return <ShoppingPageBody items={items} articles={articles} />;
}

function shoppingHead({ matches }: ChunkHeadContext<unknown>): ChunkHeadResult {
  return seoHead({ ...shoppingIntro, path: '/shopping', siteUrl: siteUrlOf(matches) });
}
