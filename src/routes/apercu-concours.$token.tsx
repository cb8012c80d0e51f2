import { createFileRoute } from '@tanstack/react-router';
import { loadContestPreview } from '../api/queries/contests.ts';
import { PreviewBanner, PreviewNotFound } from '../components/PreviewNotice.tsx';
import { ContestView } from '../features/contest/ContestView.tsx';
import { plainHead } from '../lib/seo/seo.ts';

/**
 * '/apercu-concours/<signed token>': the real contest page from the contest's working copy, from a signed link
 * that expires. Never indexed, never stored by the page cache (a private path).
 */
export const Route = createFileRoute('/apercu-concours/$token')({
  loader: async ({ params }) => ({ contest: await loadContestPreview(params.token) }),
  head: ({ loaderData }) => plainHead(loaderData ? `Aperçu : ${loaderData.contest.title}` : 'Aperçu'),
  notFoundComponent: PreviewNotFound,
  component: ContestPreviewPage,
});

function ContestPreviewPage() {
  const { contest } = Route.useLoaderData();
  return (
    <>
      <PreviewBanner notice="ce concours n’est pas publié dans cet état." />
      <ContestView contest={contest} />
    </>
  );
}
