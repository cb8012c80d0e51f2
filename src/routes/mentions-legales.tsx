import { createFileRoute, Link } from '@tanstack/react-router';
import { appConfig } from '../../app.config.ts';
import { EditorialPage } from '../components/EditorialPage.tsx';
import { siteUrlOf } from '../lib/seo/siteUrlOf.ts';
import { seoHead } from '../lib/seo/seo.ts';
import { type ChunkHeadContext, type ChunkHeadResult, chunkHead, withChunkHead } from '../lib/seo/chunkHead.ts';

const title = 'Mentions légales';
const description = 'Éditeur, directrice de la publication, hébergement et propriété intellectuelle du site Piquante.';

export const Route = createFileRoute('/mentions-legales')({
  // Built by the route's split chunk (issue 38, src/lib/seo/chunkHead.ts).
  head: chunkHead('/mentions-legales'),
  component: withChunkHead('/mentions-legales', legalHead, LegalPage),
});

function LegalPage() {
  const { site } = appConfig;
  return (
    <EditorialPage kicker="Informations légales" title={title} description={description}>
      <h2>Éditeur</h2>
      <p>
        Le site {site.name} est édité par Piquante Médias, société par actions simplifiée au capital de 50 000 euros, immatriculée au
        registre du commerce et des sociétés de Paris, dont le siège social est situé 12 rue des Petites-Écuries, 75010 Paris. Contact :{' '}
        <a href={`mailto:${site.contactEmail}`}>{site.contactEmail}</a>.
      </p>
      <h2>Directrice de la publication</h2>
      <p>Camille Roussel, en sa qualité de présidente de Piquante Médias et de rédactrice en chef.</p>
      <h2>Hébergement</h2>
      <p>
        Le site est hébergé dans l'Union européenne, sur des serveurs situés en France. Les coordonnées de l'hébergeur sont communiquées sur
        simple demande à l'adresse de contact ci-dessus.
      </p>
      <h2>Propriété intellectuelle</h2>
      <p>
        L'ensemble des textes, illustrations, logos et éléments graphiques du site est protégé par le Code de la propriété intellectuelle.
        Toute reproduction, même partielle, sans autorisation écrite préalable de l'éditeur est interdite. Les citations courtes sont
        autorisées avec la mention de la source et un lien vers l'article.
      </p>
      <h2>Liens et partenaires</h2>
      <p>
        Les liens vers des sites marchands de la rubrique Shopping peuvent être des liens d'affiliation. {site.name} n'est pas responsable
        du contenu des sites vers lesquels il renvoie.
      </p>
      <h2>Données personnelles</h2>
      <p>
        Le traitement de vos données est décrit dans notre <Link to="/politique-confidentialite">politique de protection des données</Link>.
      </p>
    </EditorialPage>
  );
}

function legalHead({ matches }: ChunkHeadContext<unknown>): ChunkHeadResult {
  return seoHead({ title, description, path: '/mentions-legales', siteUrl: siteUrlOf(matches) });
}
