import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { plainHead } from '../../lib/seo/seo.ts';

const ShoppingEditorPage = lazy(() =>
  import('../../features/newsroom/ShoppingEditorPage.tsx').then((m) => ({ default: m.ShoppingEditorPage })),
);

/** '/admin/shopping/nouveau' adds a product; '/admin/shopping/42' edits product 42. */
export const Route = createFileRoute('/admin/shopping/$id')({
  ssr: false,
  head: () => plainHead('Produit — Rédaction'),
  loader: async ({ params }) => {
    const { pageData } = await import('../../api/queries/newsroom.ts');
    const { newsroomShopping } = await import('../../api/queries/newsroomShopping.ts');
    const id = params.id === 'nouveau' ? null : Number(params.id);
    return { item: id === null ? null : await pageData(() => newsroomShopping.get(id), 'Ce produit est indisponible.') };
  },
  component: ShoppingEditorRoute,
});

function ShoppingEditorRoute() {
  const { id } = Route.useParams();
  const navigate = Route.useNavigate();
  return (
    <ShoppingEditorPage
      key={id}
      loaded={Route.useLoaderData()}
      onCreated={(created) => navigate({ to: '/admin/shopping/$id', params: { id: String(created) } })}
    />
  );
}
