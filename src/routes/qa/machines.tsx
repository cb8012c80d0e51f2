import { createFileRoute, notFound } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { plainHead } from '../../lib/seo/seo.ts';

/** The inspector's code is a chunk of its own: it never reaches readers' pages. */
const InspectorPage = lazy(() => import('../../qa/InspectorPage.tsx').then((m) => ({ default: m.InspectorPage })));

/** '/qa/machines': the QA machine inspector, where the deployment enables it (QA_INSPECTOR); a 404 elsewhere. */
export const Route = createFileRoute('/qa/machines')({
  validateSearch: (search: Record<string, unknown>): { machine?: string } =>
    typeof search.machine === 'string' ? { machine: search.machine } : {},
  loader: async ({ parentMatchPromise }) => {
    const root = await parentMatchPromise;
    if (root.loaderData?.features?.qaInspector !== true) throw notFound();
    return {};
  },
  head: () => plainHead('Inspecteur des machines'),
  component: QaMachinesPage,
});

function QaMachinesPage() {
  const { machine } = Route.useSearch();
  return (
    <Suspense fallback={<p className="mx-auto max-w-7xl px-4 py-10">Chargement de l'inspecteur…</p>}>
      <InspectorPage initialMachine={machine} />
    </Suspense>
  );
}
