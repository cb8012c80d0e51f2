/** Demo mosaics (photo galleries): hand-written titles and captions, generated illustrations. */
import { describeSvgImage, svgImageUrl } from '../media/svgImage.ts';
import { DEMO_REFERENCE_MS } from './articles.ts';
import { createRng } from './random.ts';
import type { DemoMosaic } from './types.ts';

interface MosaicDef {
  url: string;
  title: string;
  description: string;
  captions: readonly string[];
}

const PHOTOGRAPHERS = [
  'Anaïs Perrin',
  'Lou Bernard',
  'Mélanie Roux',
  'Clara Vidal',
  'Sophie Laurent',
  'Nina Moreau',
  'Jeanne Petit',
  'Zoé Girard',
] as const;

const MOSAIC_DEFS: readonly MosaicDef[] = [
  {
    url: 'les-plus-belles-terrasses-de-paris',
    title: 'Les plus belles terrasses de Paris',
    description: 'Ombragées, fleuries ou perchées sur les toits : nos terrasses préférées pour profiter des beaux jours.',
    captions: [
      'Une terrasse ombragée place Dauphine',
      'Le café du coin de la rue des Martyrs',
      'Un rooftop avec vue sur Montmartre',
      'Une cour pavée cachée dans le Marais',
      'Un bistrot au bord du canal Saint-Martin',
      'Une guinguette sur les quais de Seine',
      'Un salon de thé aux tables de marbre',
      'Une terrasse fleurie à Belleville',
    ],
  },
  {
    url: 'street-style-fashion-week-automne',
    title: 'Street style : nos looks préférés de la fashion week',
    description: "Trench, blazer oversize et bottes cavalières : la rue a encore donné le ton de l'automne.",
    captions: [
      'Un trench ceinturé porté avec des bottes cavalières',
      'Le blazer oversize, star incontestée de la semaine',
      'Une robe portefeuille bordeaux et des baskets',
      'Un total look camel très élégant',
      'Une jupe plissée métallisée et un gros pull',
      'Des lunettes XXL et un foulard noué dans les cheveux',
      'La marinière revisitée avec un pantalon large',
      'Un manteau vert sapin qui a fait sensation',
      'Des collants colorés sous une petite robe noire',
    ],
  },
  {
    url: 'manucures-d-automne',
    title: "Manucures d'automne : 10 idées à copier",
    description: 'Bordeaux, chocolat, doré : les ongles se mettent aux couleurs de la saison.',
    captions: [
      'Un vernis bordeaux profond',
      'Une french manucure dorée',
      'Des ongles nude et une pointe de paillettes',
      'Un dégradé terracotta',
      'Un vert olive très chic',
      'De petits motifs de feuilles',
      'Un chocolat glacé',
      'Un rouge cerise brillant',
      'Un effet marbre crème',
      'Un simple point noir sur fond nude',
    ],
  },
  {
    url: 'villages-de-bretagne',
    title: 'Les villages de Bretagne qui nous font rêver',
    description: 'Maisons de granit, ports colorés et hortensias : une balade bretonne en images.',
    captions: [
      'Locronan et ses maisons de granit',
      'Les ruelles fleuries de Rochefort-en-Terre',
      'Le port de Saint-Goustan à Auray',
      "Les hortensias de l'île de Bréhat",
      'Les remparts de Saint-Malo',
      'Pont-Aven et ses moulins',
      'Les maisons à colombages de Dinan',
      "Le phare de Ploumanac'h au coucher du soleil",
    ],
  },
  {
    url: 'nos-soupes-d-automne-preferees',
    title: "Nos soupes d'automne préférées",
    description: 'Potiron, lentilles, champignons : six bols de réconfort pour les soirées fraîches.',
    captions: [
      'Un velouté de potiron aux châtaignes',
      'Une soupe de lentilles corail au lait de coco',
      'Un minestrone aux légumes de saison',
      'Une crème de champignons au persil',
      "Une soupe à l'oignon gratinée",
      'Un velouté de carottes au cumin',
    ],
  },
  {
    url: 'coiffures-faciles-cheveux-longs',
    title: 'Coiffures faciles pour cheveux longs',
    description: 'Chignons flous, tresses et rubans : huit idées qui se réalisent en moins de cinq minutes.',
    captions: [
      'Un chignon bas flou',
      'Une tresse couronne',
      'Une queue-de-cheval haute et lisse',
      'Des ondulations naturelles',
      'Une demi-queue nouée d\'un ruban',
      'Une tresse épi sur le côté',
      'Un chignon banane revisité',
      'Des barrettes dorées pour un effet chic',
    ],
  },
  {
    url: 'deco-de-noel-naturelle',
    title: 'Une déco de Noël naturelle et chaleureuse',
    description: 'Eucalyptus, oranges séchées et bois flotté : un Noël tout doux, sans plastique.',
    captions: [
      "Une couronne d'eucalyptus sur la porte",
      'Des oranges séchées en guirlande',
      'Un sapin en branches de bois flotté',
      'Des bougies dans des bocaux',
      'Une table dressée avec du lin et du houx',
      'Des étiquettes cadeaux en papier kraft',
      'Des pommes de pin dorées',
      'Un petit village en carton',
    ],
  },
  {
    url: 'invitee-a-un-mariage-12-tenues',
    title: 'Invitée à un mariage : 12 tenues pour briller',
    description: 'Robes longues, tailleurs et combinaisons : toutes nos idées pour être élégante sans voler la vedette.',
    captions: [
      "Une robe longue en soie vert d'eau",
      'Un tailleur pantalon rose poudré',
      'Une robe midi à fleurs',
      'Une combinaison fluide terracotta',
      'Une robe plissée lavande',
      'Un ensemble jupe et top jaune',
      'Une robe portefeuille bleu nuit',
      'Une robe à volants corail',
      'Un costume crème et des escarpins',
      'Une robe à pois',
      'Une jupe en satin et un chemisier',
      'Une robe bustier vert sauge',
    ],
  },
  {
    url: 'plages-secretes-de-mediterranee',
    title: 'Plages secrètes de Méditerranée',
    description: "Criques turquoise et anses tranquilles : nos coins de paradis pour l'été prochain.",
    captions: [
      'Une calanque turquoise près de Cassis',
      'Une crique de galets en Corse',
      'Une plage de sable blanc aux Baléares',
      'Les falaises de Sicile',
      'Une anse tranquille en Croatie',
      'Une plage de pêcheurs en Grèce',
      'Une baie sauvage en Sardaigne',
      'Un ponton sur la Côte Bleue',
    ],
  },
  {
    url: 'les-plus-belles-bibliotheques-du-monde',
    title: 'Les plus belles bibliothèques du monde',
    description: 'Boiseries, coupoles et rayonnages à perte de vue : des lieux à visiter au moins une fois.',
    captions: [
      'La salle Labrouste à Paris',
      'La Long Room du Trinity College à Dublin',
      'La bibliothèque Joanina à Coimbra',
      "La bibliothèque de l'abbaye de Saint-Gall",
      'La bibliothèque municipale de Stuttgart, toute blanche',
      'Le Cabinet royal portugais de lecture à Rio de Janeiro',
      "La bibliothèque de l'abbaye d'Admont en Autriche",
    ],
  },
  {
    url: 'bouquets-de-saison',
    title: 'Bouquets de saison : nos compositions préférées',
    description: "Pivoines, dahlias, mimosa : des bouquets pour fleurir la maison toute l'année.",
    captions: [
      "Des pivoines et de l'eucalyptus",
      'Un bouquet champêtre de fleurs des champs',
      "Des dahlias aux couleurs d'automne",
      'Des renoncules pastel',
      'Des roses de jardin et du lierre',
      'Un bouquet de fleurs séchées',
      'Des tulipes perroquet',
      'Des branches de mimosa',
    ],
  },
  {
    url: 'les-looks-de-la-rentree-de-la-redaction',
    title: 'Les looks de la rentrée de la rédaction',
    description: 'Blazers, jeans droits et pulls en cachemire : la rédaction a joué le jeu du street style.',
    captions: [
      'Camille et son blazer à carreaux',
      'Inès en jean droit et mocassins',
      'Léa et sa robe chemise rayée',
      'Margaux en total look noir',
      'Sarah et son pull en cachemire',
      'Chloé en jupe plissée et baskets',
      'Amandine et son trench beige',
      'Juliette en velours côtelé',
      'Élise et son sac vintage',
    ],
  },
  {
    url: 'les-cafes-les-plus-cosy-de-lyon',
    title: 'Les cafés les plus cosy de Lyon',
    description: 'Pour un brunch, une pause lecture ou un rendez-vous entre copines : nos adresses lyonnaises.',
    captions: [
      'Un coffee shop sur les pentes de la Croix-Rousse',
      'Un salon de thé dans le Vieux Lyon',
      'Un café-librairie à la Guillotière',
      'Une terrasse au bord du Rhône',
      'Un café aux murs couverts de plantes',
      'Une pâtisserie-café près de Bellecour',
      'Un comptoir scandinave dans le 7e arrondissement',
    ],
  },
  {
    url: 'illustratrices-francaises-a-suivre',
    title: 'Illustratrices françaises à suivre',
    description: 'Aquarelles, aplats de couleurs et traits de crayon : les artistes qui embellissent nos fils Instagram.',
    captions: [
      'Des femmes qui lisent sous des arbres en fleurs',
      'Une ville la nuit en aplats de couleurs',
      'Des portraits au crayon tout en douceur',
      'Des chats paresseux sur des rebords de fenêtre',
      'Un marché provençal à l\'aquarelle',
      'Des silhouettes de danseuses',
      "Une plage bondée vue d'en haut",
      'Des natures mortes très graphiques',
    ],
  },
  {
    url: 'jardins-a-visiter-cet-ete',
    title: 'Jardins à visiter cet été',
    description: 'Nymphéas, potagers royaux et roseraies : nos jardins préférés pour une balade au vert.',
    captions: [
      'Le jardin de Claude Monet à Giverny',
      'Les jardins du château de Villandry',
      'Le Jardin des plantes de Nantes',
      'La roseraie du Val-de-Marne',
      "Les jardins d'Étretat face à la mer",
      'Le jardin exotique de Monaco',
      'Le potager du Roi à Versailles',
      'Le jardin botanique de la villa Thuret à Antibes',
    ],
  },
];

const DAY_MS = 86_400_000;

export function buildDemoMosaics(): DemoMosaic[] {
  return MOSAIC_DEFS.map((def, mosaicIndex) => {
    const rng = createRng(`mosaic/${def.url}`);
    const images = def.captions.map((caption, index) => {
      const key = `${def.url}-${index + 1}`;
      return {
        image: {
          url: svgImageUrl('mosaic', key),
          alt: `${caption} : illustration, ${describeSvgImage('mosaic', key)}`,
          width: 1000,
          height: 1250,
        },
        caption,
        credit: `Photo : ${PHOTOGRAPHERS[(mosaicIndex + index * 3) % PHOTOGRAPHERS.length]}`,
      };
    });
    return {
      url: def.url,
      title: def.title,
      description: def.description,
      cover: {
        url: svgImageUrl('mosaic', def.url),
        alt: `Couverture de la mosaïque « ${def.title} » : ${describeSvgImage('mosaic', def.url)}`,
        width: 1000,
        height: 1250,
      },
      publishedAt: new Date(DEMO_REFERENCE_MS - (1 + mosaicIndex * 11 + rng.int(0, 6)) * DAY_MS).toISOString(),
      images,
    };
  });
}
