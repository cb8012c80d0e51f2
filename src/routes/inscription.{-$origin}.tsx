import { createFileRoute, Link } from '@tanstack/react-router';
import { appConfig } from '../../app.config.ts';
import { siteUrlOf } from '../lib/seo/siteUrlOf.ts';
import { seoHead } from '../lib/seo/seo.ts';
import { NewsletterBlock } from '../features/signup/NewsletterBlock.tsx';
import { type ChunkHeadContext, type ChunkHeadResult, chunkHead, withChunkHead } from '../lib/seo/chunkHead.ts';

const title = 'Inscription à la newsletter';
const description = `Chaque semaine, le meilleur de ${appConfig.site.name} dans votre boîte mail : mode, beauté, culture, self care et bons plans.`;

/** '/inscription/{origin?}' (SPEC §2): the signup page; its parameter is the signup's origin (SPEC §7). */
export const Route = createFileRoute('/inscription/{-$origin}')({
  // Built by the route's split chunk (issue 38, src/lib/seo/chunkHead.ts).
  head: chunkHead('/inscription/{-$origin}'),
  component: withChunkHead('/inscription/{-$origin}', signupHead, SignupPage),
});

function SignupPage() {
  const { origin } = Route.useParams();
  return (
    <div className="signup-page pt-6">
      <p className="kicker text-center text-piment-dark">La newsletter</p>
      <NewsletterBlock source="inscription" routeOrigin={origin ?? 'inscription'} headingLevel="h1" />
      <div className="mx-auto max-w-2xl px-4 pb-10 text-center text-encre/80">
        <p>{description}</p>
        <p className="mt-4 text-sm">
          Vous ne souhaitez plus la recevoir ?{' '}
          <Link to="/desinscription/{-$origin}" params={{}} className="font-bold underline underline-offset-4">
            Se désinscrire
          </Link>
        </p>
      </div>
    </div>
  );
}

function signupHead({ matches }: ChunkHeadContext<unknown>): ChunkHeadResult {
  return seoHead({ title, description, path: '/inscription', siteUrl: siteUrlOf(matches) });
}
