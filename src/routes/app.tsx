import { createFileRoute } from '@tanstack/react-router';
import { appConfig } from '../../app.config.ts';
import { EditorialPage } from '../components/EditorialPage.tsx';
import { PhoneIcon } from '../components/icons.tsx';
import { siteUrlOf } from '../lib/seo/siteUrlOf.ts';
import { seoHead } from '../lib/seo/seo.ts';
import { type ChunkHeadContext, type ChunkHeadResult, chunkHead, withChunkHead } from '../lib/seo/chunkHead.ts';

const title = "L'appli mobile";
const description =
  'Piquante dans votre poche : les articles avant tout le monde, les quiz hors ligne et une newsletter qui vous ressemble.';

export const Route = createFileRoute('/app')({
  // Built by the route's split chunk (issue 38, src/lib/seo/chunkHead.ts).
  head: chunkHead('/app'),
  component: withChunkHead('/app', appHead, AppPage),
});

function AppPage() {
  const { site } = appConfig;
  return (
    <EditorialPage kicker="iPhone et Android" title={title} description={description}>
      <div className="not-prose my-8 flex flex-col items-center gap-6 rounded-3xl bg-encre p-8 text-center text-white md:flex-row md:text-left">
        <PhoneIcon size={72} className="shrink-0 text-piment-light" />
        <div className="flex-1">
          <p className="font-display text-2xl font-bold">Gratuite, sans compte à créer.</p>
          <p className="mt-1 text-white/85">Téléchargez-la, activez les notifications, et c'est tout.</p>
        </div>
        <ul className="flex flex-col gap-3">
          <li>
            <a className="store-link" href={site.appStoreUrl} rel="noopener noreferrer" target="_blank">
              Télécharger dans l'App Store
            </a>
          </li>
          <li>
            <a className="store-link" href={site.playStoreUrl} rel="noopener noreferrer" target="_blank">
              Disponible sur Google Play
            </a>
          </li>
        </ul>
      </div>
      <h2>Les articles avant tout le monde</h2>
      <p>
        Activez les notifications et recevez nos nouveaux articles dès leur publication, rubrique par rubrique : vous choisissez ce qui vous
        intéresse, et seulement ça.
      </p>
      <h2>Les quiz, même dans le métro</h2>
      <p>
        Quiz, mosaïques et générateur de répartie se chargent une fois pour toutes et fonctionnent hors connexion. Parfait pour les trajets
        sans réseau.
      </p>
      <h2>Votre sélection, sauvegardée</h2>
      <p>Gardez les articles qui vous plaisent pour plus tard, et retrouvez notre sélection shopping mise à jour chaque semaine.</p>
      <h2>Respectueuse de vos données</h2>
      <p>
        L'appli ne demande aucun compte, ne lit pas vos contacts et ne vous géolocalise pas. Les détails sont dans notre politique de
        protection des données.
      </p>
    </EditorialPage>
  );
}

function appHead({ matches }: ChunkHeadContext<unknown>): ChunkHeadResult {
  return seoHead({ title, description, path: '/app', siteUrl: siteUrlOf(matches) });
}
