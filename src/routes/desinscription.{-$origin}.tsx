import { createFileRoute } from '@tanstack/react-router';
import { PageHeading } from '../components/PageHeading.tsx';
import { siteUrlOf } from '../lib/seo/siteUrlOf.ts';
import { seoHead } from '../lib/seo/seo.ts';
import { UnsubscribeForm } from '../features/signup/UnsubscribeForm.tsx';
import { type ChunkHeadContext, type ChunkHeadResult, chunkHead, withChunkHead } from '../lib/seo/chunkHead.ts';

const title = 'Se désinscrire de la newsletter';
const description =
  'Indiquez votre adresse : nous vous envoyons un lien pour confirmer. Chaque e-mail de la newsletter contient aussi un lien de désinscription en un clic.';

/** '/desinscription/{origin?}' (SPEC §2): asks for the address and mails a confirmation link. */
export const Route = createFileRoute('/desinscription/{-$origin}')({
  // Built by the route's split chunk (issue 38, src/lib/seo/chunkHead.ts).
  head: chunkHead('/desinscription/{-$origin}'),
  component: withChunkHead('/desinscription/{-$origin}', unsubscribeHead, UnsubscribePage),
});

function UnsubscribePage() {
  return (
    <div className="unsubscribe-page">
      <PageHeading kicker="La newsletter" title={title} description={description} />
      <UnsubscribeForm />
    </div>
  );
}

function unsubscribeHead({ matches }: ChunkHeadContext<unknown>): ChunkHeadResult {
  return seoHead({ title, description, path: '/desinscription', siteUrl: siteUrlOf(matches), noindex: true });
}
