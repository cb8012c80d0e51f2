import { createFileRoute } from '@tanstack/react-router';
import { PageHeading } from '../../components/PageHeading.tsx';
import { siteUrlOf } from '../../lib/seo/siteUrlOf.ts';
import { seoHead } from '../../lib/seo/seo.ts';
import { LinkConfirmation } from '../../features/signup/LinkConfirmation.tsx';
import { confirmContestEntryLink } from '../../api/queries/contestEntries.ts';
import { type ChunkHeadContext, type ChunkHeadResult, chunkHead, withChunkHead } from '../../lib/seo/chunkHead.ts';

const title = 'Confirmer votre participation';

/** The link of a contest entry's confirmation e-mail: opening it changes nothing, the button confirms. */
export const Route = createFileRoute('/concours/confirmer/$token')({
  // Built by the route's split chunk (issue 38, src/lib/seo/chunkHead.ts).
  head: chunkHead('/concours/confirmer/$token'),
  component: withChunkHead('/concours/confirmer/$token', confirmEntryHead, ConfirmEntryPage),
});

function ConfirmEntryPage() {
  const { token } = Route.useParams();
  return (
    <div className="confirm-page">
      <PageHeading kicker="Concours" title={title} />
      <LinkConfirmation
        token={token}
        intro="Un dernier clic : confirmez votre participation pour qu'elle compte au tirage au sort."
        buttonLabel="Confirmer ma participation"
        send={confirmContestEntryLink}
        retry={{ to: '/concours', label: 'Voir les concours' }}
      />
    </div>
  );
}

function confirmEntryHead({ matches }: ChunkHeadContext<unknown>): ChunkHeadResult {
  return seoHead({
    title,
    description: 'Confirmez votre participation au concours.',
    path: '/concours',
    siteUrl: siteUrlOf(matches),
    noindex: true,
  });
}
