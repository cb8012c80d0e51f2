import { createFileRoute, useLoaderData } from '@tanstack/react-router';
import { appConfig } from '../../app.config.ts';
import { activeVendors, type ConsentDeployment, consentConfig } from '../../consent.config.ts';
import { consentDescriptions, cookiesOf } from '../../consent.descriptions.ts';
import { EditorialPage } from '../components/EditorialPage.tsx';
import { AudienceObjection } from '../features/audience/AudienceObjection.tsx';
import { siteUrlOf } from '../lib/seo/siteUrlOf.ts';
import { seoHead } from '../lib/seo/seo.ts';
import { type ChunkHeadContext, type ChunkHeadResult, chunkHead, withChunkHead } from '../lib/seo/chunkHead.ts';

const title = 'Protection des données';
const description = 'Quelles données Piquante collecte, pourquoi, combien de temps elles sont conservées et comment exercer vos droits.';

export const Route = createFileRoute('/politique-confidentialite')({
  // Built by the route's split chunk (issue 38, src/lib/seo/chunkHead.ts).
  head: chunkHead('/politique-confidentialite'),
  component: withChunkHead('/politique-confidentialite', privacyHead, PrivacyPage),
});

function PrivacyPage() {
  const { site } = appConfig;
  return (
    <EditorialPage kicker="Vos données" title={title} description={description}>
      <p className="lead">
        Piquante Médias, éditeur de {site.name}, est responsable des traitements décrits ici, conformément au règlement général sur la
        protection des données (RGPD) et à la loi Informatique et Libertés.
      </p>
      <h2>Les données que nous collectons</h2>
      <ul>
        <li>
          <strong>Newsletter</strong> : votre adresse e-mail et votre code postal, pour vous envoyer la newsletter et adapter nos bons plans
          à votre région.
        </li>
        <li>
          <strong>Mesure d'audience</strong> : des compteurs anonymes de pages vues, sans cookie ni identifiant (détails ci-dessous) ; des
          statistiques plus fines, uniquement si vous y consentez.
        </li>
        <li>
          <strong>Sondages</strong> : quand vous répondez à une question de la rédaction, nous ajoutons un au total de la réponse choisie
          pour la journée, et rien d'autre : ni adresse IP, ni cookie, ni identifiant.
        </li>
        <li>
          <strong>Concours</strong> : quand vous participez, votre adresse e-mail, votre prénom, votre nom, votre réponse à la question du
          concours et si vous avez demandé la newsletter, pour confirmer votre participation, tirer au sort les gagnantes et les gagnants et
          les prévenir par e-mail. Sur la page du concours, seuls le prénom et l'initiale du nom des gagnants sont publiés.
        </li>
      </ul>
      <h2>Combien de temps</h2>
      <p>
        Votre inscription à la newsletter est conservée jusqu'à votre désinscription, puis trois ans sans ouverture de nos e-mails au
        maximum. Les e-mails que nous vous envoyons (confirmation, bienvenue, désinscription) attendent dans notre file d'envoi le temps
        d'être remis, puis sont effacés un jour après leur envoi. Les données des participants à un concours sont effacées automatiquement
        six mois après son tirage au sort ; n'en restent que le prénom et l'initiale des gagnants affichés sur sa page, et, pour pouvoir
        vérifier le tirage, la liste des numéros de participation tirés au sort, sans aucune donnée personnelle.
      </p>
      <p>
        Pour chaque numéro de la newsletter qui vous est adressé, nous gardons une ligne d'envoi : le numéro, votre inscription, l'état de
        l'envoi (envoyé, en attente, refusé par votre messagerie) et son heure, afin de ne jamais vous l'envoyer deux fois. Elle est effacée
        avec votre inscription. Si votre messagerie refuse définitivement votre adresse, nous notons ce refus et cessons de vous écrire. Nos
        newsletters ne contiennent ni pixel de suivi ni liens de redirection : nous ne savons pas si vous les ouvrez ni sur quoi vous
        cliquez.
      </p>
      <h2 id="mesure-audience">Mesure d'audience</h2>
      <p>
        Pour savoir quels articles sont lus et améliorer le magazine, {site.name} compte lui-même ses pages vues, sur ses propres serveurs :
        chaque page affichée ajoute un au total du jour de cette page. Nous comptons aussi d'où viennent les visites (le nom du site
        précédent seulement, par exemple un moteur de recherche, et les paramètres « utm » des liens de nos campagnes), le type d'appareil
        (mobile, tablette ou ordinateur) et l'usage de nos fonctions (recherches, inscriptions à la newsletter, popins, quiz, générateur de
        répartie).
      </p>
      <p>
        Cette mesure sert uniquement à produire des statistiques anonymes pour la rédaction : aucun cookie, aucun identifiant, aucune
        empreinte de votre navigateur ; votre adresse IP et votre navigateur ne sont pas enregistrés. Les données ne sont ni croisées avec
        d'autres traitements, ni transmises à quiconque, et ne permettent pas de vous suivre sur d'autres sites. Elle est exemptée de
        consentement selon les lignes directrices de la CNIL. Les compteurs sont conservés 25 mois au plus, puis effacés automatiquement.
        Les robots, les pages préchargées, la rédaction et les navigateurs qui envoient le signal Global Privacy Control ne sont pas
        comptés.
      </p>
      <p>
        Vous pouvez vous y opposer à tout moment avec l'interrupteur ci-dessous : votre choix est gardé dans ce navigateur par une simple
        mention « objected » (la même pour tout le monde, sans identifiant, jamais envoyée à nos serveurs), écrite seulement si vous vous
        opposez et effacée si vous revenez sur votre choix.
      </p>
      <AudienceObjection />
      <h2>Avec qui</h2>
      <p>
        Vos données ne sont ni vendues ni louées. Elles ne sont transmises qu'à nos prestataires techniques (envoi d'e-mails, hébergement),
        tenus à la confidentialité et situés dans l'Union européenne.
      </p>
      <h2>Cookies et consentement</h2>
      <p>
        Rien n’est déposé ni lu sur votre appareil sans votre accord, à l’exception du cookie qui retient ce choix. Aucun script d’un autre
        site n’est chargé avant votre choix. « Tout refuser » est aussi simple que « Tout accepter » ; votre choix est gardé{' '}
        {Math.round(consentConfig.keepDays / 30)} mois, puis nous vous le redemandons, comme lorsque cette politique change. Vous pouvez
        modifier vos choix à tout moment grâce au lien « Cookies » en bas de chaque page.
      </p>
      <p>
        Pour en garder la preuve, chacun de vos choix est enregistré avec un identifiant tiré au hasard (gardé dans le cookie de
        consentement), la version de cette politique et la date : ni adresse IP, ni navigateur, ni e-mail.
      </p>
      <CookieTable />
      <p className="text-sm">
        Version {consentConfig.policyVersion} de la politique de cookies, du {consentDescriptions.policyDate}.
      </p>
      <h2>Vos droits</h2>
      <p>
        Vous pouvez accéder à vos données, les rectifier, les effacer, en limiter le traitement, vous y opposer ou demander leur portabilité
        en écrivant à <a href={`mailto:${site.contactEmail}`}>{site.contactEmail}</a>. Chaque newsletter contient un lien de désinscription.
        Si vous estimez que vos droits ne sont pas respectés, vous pouvez saisir la CNIL (cnil.fr).
      </p>
    </EditorialPage>
  );
}

