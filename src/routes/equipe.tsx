import { createFileRoute } from '@tanstack/react-router';
import { appConfig } from '../../app.config.ts';
import { EditorialPage } from '../components/EditorialPage.tsx';
import { siteUrlOf } from '../lib/seo/siteUrlOf.ts';
import { seoHead } from '../lib/seo/seo.ts';
import { type ChunkHeadContext, type ChunkHeadResult, chunkHead, withChunkHead } from '../lib/seo/chunkHead.ts';

const title = "L'équipe";
const description = 'Les femmes qui écrivent, vérifient et mettent en page Piquante, chaque jour, depuis Paris.';

const team = [
  {
    name: 'Camille Roussel',
    role: 'Rédactrice en chef',
    bio: 'Quinze ans de presse féminine, une obsession pour les titres qui claquent et les sujets qui dérangent.',
  },
  {
    name: 'Inès Benali',
    role: 'Journaliste mode',
    bio: 'Chine en friperie le samedi, décrypte les défilés le lundi. Croit dur comme fer au retour du gilet.',
  },
  {
    name: 'Léa Fontaine',
    role: 'Journaliste beauté',
    bio: 'A testé plus de crèmes hydratantes que de restaurants. Lit les listes INCI comme des romans.',
  },
  {
    name: 'Margaux Lefebvre',
    role: 'Cheffe de rubrique culture',
    bio: 'Séries, expos, romans : elle a toujours un conseil, et il est toujours bon.',
  },
  {
    name: 'Sarah Cohen',
    role: 'Journaliste société',
    bio: 'Enquêtes, témoignages et décryptages : elle donne la parole à celles qu’on entend trop peu.',
  },
  {
    name: 'Chloé Martin',
    role: 'Rédactrice bien-être et love',
    bio: 'Parle de sexualité sans gêne et de méditation sans encens. Signe notre rubrique Love.',
  },
  {
    name: 'Amandine Nguyen',
    role: 'Journaliste food et voyage',
    bio: 'Connaît la meilleure boulangerie de chaque quartier et le train le moins cher pour y aller.',
  },
  {
    name: 'Juliette Mercier',
    role: 'Astrologue',
    bio: 'Écrit nos horoscopes avec sérieux et beaucoup d’autodérision. Ascendant Lion, évidemment.',
  },
  {
    name: 'Nadia Haddad',
    role: 'Journaliste business',
    bio: 'Salaires, négociation, reconversion : des conseils concrets pour prendre sa place au travail.',
  },
  {
    name: 'Élise Garnier',
    role: 'Journaliste shopping et sorties',
    bio: 'Compare les prix avant de craquer, et vous fait profiter de ses bons plans.',
  },
  {
    name: 'Pauline Dubois',
    role: 'Secrétaire de rédaction',
    bio: 'Traque les coquilles, vérifie les dates et veille à ce que chaque virgule soit à sa place.',
  },
] as const;

export const Route = createFileRoute('/equipe')({
  // Built by the route's split chunk (issue 38, src/lib/seo/chunkHead.ts).
  head: chunkHead('/equipe'),
  component: withChunkHead('/equipe', teamHead, TeamPage),
});

function initials(name: string): string {
  return name
    .split(' ')
    .map((part) => part[0] ?? '')
    .join('');
}

function TeamPage() {
  return (
    <EditorialPage kicker="La rédaction" title={title} description={description}>
      <ul className="not-prose mt-2 grid gap-6 sm:grid-cols-2">
        {team.map((member) => (
          <li key={member.name} className="flex gap-4 rounded-2xl bg-white p-5 shadow-sm">
            <span
              aria-hidden="true"
              className="grid size-14 shrink-0 place-items-center rounded-full bg-piment font-display text-xl font-bold text-white"
            >
              {initials(member.name)}
            </span>
            <div>
              <h2 className="font-display text-xl font-bold">{member.name}</h2>
              <p className="text-sm font-bold uppercase tracking-wider text-piment-dark">{member.role}</p>
              <p className="mt-2 text-base">{member.bio}</p>
            </div>
          </li>
        ))}
      </ul>
      <h2>Nous rejoindre</h2>
      <p>
        Nous recevons avec plaisir les propositions de sujets de pigistes, à{' '}
        <a href={`mailto:${appConfig.site.contactEmail}`}>{appConfig.site.contactEmail}</a>. Nos offres d'emploi et de stage sont publiées
        sur <a href={appConfig.site.recruitmentUrl}>notre page recrutement</a>.
      </p>
    </EditorialPage>
  );
}

function teamHead({ matches }: ChunkHeadContext<unknown>): ChunkHeadResult {
  return seoHead({ title, description, path: '/equipe', siteUrl: siteUrlOf(matches) });
}
