/** Demo format contests: what each one is, offers and asks; dates are relative to the reference date. */
export interface ContestDef {
  url: string;
  title: string;
  description: string;
  prize: string;
  /** How to take part (first rule). */
  howTo: string;
  /** Start, in days from the reference date (negative: in the past), and duration in days. */
  startDay: number;
  days: number;
  /** Number of general rules appended after `howTo` (2 to 4). */
  extraRules: number;
}

export const GENERAL_RULES = [
  "Concours gratuit et sans obligation d'achat, ouvert aux personnes majeures résidant en France métropolitaine.",
  'Une seule participation par personne et par foyer.',
  'Le tirage au sort a lieu dans la semaine qui suit la clôture ; les gagnantes et les gagnants sont prévenus par e-mail.',
  'Les lots ne peuvent être ni échangés ni remboursés.',
] as const;

export const CONTEST_DEFS: readonly ContestDef[] = [
  {
    url: 'gagnez-un-week-end-a-biarritz',
    title: 'Gagnez un week-end pour deux à Biarritz',
    description: "Vagues, terrasses et couchers de soleil sur la Grande Plage : on vous offre une parenthèse basque face à l'océan.",
    prize: "Deux nuits pour deux personnes dans un hôtel face à l'océan, petits-déjeuners compris",
    howTo: 'Pour participer, répondez à la question du formulaire et laissez votre adresse e-mail.',
    startDay: -10,
    days: 30,
    extraRules: 3,
  },
  {
    url: 'gagnez-un-coffret-beaute-de-noel',
    title: "Gagnez l'un des 10 coffrets beauté de Noël",
    description: 'Soins, maquillage et parfums : dix coffrets remplis de nos produits chouchous sont à gagner pour les fêtes.',
    prize: "Dix coffrets beauté composés par la rédaction, d'une valeur de 120 euros chacun",
    howTo: 'Pour participer, inscrivez-vous à la newsletter et répondez à la question du jour.',
    startDay: 20,
    days: 25,
    extraRules: 3,
  },
  {
    url: 'concours-photo-votre-plus-bel-automne',
    title: 'Concours photo : votre plus bel automne',
    description: 'Feuilles rousses, lumière dorée, premier chocolat chaud : montrez-nous votre automne en une image.',
    prize: 'Un appareil photo instantané et la publication de votre cliché sur notre compte Instagram',
    howTo: 'Publiez votre photo sur Instagram avec le mot-dièse #PiquanteAutomne en mentionnant notre compte.',
    startDay: -20,
    days: 40,
    extraRules: 4,
  },
  {
    url: 'gagnez-une-annee-de-lectures',
    title: 'Gagnez une année de lectures',
    description: 'Un roman par mois pendant un an, choisi par notre cheffe de rubrique culture : le rêve des grandes lectrices.',
    prize: 'Douze romans de la rentrée littéraire, livrés chez vous un par mois',
    howTo: 'Pour participer, citez-nous le dernier livre qui vous a bouleversée.',
    startDay: -120,
    days: 30,
    extraRules: 2,
  },
  {
    url: 'concours-de-stylisme-dessinez-la-tenue-de-vos-reves',
    title: 'Concours de stylisme : dessinez la tenue de vos rêves',
    description: 'À vos crayons ! Imaginez la tenue idéale de la saison, notre jury de stylistes choisira sa préférée.',
    prize: 'Une journée en atelier avec une créatrice parisienne et la réalisation de votre modèle',
    howTo: 'Envoyez votre croquis au format image (5 Mo au plus) via le formulaire du concours.',
    startDay: -200,
    days: 45,
    extraRules: 3,
  },
  {
    url: 'gagnez-un-atelier-ceramique',
    title: 'Gagnez un atelier céramique pour vous et une amie',
    description: 'Trois heures pour façonner vos propres tasses, accompagnées par une céramiste : le cadeau self care par excellence.',
    prize: 'Un atelier de tournage pour deux personnes, cuisson et émaillage compris',
    howTo: 'Pour participer, dites-nous avec quelle amie vous aimeriez y aller, et pourquoi.',
    startDay: -5,
    days: 21,
    extraRules: 3,
  },
  {
    url: 'gagnez-vos-places-pour-l-avant-premiere',
    title: "Gagnez vos places pour l'avant-première",
    description: 'Une comédie romantique très attendue, une salle rien que pour nos lectrices et un verre après la séance.',
    prize: "Cinquante places pour deux à l'avant-première parisienne",
    howTo: 'Pour participer, répondez à la question sur le film et laissez votre adresse e-mail.',
    startDay: -60,
    days: 14,
    extraRules: 2,
  },
  {
    url: 'concours-partagez-la-recette-de-votre-grand-mere',
    title: 'Concours : partagez la recette de votre grand-mère',
    description: 'Le gâteau du dimanche, la soupe des jours de pluie : racontez-nous la recette qui a bercé votre enfance.',
    prize: 'Un robot pâtissier et la publication de votre recette dans notre rubrique Food',
    howTo: "Envoyez votre recette (ingrédients et étapes) et, si vous le souhaitez, l'histoire qui va avec.",
    startDay: 35,
    days: 30,
    extraRules: 3,
  },
  {
    url: 'gagnez-un-sac-en-cuir-artisanal',
    title: 'Gagnez un sac en cuir fabriqué en France',
    description: 'Un cabas en cuir tanné végétal, cousu à la main dans un atelier du Tarn : la pièce qui vous suivra des années.',
    prize: "Un sac cabas en cuir camel, d'une valeur de 290 euros",
    howTo: 'Pour participer, remplissez le formulaire et répondez à la question subsidiaire.',
    startDay: -2,
    days: 16,
    extraRules: 4,
  },
  {
    url: 'concours-d-ecriture-votre-nouvelle-d-hiver',
    title: "Concours d'écriture : votre nouvelle d'hiver",
    description: 'Une histoire, un hiver, 5 000 signes : les trois meilleures nouvelles seront publiées sur le site.',
    prize: 'Une liseuse, un carnet relié main et la publication de votre texte',
    howTo: 'Envoyez une nouvelle inédite de 5 000 signes au plus, espaces comprises.',
    startDay: 60,
    days: 45,
    extraRules: 3,
  },
  {
    url: 'gagnez-une-retraite-de-yoga-en-provence',
    title: 'Gagnez une retraite de yoga en Provence',
    description: "Trois jours au milieu des oliviers pour respirer, s'étirer et ralentir enfin.",
    prize: 'Une retraite de trois jours en pension complète pour une personne',
    howTo: 'Pour participer, racontez-nous en quelques lignes ce que vous feriez de ces trois jours.',
    startDay: -300,
    days: 30,
    extraRules: 3,
  },
  {
    url: 'gagnez-une-console-et-des-jeux-cosy',
    title: 'Gagnez une console et trois jeux cosy',
    description: 'Fermes à cultiver, îles à décorer, cafés à tenir : de quoi passer un hiver tout doux, manette en main.',
    prize: 'Une console portable et trois jeux cosy choisis par la rédaction',
    howTo: 'Pour participer, dites-nous quel est le jeu qui vous détend le plus.',
    startDay: -15,
    days: 35,
    extraRules: 2,
  },
  {
    url: 'concours-instagram-ma-tenue-du-lundi',
    title: 'Concours Instagram : ma tenue du lundi',
    description: "Le lundi aussi mérite un joli look. Montrez-nous le vôtre, la plus inspirante gagne un bon d'achat.",
    prize: "Un bon d'achat de 200 euros chez une créatrice française",
    howTo: 'Publiez votre tenue sur Instagram avec le mot-dièse #MonLundiPiquant en mentionnant notre compte.',
    startDay: -90,
    days: 21,
    extraRules: 3,
  },
  {
    url: 'gagnez-un-bon-d-achat-seconde-main',
    title: "Gagnez un bon d'achat en seconde main",
    description: "Chiner, c'est chic et responsable : on vous offre de quoi dénicher la pièce vintage de vos rêves.",
    prize: "Trois bons d'achat de 150 euros sur une plateforme de seconde main",
    howTo: 'Pour participer, montrez-nous votre plus belle trouvaille de seconde main.',
    startDay: 10,
    days: 20,
    extraRules: 4,
  },
  {
    url: 'gagnez-un-diner-dans-un-restaurant-etoile',
    title: 'Gagnez un dîner dans un restaurant étoilé',
    description: 'Un menu dégustation pour deux chez une cheffe étoilée : la soirée dont on se souvient longtemps.',
    prize: 'Un menu dégustation pour deux personnes, accord mets et vins compris',
    howTo: 'Pour participer, répondez à la question gourmande du formulaire.',
    startDay: -150,
    days: 20,
    extraRules: 3,
  },
];
