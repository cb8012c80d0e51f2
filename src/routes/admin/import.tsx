import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { plainHead } from '../../lib/seo/seo.ts';

const ImportPage = lazy(() => import('../../features/newsroom/ImportPage.tsx').then((m) => ({ default: m.ImportPage })));

export const Route = createFileRoute('/admin/import')({
  ssr: false,
  head: () => plainHead('Import — Rédaction'),
  loader: async () => {
    const { newsroom, pageData } = await import('../../api/queries/newsroom.ts');
    return pageData(async () => ({ runs: await newsroom.imports(), categories: await newsroom.categories() }), 'Imports indisponibles.');
  },
  component: ImportRoute,
});

function ImportRoute() {
  return <ImportPage loaded={Route.useLoaderData()} />;
}
