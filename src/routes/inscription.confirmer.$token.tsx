import { createFileRoute } from '@tanstack/react-router';
import { PageHeading } from '../components/PageHeading.tsx';
import { siteUrlOf } from '../lib/seo/siteUrlOf.ts';
import { seoHead } from '../lib/seo/seo.ts';
import { LinkConfirmation } from '../features/signup/LinkConfirmation.tsx';
import { confirmSignupLink } from '../api/queries/newsletter.ts';
import { type ChunkHeadContext, type ChunkHeadResult, chunkHead, withChunkHead } from '../lib/seo/chunkHead.ts';

const title = 'Confirmer votre inscription';

/** The double opt-in link of the confirmation e-mail: opening it changes nothing, the button confirms. */
export const Route = createFileRoute('/inscription/confirmer/$token')({
  // Built by the route's split chunk (issue 38, src/lib/seo/chunkHead.ts).
  head: chunkHead('/inscription/confirmer/$token'),
  component: withChunkHead('/inscription/confirmer/$token', confirmSignupHead, ConfirmSignupPage),
});

function ConfirmSignupPage() {
  const { token } = Route.useParams();
  return (
    <div className="confirm-page">
      <PageHeading kicker="La newsletter" title={title} />
      <LinkConfirmation
        token={token}
        intro="Un dernier clic et c'est fait : confirmez que vous voulez recevoir la newsletter à cette adresse."
        buttonLabel="Confirmer mon inscription"
        send={confirmSignupLink}
        retry={{ to: '/inscription/{-$origin}', label: "S'inscrire à nouveau" }}
      />
    </div>
  );
}

function confirmSignupHead({ matches }: ChunkHeadContext<unknown>): ChunkHeadResult {
  return seoHead({
    title,
    description: 'Confirmez votre inscription à la newsletter.',
    path: '/inscription',
    siteUrl: siteUrlOf(matches),
    noindex: true,
  });
}
