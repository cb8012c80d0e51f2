import { createFileRoute } from '@tanstack/react-router';
import { ShoppingPageBody } from '../components/pages/ShoppingContent.tsx';
import { shoppingIntro } from '../components/pages/pageIntros.ts';
import { loadShopping } from '../api/queries/shopping.ts';
import { siteUrlOf } from '../lib/seo/siteUrlOf.ts';
import { seoHead } from '../lib/seo/seo.ts';

export const Route = createFileRoute('/shopping')({
  loader: loadShopping,
  head: ({ matches }) => seoHead({ ...shoppingIntro, path: '/shopping', siteUrl: siteUrlOf(matches) }),
  component: ShoppingPage,
});

function ShoppingPage() {
  const { items, articles } = Route.useLoaderData();
  return <ShoppingPageBody items={items} articles={articles} />;
}
