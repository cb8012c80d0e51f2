import { createFileRoute } from '@tanstack/react-router';
import { loadShoppingPreview } from '../api/queries/shopping.ts';
import { ShoppingPageBody } from '../components/pages/ShoppingContent.tsx';
import { PreviewBanner, PreviewNotFound } from '../components/PreviewNotice.tsx';
import { plainHead } from '../lib/seo/seo.ts';

/**
 * '/apercu-shopping/<signed token>': the real shopping page with the item's working copy among the published
 * items, from a signed link that expires. Never indexed, never stored by the page cache (a private path).
 */
export const Route = createFileRoute('/apercu-shopping/$token')({
  loader: ({ params }) => loadShoppingPreview(params.token),
  head: () => plainHead('Aperçu : Shopping'),
  notFoundComponent: PreviewNotFound,
  component: ShoppingPreviewPage,
});

function ShoppingPreviewPage() {
  const { items, articles } = Route.useLoaderData();
  return (
    <>
      <PreviewBanner notice="ce produit n’est pas publié dans cet état." />
      <ShoppingPageBody items={items} articles={articles} />
    </>
  );
}
