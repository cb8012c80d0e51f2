import { createFileRoute } from '@tanstack/react-router';
import { PageHeading } from '../components/PageHeading.tsx';
import { ShoppingContent } from '../components/pages/ShoppingContent.tsx';
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
  return (
    <div className="shopping-page">
      <PageHeading kicker="La sélection de la rédaction" title={shoppingIntro.title} description={shoppingIntro.description} />
      <ShoppingContent items={items} articles={articles} />
    </div>
  );
}
