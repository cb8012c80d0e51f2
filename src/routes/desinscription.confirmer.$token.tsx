import { createFileRoute } from '@tanstack/react-router';
import { PageHeading } from '../components/PageHeading.tsx';
import { siteUrlOf } from '../lib/seo/siteUrlOf.ts';
import { seoHead } from '../lib/seo/seo.ts';
import { LinkConfirmation } from '../features/signup/LinkConfirmation.tsx';
import { confirmUnsubscribeLink } from '../api/queries/newsletter.ts';
import { type ChunkHeadContext, type ChunkHeadResult, chunkHead, withChunkHead } from '../lib/seo/chunkHead.ts';

const title = 'Confirmer votre désinscription';

/**
 * The unsubscribe links (the one of the request e-mail, and the one-click link of every newsletter,
 * reached through a 303 from /newsletter/desinscription-un-clic/{token}): the button unsubscribes.
 */
export const Route = createFileRoute('/desinscription/confirmer/$token')({
  // Built by the route's split chunk (issue 38, src/lib/seo/chunkHead.ts).
  head: chunkHead('/desinscription/confirmer/$token'),
  component: withChunkHead('/desinscription/confirmer/$token', confirmUnsubscribeHead, ConfirmUnsubscribePage),
});

function ConfirmUnsubscribePage() {
  const { token } = Route.useParams();
  return (
    <div className="confirm-page">
      <PageHeading kicker="La newsletter" title={title} />
      <LinkConfirmation
        token={token}
        intro="Confirmez que vous ne voulez plus recevoir la newsletter à cette adresse. Vous pourrez vous réinscrire quand vous voudrez."
        buttonLabel="Me désinscrire"
        send={confirmUnsubscribeLink}
        retry={{ to: '/desinscription/{-$origin}', label: 'Refaire la demande' }}
      />
    </div>
  );
}

function confirmUnsubscribeHead({ matches }: ChunkHeadContext<unknown>): ChunkHeadResult {
  return seoHead({
    title,
    description: 'Confirmez votre désinscription de la newsletter.',
    path: '/desinscription',
    siteUrl: siteUrlOf(matches),
    noindex: true,
  });
}
