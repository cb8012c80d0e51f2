import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { liveBlogDeclaration } from '../../formats/liveBlogFormat.ts';
import { plainHead } from '../../lib/seo/seo.ts';

const FormatListPage = lazy(() => import('../../features/newsroom/FormatListPage.tsx').then((m) => ({ default: m.FormatListPage })));

/** '/admin/directs': the live blogs, every state. */
export const Route = createFileRoute('/admin/directs/')({
  ssr: false,
  head: () => plainHead('Directs — Rédaction'),
  loader: async () => {
    const { pageData } = await import('../../api/queries/newsroom.ts');
    const { formatCalls } = await import('../../api/queries/newsroomFormatCalls.ts');
    return pageData(() => formatCalls(liveBlogDeclaration.operations).list(), 'Les directs sont indisponibles.');
  },
  component: () => <FormatListPage format={liveBlogDeclaration} loaded={Route.useLoaderData()} />,
});