/** Every purpose, vendor and cookie this deployment asks about, with lifetimes (from consent.config.ts). */
function CookieTable() {
  const features = useLoaderData({ from: '__root__', select: (data) => data.features });
  const deployment: ConsentDeployment = { analytics: features?.analytics?.provider ?? null, recaptcha: features?.recaptcha === true };
  const rows = [
    { purpose: consentDescriptions.purposes.necessary.label, vendor: appConfig.site.name, cookie: consentDescriptions.consentCookie },
    ...activeVendors(deployment).flatMap((alias) => {
      const purpose = consentDescriptions.purposes[consentConfig.vendors[alias].purpose].label;
      const vendor = consentDescriptions.vendors[alias].label;
      const cookies = cookiesOf(alias, deployment);
      return cookies.length > 0
        ? cookies.map((cookie) => ({ purpose, vendor, cookie }))
        : [{ purpose, vendor, cookie: { name: 'aucun cookie', lifetime: '—', role: 'Mesure sans cookie (Plausible).' } }];
    }),
  ];
  return (
    <div className="overflow-x-auto">
      <table className="cookie-table">
        <caption>Finalités, partenaires et cookies</caption>
        <thead>
          <tr>
            <th scope="col">Finalité</th>
            <th scope="col">Partenaire</th>
            <th scope="col">Cookie</th>
            <th scope="col">Durée</th>
            <th scope="col">Rôle</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.vendor}-${row.cookie.name}`}>
              <td>{row.purpose}</td>
              <td>{row.vendor}</td>
              <td>
                <code>{row.cookie.name}</code>
              </td>
              <td>{row.cookie.lifetime}</td>
              <td>{row.cookie.role}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function privacyHead({ matches }: ChunkHeadContext<unknown>): ChunkHeadResult {
  return seoHead({ title, description, path: '/politique-confidentialite', siteUrl: siteUrlOf(matches) });
}
