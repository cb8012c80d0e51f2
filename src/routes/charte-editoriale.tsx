import { createFileRoute } from '@tanstack/react-router';
import { appConfig } from '../../app.config.ts';
import { EditorialPage } from '../components/EditorialPage.tsx';
import { siteUrlOf } from '../lib/seo/siteUrlOf.ts';
import { seoHead } from '../lib/seo/seo.ts';
import { type ChunkHeadContext, type ChunkHeadResult, chunkHead, withChunkHead } from '../lib/seo/chunkHead.ts';

const title = 'Charte éditoriale';
const description =
  'Les règles que la rédaction de Piquante s’engage à respecter : exactitude, indépendance, transparence sur les partenariats et respect des personnes.';

export const Route = createFileRoute('/charte-editoriale')({
  // Built by the route's split chunk (issue 38, src/lib/seo/chunkHead.ts).
  head: chunkHead('/charte-editoriale'),
  component: withChunkHead('/charte-editoriale', charterHead, CharterPage),
});

function CharterPage() {
  return (
    <EditorialPage kicker="La rédaction" title={title} description={description}>
      <p className="lead">
        Cette charte engage chaque journaliste, pigiste et secrétaire de rédaction de {appConfig.site.name}. Elle s'inspire de la Charte
        d'éthique professionnelle des journalistes et de la Déclaration de Munich.
      </p>
      <h2>1. L'exactitude avant la vitesse</h2>
      <p>
        Une information n'est publiée qu'après vérification auprès d'au moins une source fiable. Les chiffres sont sourcés, les citations
        fidèles. Quand nous nous trompons, nous corrigeons l'article et l'indiquons en bas de page, avec la date de la correction.
      </p>
      <h2>2. L'indépendance de la rédaction</h2>
      <p>
        Les choix éditoriaux appartiennent à la rédaction seule. Aucun annonceur ne relit un article avant sa publication, et aucune marque
        ne peut acheter un avis favorable. Les produits testés nous sont prêtés ou offerts sans contrepartie ; ils ne conditionnent jamais
        notre jugement.
      </p>
      <h2>3. La transparence sur les partenariats</h2>
      <p>
        Les contenus réalisés avec une marque portent le tampon « Collab » et le nom du partenaire en tête d'article. Les liens
        d'affiliation de la rubrique Shopping sont signalés : ils peuvent rapporter une commission au magazine, sans changer le prix payé
        par la lectrice.
      </p>
      <h2>4. Le respect des personnes</h2>
      <ul>
        <li>Nous ne publions aucune photo retouchée pour modifier la silhouette ou la peau sans le dire.</li>
        <li>Les témoignages sont recueillis avec le consentement explicite des personnes, anonymisés si elles le souhaitent.</li>
        <li>Nous refusons les contenus sexistes, racistes, homophobes, transphobes, grossophobes ou validistes.</li>
        <li>La santé est traitée avec l'aide de professionnels ; nos articles ne remplacent jamais un avis médical.</li>
      </ul>
      <h2>5. Le droit de réponse</h2>
      <p>
        Toute personne mise en cause dans un article peut demander un droit de réponse à l'adresse{' '}
        <a href={`mailto:${appConfig.site.contactEmail}`}>{appConfig.site.contactEmail}</a>. La rédactrice en chef y répond sous huit jours.
      </p>
    </EditorialPage>
  );
}

function charterHead({ matches }: ChunkHeadContext<unknown>): ChunkHeadResult {
  return seoHead({ title, description, path: '/charte-editoriale', siteUrl: siteUrlOf(matches) });
}
