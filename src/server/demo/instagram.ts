/** Demo Instagram feed: 48 posts with French captions and hashtags, newest first. */
import { describeSvgImage, svgImageUrl } from '../media/svgImage.ts';
import { DEMO_REFERENCE_MS } from './articles.ts';
import { createRng, itemAt } from './random.ts';
import type { DemoInstagramPost } from './types.ts';

export const INSTAGRAM_POST_COUNT = 48;

const SHORTCODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';

const CAPTIONS: ReadonlyArray<readonly [text: string, tags: string]> = [
  ['Nouvelle semaine, nouvelle robe préférée. Team fleurs ou team uni ?', '#mode #robe #lookdujour'],
  ["Le trench est de sortie : l'automne peut commencer.", '#automne #trench #style'],
  ['Notre routine du soir en trois gestes, pas un de plus.', '#beaute #selfcare #routine'],
  ['Ce rouge à lèvres a conquis toute la rédaction. Vous le portez ?', '#maquillage #rougealevres #beaute'],
  ["Dimanche, plaid, thé et un bon roman. Le bonheur tient à peu de chose.", '#cocooning #lecture #dimanche'],
  ["L'été indien à Biarritz, on ne s'en lasse pas.", '#voyage #biarritz #eteindien'],
  ['Pleine lune ce soir : on pose ses intentions et on respire.', '#astro #pleinelune #spiritualite'],
  ['La tarte aux pommes de nos grands-mères, recette en lien dans la bio.', '#food #recette #automne'],
  ['Élégance à la française : un jean droit, une chemise blanche, et le tour est joué.', '#elegance #mode #parisienne'],
  ['On a testé pour vous le yoga du matin pendant trois semaines. Verdict ?', '#yoga #bienetre #selfcare'],
  ['Petit rappel du lundi : vous avez le droit de dire non.', '#selfcare #mental #lundi'],
  ['Nos coups de cœur de la rentrée littéraire, à dévorer sans modération.', '#livres #culture #rentreelitteraire'],
  ['Crème hydratante, sérum, crème solaire : le trio gagnant.', '#skincare #beaute #creme'],
  ['Une terrasse, une amie, un verre : la recette parfaite du vendredi.', '#afterwork #paris #break'],
  ['Négocier son salaire, ça s\'apprend. On vous dit tout dans notre article.', '#business #carriere #femmes'],
  ['Les bottes cavalières sont de retour, et on est ravies.', '#bottes #mode #tendance'],
  ['Bouquet de dahlias pour fêter le retour de la saison des soupes.', '#fleurs #automne #deco'],
  ['Le blazer oversize, pièce maîtresse de nos tenues de bureau.', '#blazer #workwear #mode'],
  ['Qui a déjà fait ce quiz ? On veut vos résultats en commentaire !', '#quiz #fun #piquante'],
  ['Soupe de potiron et pain maison : la soirée parfaite.', '#food #soupe #reconfort'],
  ['Sororité : on se soutient, on se lève, on avance ensemble.', '#sororite #societe #femmes'],
  ['Les jeux vidéo cosy, notre remède anti-stress préféré.', '#gaming #cosygames #pause'],
  ['Une marche en forêt et tout va mieux. Essayez, vous verrez.', '#nature #bienetre #balade'],
  ['Le maquillage nude qui donne bonne mine, même en novembre.', '#maquillage #nude #teint'],
  ['Lisbonne, ses tramways jaunes et ses pastéis de nata. On y retourne quand ?', '#lisbonne #voyage #weekend'],
  ['Notre sélection shopping à moins de 50 euros est en ligne.', '#shopping #bonplan #cadeaux'],
  ['La petite robe noire, toujours la bonne réponse.', '#petiterobenoire #mode #classique'],
  ['On ne naît pas femme, on le devient. Merci Simone.', '#citation #beauvoir #feminisme'],
  ['Un dimanche à la brocante, et voilà notre trouvaille de la semaine.', '#brocante #vintage #chiner'],
  ['Le gommage du dimanche soir, notre petit rituel bien-être.', '#beaute #rituel #bienetre'],
  ['Cinq minutes de respiration avant une réunion, ça change tout.', '#respiration #travail #zen'],
  ['Les robes longues fleuries ont encore de beaux jours devant elles.', '#robe #ete #boheme'],
  ['Avant-première ce soir avec nos lectrices : merci d\'être venues si nombreuses !', '#cinema #culture #evenement'],
  ['Granola maison pour bien commencer la semaine.', '#brunch #granola #healthy'],
  ['Karaoké du jeudi : la rédaction a chanté faux, mais avec beaucoup de cœur.', '#karaoke #equipe #fun'],
  ['Votre horoscope de la semaine est en ligne. Les astres sont avec vous.', '#horoscope #astro #semaine'],
  ['Un pull en cachemire et une jupe plissée : le duo chic de la saison.', '#cachemire #jupe #automne'],
  ["Lettre d'amour ou message vocal ? On a lancé le débat à la rédaction.", '#love #couple #debat'],
  ['Le bain chaud du mercredi soir, non négociable.', '#selfcare #bain #detente'],
  ['Concours : gagnez un week-end pour deux à Biarritz. Toutes les infos en bio.', '#concours #biarritz #cadeau'],
  ['Des madeleines tout juste sorties du four. Qui en veut ?', '#madeleines #patisserie #gouter'],
  ['Un foulard en soie, mille façons de le nouer.', '#foulard #accessoire #style'],
  ['Séville au printemps, une parenthèse parfumée de fleurs d\'oranger.', '#seville #voyage #printemps'],
  ["Manucure d'automne : bordeaux, chocolat ou doré ?", '#manucure #ongles #automne'],
  ["Le télétravail, c'est aussi savoir éteindre l'ordinateur à 18 heures.", '#teletravail #equilibre #business'],
  ['Une bougie au figuier et la maison sent les vacances.', '#bougie #deco #cocooning'],
  ['Nos illustratrices préférées sont dans la nouvelle mosaïque. Allez voir !', '#illustration #art #culture'],
  ['Merci pour vos 200 000 abonnements. On vous aime fort.', '#merci #communaute #piquante'],
];

export function buildDemoInstagramPosts(): DemoInstagramPost[] {
  const rng = createRng('instagram');
  const seen = new Set<string>();
  const posts: DemoInstagramPost[] = [];
  let postedMs = DEMO_REFERENCE_MS - 5 * 3_600_000;
  for (let index = 0; index < INSTAGRAM_POST_COUNT; index += 1) {
    let shortcode = '';
    while (shortcode === '' || seen.has(shortcode)) {
      shortcode = Array.from({ length: 11 }, () => rng.pick(SHORTCODE_ALPHABET.split(''))).join('');
    }
    seen.add(shortcode);
    const [text, tags] = itemAt(CAPTIONS, index % CAPTIONS.length);
    const key = `post-${shortcode.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '')}-${index + 1}`;
    posts.push({
      shortcode,
      caption: tags.includes('#piquante') ? `${text} ${tags}` : `${text} ${tags} #piquante`,
      image: {
        url: svgImageUrl('instagram', key),
        alt: `Publication Instagram : ${describeSvgImage('instagram', key)}`,
        width: 1080,
        height: 1080,
      },
      permalink: `https://www.instagram.com/p/${shortcode}/`,
      postedAt: new Date(Math.floor(postedMs / 60_000) * 60_000).toISOString(),
      likes: rng.int(180, 9800),
    });
    postedMs -= rng.int(20, 60) * 3_600_000;
  }
  return posts;
}
