import { createFileRoute } from '@tanstack/react-router';
import { appConfig } from '../../app.config.ts';
import { EditorialPage } from '../components/EditorialPage.tsx';
import { siteUrlOf } from '../components/siteUrlOf.ts';
import { seoHead } from '../features/seo/seo.ts';

const title = 'Protection des données';
const description =
  'Quelles données Piquante collecte, pourquoi, combien de temps elles sont conservées et comment exercer vos droits.';

export const Route = createFileRoute('/politique-confidentialite')({
  head: ({ matches }) => seoHead({ title, description, path: '/politique-confidentialite', siteUrl: siteUrlOf(matches) }),
  component: PrivacyPage,
});

function PrivacyPage() {
  const { site } = appConfig;
  return (
    <EditorialPage kicker="Vos données" title={title} description={description}>
      <p className="lead">
        Piquante Médias, éditeur de {site.name}, est responsable des traitements décrits ici, conformément au règlement
        général sur la protection des données (RGPD) et à la loi Informatique et Libertés.
      </p>
      <h2>Les données que nous collectons</h2>
      <ul>
        <li>
          <strong>Newsletter</strong> : votre adresse e-mail et votre code postal, pour vous envoyer la newsletter et
          adapter nos bons plans à votre région.
        </li>
        <li>
          <strong>Mesure d'audience</strong> : des statistiques de visite, uniquement si vous y consentez.
        </li>
        <li>
          <strong>Concours</strong> : les informations nécessaires pour désigner et contacter les gagnantes et les
          gagnants.
        </li>
      </ul>
      <h2>Combien de temps</h2>
      <p>
        Votre inscription à la newsletter est conservée jusqu'à votre désinscription, puis trois ans sans ouverture de
        nos e-mails au maximum. Les données de concours sont supprimées six mois après le tirage au sort.
      </p>
      <h2>Avec qui</h2>
      <p>
        Vos données ne sont ni vendues ni louées. Elles ne sont transmises qu'à nos prestataires techniques (envoi
        d'e-mails, hébergement), tenus à la confidentialité et situés dans l'Union européenne.
      </p>
      <h2>Cookies</h2>
      <p>
        Les cookies non essentiels ne sont déposés qu'avec votre accord. Vous pouvez modifier vos choix à tout moment
        grâce au lien « Cookies » en bas de chaque page.
      </p>
      <h2>Vos droits</h2>
      <p>
        Vous pouvez accéder à vos données, les rectifier, les effacer, en limiter le traitement, vous y opposer ou
        demander leur portabilité en écrivant à <a href={`mailto:${site.contactEmail}`}>{site.contactEmail}</a>. Chaque
        newsletter contient un lien de désinscription. Si vous estimez que vos droits ne sont pas respectés, vous pouvez
        saisir la CNIL (cnil.fr).
      </p>
    </EditorialPage>
  );
}
