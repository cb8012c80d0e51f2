import { createFileRoute } from '@tanstack/react-router';
import { loadContest } from '../../api/queries/contests.ts';
import { NotFoundPage } from '../../components/NotFoundPage.tsx';
import { ContestView } from '../../features/contest/ContestView.tsx';
import { contestEntryForm } from '../../features/contest/contestEntryFormChunk.ts';
import { type ChunkHeadContext, type ChunkHeadResult, chunkHead, withChunkHead } from '../../lib/seo/chunkHead.ts';
import { siteUrlOf } from '../../lib/seo/siteUrlOf.ts';
import { seoHead } from '../../lib/seo/seo.ts';

export const Route = createFileRoute('/concours/$url')({
  loader: async ({ params }) => {
    const contest = await loadContest(params.url);
    // The open contest's form is rendered with the page, the server's one pass included (contestEntryFormChunk.ts).
    if (contest.status === 'open') await contestEntryForm.load();
    return { contest };
  },
  // Built by the route's split chunk (issue 38, src/lib/seo/chunkHead.ts).
  head: chunkHead('/concours/$url'),
  // SPEC §8: an unknown contest says 'Non trouvé'.
  notFoundComponent: () => <NotFoundPage detail="Non trouvé" />,
  component: withChunkHead('/concours/$url', contestHead, ContestPage),
});

function ContestPage() {
  const { contest } = Route.useLoaderData();
  return <ContestView contest={contest} />;
}

function contestHead({ loaderData, matches }: ChunkHeadContext<{ contest: Awaited<ReturnType<typeof loadContest>> }>): ChunkHeadResult {
  return loaderData
    ? seoHead({
        title: loaderData.contest.title,
        description: loaderData.contest.description,
        path: `/concours/${loaderData.contest.url}`,
        siteUrl: siteUrlOf(matches),
        image: loaderData.contest.image,
      })
    : {};
}
