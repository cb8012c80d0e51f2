import { createFileRoute } from '@tanstack/react-router';
import { loadContestPreview } from '../api/queries/contests.ts';
import { PreviewBanner, PreviewNotFound } from '../components/PreviewNotice.tsx';
import { ContestView } from '../features/contest/ContestView.tsx';
import { contestEntryForm } from '../features/contest/contestEntryFormChunk.ts';
import { plainHead } from '../lib/seo/seo.ts';

/**
 * '/apercu-concours/<signed token>': the real contest page from the contest's working copy, from a signed link
 * that expires. Never indexed, never stored by the page cache (a private path).
 */
export const Route = createFileRoute('/apercu-concours/$token')({
  loader: async ({ params }) => {
    const contest = await loadContestPreview(params.token);
    // The open contest's form is rendered with the page, the server's one pass included (contestEntryFormChunk.ts).
    if (contest.status === 'open') await contestEntryForm.load();
    return { contest };
  },
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
