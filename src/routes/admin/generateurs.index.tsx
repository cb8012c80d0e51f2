import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { generatorDeclaration } from '../../formats/generatorFormat.ts';
import { plainHead } from '../../lib/seo/seo.ts';

const FormatListPage = lazy(() => import('../../features/newsroom/FormatListPage.tsx').then((m) => ({ default: m.FormatListPage })));

/** '/admin/generateurs': the repartee generators, every state. */
export const Route = createFileRoute('/admin/generateurs/')({
  ssr: false,
  head: () => plainHead('Générateurs de répartie — Rédaction'),
  loader: async () => {
    const { pageData } = await import('../../api/queries/newsroom.ts');
    const { newsroomGenerators } = await import('../../api/queries/newsroomGenerators.ts');
    return pageData(() => newsroomGenerators.list(), 'Les générateurs sont indisponibles.');
  },
  component: GeneratorsRoute,
});

function GeneratorsRoute() {
  return <FormatListPage format={generatorDeclaration} loaded={Route.useLoaderData()} />;
}
