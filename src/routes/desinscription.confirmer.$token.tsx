import { createFileRoute } from '@tanstack/react-router';
import { PageHeading } from '../components/PageHeading.tsx';
import { siteUrlOf } from '../lib/seo/siteUrlOf.ts';
import { seoHead } from '../lib/seo/seo.ts';
import { LinkConfirmation } from '../features/signup/LinkConfirmation.tsx';
import { confirmUnsubscribeLink } from '../api/queries/newsletter.ts';

const title = 'Confirmer votre désinscription';

/**
 * The unsubscribe links (the one of the request e-mail, and the one-click link of every newsletter,
 * reached through a 303 from /newsletter/desinscription-un-clic/{token}): the button unsubscribes.
 */
export const Route = createFileRoute('/desinscription/confirmer/$token')({
  head: ({ matches }) =>
    seoHead({
      title,
      description: 'Confirmez votre désinscription de la newsletter.',
      path: '/desinscription',
      siteUrl: siteUrlOf(matches),
      noindex: true,
    }),
  component: ConfirmUnsubscribePage,
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
