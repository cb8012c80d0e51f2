import { createFileRoute } from '@tanstack/react-router';
import { loadContest } from '../../api/queries/contests.ts';
import { NotFoundPage } from '../../components/NotFoundPage.tsx';
import { ContestView } from '../../features/contest/ContestView.tsx';
import { siteUrlOf } from '../../lib/seo/siteUrlOf.ts';
import { seoHead } from '../../lib/seo/seo.ts';

export const Route = createFileRoute('/concours/$url')({
  loader: async ({ params }) => ({ contest: await loadContest(params.url) }),
  head: ({ loaderData, matches }) =>
    loaderData
      ? seoHead({
          title: loaderData.contest.title,
          description: loaderData.contest.description,
          path: `/concours/${loaderData.contest.url}`,
          siteUrl: siteUrlOf(matches),
          image: loaderData.contest.image,
        })
      : {},
  // SPEC §8: an unknown contest says 'Non trouvé'.
  notFoundComponent: () => <NotFoundPage detail="Non trouvé" />,
  component: ContestPage,
});

function ContestPage() {
  const { contest } = Route.useLoaderData();
  return <ContestView contest={contest} />;
}
