/**
 * Demo quizzes written for playing the quiz screen end to end (issue 9): one quiz of text answers, four
 * to a question, and one quiz of pictures only, six to a question. Same shape as the definitions of
 * quizzes.ts (answer j counts for result j % results.length before the answers are shuffled).
 */
import type { QuizDef } from './quizzes.ts';

export const PLAYABLE_QUIZ_DEFS: readonly QuizDef[] = [
  {
    url: 'quel-cafe-etes-vous',
    title: 'Quel café êtes-vous ?',
    description: 'Serré, crémeux ou glacé : six questions pour savoir quelle tasse vous ressemble le mieux.',
    results: [
      [
        'l-espresso',
        "L'espresso",
        "Directe et efficace, vous allez à l'essentiel. On vous admire pour votre énergie, on vous craint un peu le lundi matin.",
      ],
      ['le-cappuccino', 'Le cappuccino', 'Douce et généreuse, vous aimez les moments qui durent et les conversations qui débordent.'],
      ['le-latte-glace', 'Le latte glacé', "Solaire et un peu rêveuse, vous vivez en été toute l'année, paille en bambou comprise."],
    ],
    questions: [
      {
        text: 'Votre réveil sonne. Vous…',
        answers: [
          'Vous levez tout de suite',
          'Négociez cinq minutes de plus',
          'Ouvrez les rideaux en chantant',
          'Vérifiez vos messages au lit',
        ],
      },
      {
        text: 'Votre pause préférée ?',
        answers: [
          'Un aller-retour express au comptoir',
          'Une vraie pause avec une collègue',
          'Une promenade au soleil',
          'Dix minutes seule avec un livre',
        ],
      },
      {
        text: 'Votre tenue du jour ?',
        answers: ['Un tailleur noir bien coupé', 'Un gros pull en maille', 'Une robe fleurie', 'Un jean et une chemise blanche'],
      },
      {
        text: 'On vous invite à un brunch…',
        answers: [
          "Vous arrivez à l'heure pile",
          'Vous apportez des viennoiseries',
          'Vous proposez de le faire en terrasse',
          'Vous restez jusqu’au goûter',
        ],
      },
      {
        text: 'Votre devise ?',
        answers: ['Pas de temps à perdre', 'Prendre soin des autres', "Profiter de l'instant", 'Un jour après l’autre'],
      },
      {
        text: 'Votre playlist du matin ?',
        answers: ['Les infos, en accéléré', 'De la chanson française', 'Un tube de l’été', 'Le silence, merci'],
      },
    ],
  },
  {
    url: 'quel-bouquet-vous-ressemble',
    title: 'Quel bouquet vous ressemble ?',
    description: 'Choisissez en images, six fois de suite, et découvrez le bouquet qui vous va comme un gant.',
    results: [
      [
        'le-bouquet-champetre',
        'Le bouquet champêtre',
        'Spontanée et chaleureuse, vous aimez ce qui pousse librement : un bouquet cueilli au bord du chemin vous ressemble.',
      ],
      [
        'le-bouquet-graphique',
        'Le bouquet graphique',
        'Élégante et précise, vous aimez les lignes nettes : quelques tiges bien choisies suffisent à votre bonheur.',
      ],
      [
        'le-bouquet-romantique',
        'Le bouquet romantique',
        'Tendre et rêveuse, vous aimez les pétales qui débordent et les couleurs poudrées.',
      ],
    ],
    questions: [
      {
        text: 'Choisissez une fleur',
        picture: true,
        answers: ['Un coquelicot', 'Une calla blanche', 'Une pivoine rose', 'Un bleuet', 'Une orchidée', 'Une rose ancienne'],
      },
      {
        text: 'Choisissez un vase',
        picture: true,
        answers: [
          'Une cruche en grès',
          'Un cylindre en verre',
          'Un vase en porcelaine peinte',
          'Un arrosoir ancien',
          'Un soliflore noir',
          'Une coupe en cristal',
        ],
      },
      {
        text: 'Choisissez un jardin',
        picture: true,
        answers: [
          'Une prairie fleurie',
          'Un jardin japonais',
          'Une roseraie',
          'Un potager',
          'Un patio minimaliste',
          'Une tonnelle de glycine',
        ],
      },
      {
        text: 'Choisissez une couleur',
        picture: true,
        answers: ['Jaune bouton-d’or', 'Blanc pur', 'Rose poudré', 'Vert tendre', 'Noir profond', 'Lilas'],
      },
      {
        text: 'Choisissez un moment',
        picture: true,
        answers: [
          'Un marché du dimanche',
          'Un vernissage',
          'Un goûter d’anniversaire',
          'Une balade à vélo',
          'Un dîner au restaurant',
          'Un mariage au printemps',
        ],
      },
    ],
  },
] as const;
