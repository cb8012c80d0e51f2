/** Demo quizzes: hand-written French questions; answer j of a question counts for result j mod (result count). */
export interface QuestionDef {
  text: string;
  /** Written in result order: answer j counts for result j % results.length (shuffled afterwards). */
  answers: readonly string[];
  picture?: boolean;
  audio?: boolean;
}

export interface QuizDef {
  url: string;
  title: string;
  description: string;
  results: ReadonlyArray<readonly [url: string, title: string, description: string]>;
  questions: readonly QuestionDef[];
}

export const QUIZ_DEFS: readonly QuizDef[] = [
  {
    url: 'quelle-robe-d-ete-etes-vous',
    title: "Quelle robe d'été êtes-vous ?",
    description: 'Bohème, chemise ou nuisette : six questions pour trouver la robe qui vous ressemble vraiment.',
    results: [
      [
        'la-robe-boheme',
        'La robe bohème',
        "Libre et rêveuse, vous aimez les matières qui dansent et les imprimés fleuris. L'été, pour vous, sent le foin coupé et les festivals.",
      ],
      [
        'la-robe-chemise',
        'La robe chemise',
        'Élégante sans effort, vous cherchez la pièce qui va partout, du bureau à la terrasse. Votre secret : une ceinture et de belles sandales.',
      ],
      [
        'la-robe-nuisette',
        'La robe nuisette',
        'Solaire et audacieuse, vous aimez le satin, les bretelles fines et les soirées qui finissent tard.',
      ],
    ],
    questions: [
      {
        text: 'Votre destination de rêve pour juillet ?',
        picture: true,
        answers: [
          "Une maison d'hôtes dans le Luberon",
          'Un week-end à Copenhague',
          'Un rooftop à Barcelone',
          'Un festival en plein air',
          'Un musée puis un café à Amsterdam',
          'Une soirée sur une plage grecque',
        ],
      },
      {
        text: 'Votre accessoire fétiche ?',
        answers: ['Un panier en osier', 'Une montre fine', 'Des créoles dorées', 'Un chapeau de paille'],
      },
      {
        text: "Votre couleur de l'été ?",
        picture: true,
        answers: ['Terracotta', 'Bleu ciel', 'Rose fuchsia', 'Vert sauge', 'Blanc cassé', 'Noir'],
      },
      {
        text: 'Le soir, vous êtes plutôt…',
        answers: ['Guitare autour du feu', 'Dîner en terrasse entre amis', "Danser jusqu'à l'aube", 'Lire dans un hamac'],
      },
      {
        text: "Votre chaussure de l'été ?",
        picture: true,
        answers: ['Des sandales en cuir tressé', 'Des baskets blanches', 'Des mules à talons', 'Des espadrilles'],
      },
      {
        text: 'Votre playlist de vacances ?',
        answers: ['Folk et chansons douces', 'Pop française', "Les tubes de l'été", 'Du jazz au coucher du soleil'],
      },
    ],
  },
  {
    url: 'quel-parfum-vous-ressemble',
    title: 'Quel parfum vous ressemble ?',
    description: 'Floral, boisé, gourmand ou hespéridé ? Écoutez, choisissez, et découvrez votre signature olfactive.',
    results: [
      ['le-floral-romantique', 'Le floral romantique', 'Pivoine, rose et jasmin : vous êtes douce, attentive et un brin nostalgique.'],
      [
        'le-boise-mysterieux',
        'Le boisé mystérieux',
        'Cèdre, santal et vétiver : vous intriguez, vous rassurez, et vous laissez toujours une trace.',
      ],
      [
        'le-gourmand-reconfortant',
        'Le gourmand réconfortant',
        'Vanille, praliné et fève tonka : on a envie de vous serrer dans ses bras, et on a bien raison.',
      ],
      [
        'l-hesperide-petillant',
        "L'hespéridé pétillant",
        'Bergamote, citron et pamplemousse : vous êtes un rayon de soleil, même un lundi de novembre.',
      ],
    ],
    questions: [
      {
        text: 'Votre moment préféré de la journée ?',
        answers: ['Le petit matin dans un jardin', 'La tombée de la nuit', "L'heure du goûter", 'Midi en plein soleil'],
      },
      { text: 'Votre saison ?', answers: ['Le printemps', "L'automne", "L'hiver", "L'été"] },
      {
        text: 'Écoutez cette petite mélodie. Elle vous fait penser à…',
        audio: true,
        answers: ['Un bouquet de pivoines', 'Une forêt après la pluie', 'Une pâtisserie qui sort du four', 'Une orangeraie en Sicile'],
      },
      {
        text: 'Votre dessert préféré ?',
        answers: ['Une panna cotta à la rose', 'Un fondant au chocolat noir', 'Un riz au lait au caramel', 'Un sorbet au citron'],
      },
      {
        text: 'Encore un air : il vous donne envie de…',
        audio: true,
        answers: ['Cueillir des fleurs', 'Allumer un feu de cheminée', 'Faire des crêpes', 'Partir à la plage'],
      },
      {
        text: 'Le compliment qui vous touche le plus ?',
        answers: ['« Tu es si douce »', '« Tu es intrigante »', '« Tu es réconfortante »', '« Tu es solaire »'],
      },
    ],
  },
  {
    url: 'quelle-heroine-de-roman-etes-vous',
    title: 'Quelle héroïne de roman français êtes-vous ?',
    description: 'Claudine, Emma Bovary, la princesse de Clèves ou Cécile de Bonjour tristesse : qui sommeille en vous ?',
    results: [
      [
        'claudine',
        "Claudine, l'insolente",
        "Comme l'héroïne de Colette, vous avez la repartie facile, l'œil qui pétille et un amour immodéré de la liberté.",
      ],
      [
        'emma-bovary',
        'Emma, la rêveuse',
        'Comme Emma Bovary, vous rêvez grand et vous aimez la beauté des choses. Gardez vos rêves, mais choisissez bien vos compagnons de route.',
      ],
      [
        'la-princesse-de-cleves',
        'La princesse de Clèves, la loyale',
        "Fidèle à vos principes, vous réfléchissez avant de vous engager. Votre parole vaut de l'or.",
      ],
      [
        'cecile',
        "Cécile, l'insouciante",
        "Comme l'héroïne de Françoise Sagan, vous vivez l'instant présent, au soleil, avec une pointe de mélancolie.",
      ],
    ],
    questions: [
      {
        text: 'Un dimanche idéal ?',
        answers: [
          'Courir la campagne',
          'Rêver devant un magazine de décoration',
          'Écrire une longue lettre',
          "Lézarder au soleil jusqu'à midi",
        ],
      },
      {
        text: 'Face à un coup de foudre, vous…',
        answers: [
          'Le taquinez sans pitié',
          'Imaginez déjà le mariage',
          'Gardez vos sentiments pour vous',
          "Vivez l'instant sans vous poser de questions",
        ],
      },
      { text: 'Votre défaut ?', answers: ["L'insolence", "L'impatience", "L'excès de scrupules", "L'insouciance"] },
      {
        text: 'Votre décor préféré ?',
        picture: true,
        answers: ['Une école de village en Bourgogne', 'Un bal dans un château', 'La cour du roi', 'Une villa au bord de la Méditerranée'],
      },
      {
        text: 'On vous offre un livre, vous…',
        answers: [
          'Le lisez en cachette en classe',
          'Soulignez toutes les phrases romantiques',
          "Le relisez trois fois avant d'en parler",
          "L'oubliez sur la plage",
        ],
      },
      {
        text: 'Votre devise ?',
        answers: [
          "Je fais ce qu'il me plaît",
          "Ailleurs, c'est forcément mieux",
          'La parole donnée est sacrée',
          'Demain est un autre jour',
        ],
      },
    ],
  },
  {
    url: 'quelle-lune-vous-guide',
    title: 'Quelle lune vous guide ?',
    description: 'Nouvelle lune, premier quartier, pleine lune ou dernier quartier : découvrez la phase qui rythme votre énergie.',
    results: [
      ['nouvelle-lune', 'La nouvelle lune', 'Vous êtes celle des commencements : une page blanche ne vous fait jamais peur.'],
      ['premier-quartier', 'Le premier quartier', 'Motivée, organisée, vous transformez les intentions en actions. Rien ne vous arrête.'],
      ['pleine-lune', 'La pleine lune', 'Intense et lumineuse, vous vivez tout à fond et vous entraînez les autres dans votre sillage.'],
      ['dernier-quartier', 'Le dernier quartier', 'Sage et apaisée, vous savez lâcher prise et faire de la place pour la suite.'],
    ],
    questions: [
      {
        text: 'Votre énergie du moment ?',
        answers: ['Envie de tout recommencer', 'Motivée et pleine de projets', 'Débordante, presque électrique', 'Besoin de ralentir'],
      },
      {
        text: 'Votre rituel du soir ?',
        answers: ['Écrire mes intentions', 'Préparer ma liste de choses à faire', 'Sortir danser', 'Un bain chaud et au lit'],
      },
      {
        text: 'Écoutez : cette mélodie vous évoque…',
        audio: true,
        answers: ['Une page blanche', 'Un chemin qui monte', 'Une fête sous les étoiles', 'Une couverture douce'],
      },
      {
        text: 'La pierre qui vous attire ?',
        picture: true,
        answers: ['Le quartz rose', 'La citrine', 'La pierre de lune', "L'améthyste", "L'œil-de-tigre", 'La labradorite'],
      },
      { text: 'Votre élément ?', answers: ["L'air", 'Le feu', "L'eau", 'La terre'] },
    ],
  },
  {
    url: 'quelle-routine-self-care-est-faite-pour-vous',
    title: 'Quelle routine self care est faite pour vous ?',
    description: 'Cocooning, grand air ou création : cinq questions pour trouver le rituel bien-être qui vous fera vraiment du bien.',
    results: [
      [
        'la-reine-du-cocooning',
        'La reine du cocooning',
        'Plaid, bougie et tisane : votre bien-être passe par un nid douillet. Offrez-vous des soirées sans écran.',
      ],
      [
        'l-exploratrice-en-plein-air',
        "L'exploratrice en plein air",
        'Vous vous ressourcez dehors. Une marche en forêt par semaine, et le moral remonte en flèche.',
      ],
      [
        'l-artiste-du-dimanche',
        "L'artiste du dimanche",
        'Créer vous apaise : aquarelle, poterie ou écriture, gardez toujours un carnet à portée de main.',
      ],
    ],
    questions: [
      {
        text: 'Vendredi soir, après une longue semaine…',
        answers: [
          'Plaid, tisane et série',
          'Une balade au parc avant la nuit',
          'Un atelier de poterie',
          'Un bain moussant',
          "Un footing au bord de l'eau",
          'Dessiner en écoutant de la musique',
        ],
      },
      {
        text: 'Votre application préférée ?',
        answers: ['Une appli de méditation', 'Une appli de randonnée', 'Une appli de dessin', 'Une appli de recettes'],
      },
      {
        text: 'Ce qui vous ressource le plus ?',
        answers: ['Le silence', 'Le grand air', 'Créer de mes mains', 'Dormir tard', 'Le chant des oiseaux', 'Une page blanche'],
      },
      { text: 'Votre odeur réconfortante ?', answers: ['La vanille', "L'herbe coupée", 'La peinture fraîche', 'Le linge propre'] },
      {
        text: 'Votre week-end idéal ?',
        answers: [
          'Rester en pyjama',
          'Camper sous les étoiles',
          'Chiner un vieux meuble à repeindre',
          'Un brunch à la maison',
          'Une randonnée en montagne',
          "Écrire quelques pages d'un roman",
        ],
      },
    ],
  },
  {
    url: 'quelle-ville-europeenne-pour-votre-prochain-week-end',
    title: 'Quelle ville européenne pour votre prochain week-end ?',
    description: 'Lisbonne, Copenhague, Rome ou Amsterdam ? Choisissez en images, on vous dit où filer.',
    results: [
      ['lisbonne', 'Lisbonne', 'Tramways jaunes, fado et pastéis de nata : Lisbonne vous attend pour un week-end tout en douceur.'],
      ['copenhague', 'Copenhague', 'Design, vélos et cafés cosy : Copenhague est faite pour votre âme organisée et curieuse.'],
      ['rome', 'Rome', "Dolce vita, glaces et places baroques : à Rome, vous vivrez à l'italienne, sans montre ni programme."],
      ['amsterdam', 'Amsterdam', 'Canaux, musées et marchés aux fleurs : Amsterdam se visite à vélo, et vous adorerez ça.'],
    ],
    questions: [
      {
        text: 'Choisissez une vue',
        picture: true,
        answers: [
          'Des toits de tuiles et un tramway jaune',
          'Des maisons colorées au bord du port',
          'Une place baroque au soleil',
          "Des vélos alignés le long d'un canal",
        ],
      },
      {
        text: 'Votre petit-déjeuner ?',
        answers: ['Un pastel de nata', 'Une brioche à la cardamome', 'Un cappuccino au comptoir', 'Des crêpes hollandaises'],
      },
      {
        text: 'Votre tenue de balade ?',
        picture: true,
        answers: [
          'Une robe fluide et des sandales',
          'Un ciré jaune et des bottines',
          'Des lunettes de soleil et une jupe midi',
          'Un jean et un vélo',
        ],
      },
      {
        text: 'Votre activité favorite ?',
        answers: ['Écouter du fado', 'Visiter un musée de design', 'Manger une glace en marchant', 'Faire une croisière sur les canaux'],
      },
      {
        text: 'Votre souvenir à rapporter ?',
        picture: true,
        answers: ['Des azulejos', 'Une céramique scandinave', "Une bouteille d'huile d'olive", 'Des bulbes de tulipes'],
      },
      {
        text: 'Votre rythme de voyage ?',
        answers: ['Flâner sans programme', "Tout organiser à l'avance", 'Vivre à la romaine', 'Pédaler partout'],
      },
    ],
  },
  {
    url: 'quel-type-d-amoureuse-etes-vous',
    title: "Quel type d'amoureuse êtes-vous ?",
    description: "Romantique, indépendante ou aventurière : votre façon d'aimer en cinq questions.",
    results: [
      ['la-romantique', 'La romantique', 'Lettres, fleurs et grandes déclarations : vous aimez avec tout votre cœur, et ça se voit.'],
      ['l-independante', "L'indépendante", "Vous aimez à deux, mais jamais au prix de votre liberté. Et c'est très bien comme ça."],
      ['l-aventuriere', "L'aventurière", "Pour vous, l'amour est un voyage : surprises, projets fous et week-ends improvisés."],
    ],
    questions: [
      {
        text: 'Le premier rendez-vous idéal ?',
        answers: [
          'Un dîner aux chandelles',
          'Un verre rapide après le travail',
          "Un cours d'escalade",
          'Une balade sur les quais au coucher du soleil',
          'Un musée, puis chacun rentre chez soi',
          'Un week-end improvisé',
        ],
      },
      {
        text: 'Il oublie votre anniversaire…',
        answers: [
          'Vous êtes blessée, mais vous le gardez pour vous',
          'Vous fêtez ça avec vos amies',
          'Vous lui faites rattraper ça avec un saut en parachute',
          'Vous lui écrivez une longue lettre',
        ],
      },
      {
        text: "Votre film d'amour préféré ?",
        answers: [
          'Un classique en noir et blanc',
          'Une comédie romantique piquante',
          'Un road movie',
          'Une romance en costumes',
          'Un documentaire sur les couples',
          "Un film d'aventure",
        ],
      },
      {
        text: 'Votre message typique ?',
        answers: ['Un long paragraphe plein de cœurs', 'Un « ok » sobre', "Une photo de l'endroit où vous êtes", 'Un petit poème'],
      },
      { text: 'En couple, le plus important ?', answers: ['La tendresse', 'La liberté', 'Les projets fous', 'Les petites attentions'] },
    ],
  },
  {
    url: 'quelle-playlist-pour-votre-dimanche',
    title: 'Quelle playlist pour votre dimanche ?',
    description: 'Écoutez trois petits airs et laissez-vous guider vers la bande-son idéale de votre dimanche.',
    results: [
      [
        'chanson-francaise',
        'Chanson française',
        'Vous fredonnez Barbara en faisant le marché : votre dimanche a le charme des vieux vinyles.',
      ],
      ['jazz-feutre', 'Jazz feutré', 'Café fumant et contrebasse : votre dimanche est élégant, lent et délicieusement chic.'],
      ['pop-solaire', 'Pop solaire', 'Vous dansez en rangeant le salon : votre dimanche est une fête, même sous la pluie.'],
      ['electro-douce', 'Électro douce', 'Casque sur les oreilles, vous planez : votre dimanche est une parenthèse hors du temps.'],
    ],
    questions: [
      {
        text: 'Écoutez ce premier extrait. Vous avez envie de…',
        audio: true,
        answers: ['Chanter à tue-tête', 'Claquer des doigts', 'Danser dans le salon', 'Fermer les yeux'],
      },
      {
        text: 'Votre boisson du dimanche ?',
        answers: ['Un café crème en terrasse', 'Un thé fumé', 'Un jus pressé', 'Une eau pétillante au concombre'],
      },
      {
        text: 'Deuxième extrait : il vous rappelle…',
        audio: true,
        answers: ['Un vieux vinyle de vos parents', 'Un club de jazz enfumé', 'Un été entre copines', 'Un train de nuit'],
      },
      { text: 'Votre activité du dimanche ?', answers: ['Chiner aux puces', 'Lire au lit', 'Faire du vélo', 'Ranger en musique'] },
      {
        text: 'Dernier extrait : votre ressenti ?',
        audio: true,
        answers: ['Nostalgique', 'Élégant', 'Joyeux', 'Planant'],
      },
    ],
  },
  {
    url: 'quelle-patisserie-etes-vous',
    title: 'Quelle pâtisserie êtes-vous ?',
    description: 'Éclair, macaron, paris-brest ou tarte au citron : un quiz gourmand pour les becs sucrés.',
    results: [
      ['l-eclair', "L'éclair", 'Efficace et généreuse, vous allez droit au but, et tout le monde vous adore.'],
      ['le-macaron', 'Le macaron', 'Délicate et raffinée, vous soignez chaque détail. Derrière votre élégance se cache un cœur fondant.'],
      ['le-paris-brest', 'Le paris-brest', 'Généreuse et chaleureuse, vous êtes celle qui rassemble la famille autour de la table.'],
      ['la-tarte-au-citron', 'La tarte au citron', 'Pétillante et un brin acidulée, vous avez toujours le mot pour rire.'],
    ],
    questions: [
      {
        text: 'Choisissez une vitrine',
        picture: true,
        answers: [
          'Une vitrine classique et dorée',
          'Une vitrine pastel',
          'Une vitrine rustique en bois',
          'Une vitrine lumineuse et minimaliste',
        ],
      },
      { text: 'Votre qualité principale ?', answers: ["L'efficacité", 'La délicatesse', 'La générosité', 'La vivacité'] },
      {
        text: 'Votre couleur préférée ?',
        picture: true,
        answers: ['Chocolat', 'Rose pâle', 'Caramel', 'Jaune citron', 'Café', 'Vert pistache'],
      },
      {
        text: 'Votre façon de manger une pâtisserie ?',
        answers: ['En trois bouchées, debout', 'Lentement, pour faire durer', 'En la partageant', 'À la petite cuillère'],
      },
      {
        text: 'Votre moment gourmand ?',
        answers: ['Le goûter de 16 heures', 'Le salon de thé du samedi', 'Le dessert du dimanche en famille', 'La pause de midi au soleil'],
      },
    ],
  },
  {
    url: 'quelle-working-girl-etes-vous',
    title: 'Quelle working girl êtes-vous ?',
    description: 'Leader née, créative ou diplomate : découvrez votre super-pouvoir au bureau.',
    results: [
      ['la-leader-nee', 'La leader née', "Vous prenez les décisions, vous fixez le cap, et l'équipe vous suit les yeux fermés."],
      ['la-creative', 'La créative', 'Idées folles et post-it partout : vous voyez ce que les autres ne voient pas encore.'],
      ['la-diplomate', 'La diplomate', 'Vous désamorcez les conflits et vous faites grandir les autres. Un talent rare et précieux.'],
    ],
    questions: [
      {
        text: 'En réunion, vous…',
        answers: [
          'Prenez la parole la première',
          'Griffonnez des idées dans la marge',
          'Apaisez les tensions',
          'Distribuez les tâches',
          'Proposez un remue-méninges',
          'Reformulez pour que tout le monde suive',
        ],
      },
      {
        text: 'Votre bureau ressemble à…',
        answers: [
          'Un poste de commande impeccable',
          'Un joyeux chaos de post-it',
          'Un coin cosy avec une plante',
          'Un agenda à jour au millimètre',
        ],
      },
      {
        text: 'Un projet part de travers…',
        answers: [
          'Vous reprenez les choses en main',
          'Vous proposez une idée radicale',
          "Vous réunissez l'équipe pour en parler",
          'Vous fixez un nouveau planning',
        ],
      },
      {
        text: 'Votre outil indispensable ?',
        answers: [
          'Le tableau de suivi',
          'Le carnet de croquis',
          'Le café partagé',
          'Le téléphone',
          'Les feutres de couleur',
          'La salle de pause',
        ],
      },
      {
        text: 'Votre rêve professionnel ?',
        answers: [
          'Diriger une grande entreprise',
          'Lancer ma marque',
          'Créer une équipe où chacun est heureux',
          "Présider un conseil d'administration",
        ],
      },
      {
        text: "Le compliment d'une collègue ?",
        answers: ['« Tu es inspirante »', '« Tu as toujours des idées »', '« Avec toi, tout est plus simple »', '« Tu ne lâches rien »'],
      },
    ],
  },
  {
    url: 'quel-style-deco-pour-votre-appartement',
    title: 'Quel style déco pour votre appartement ?',
    description: 'Scandinave, bohème ou vintage : choisissez en images et trouvez le style qui vous ressemble.',
    results: [
      ['scandinave', 'Scandinave', 'Bois clair, lignes simples et lumière douce : chez vous, tout respire le calme.'],
      ['boheme', 'Bohème', 'Plantes, tapis et coussins brodés : votre intérieur est un voyage permanent.'],
      ['vintage', 'Vintage', 'Meubles chinés, laiton et velours : vous donnez une seconde vie aux belles choses.'],
    ],
    questions: [
      {
        text: 'Choisissez un salon',
        picture: true,
        answers: [
          'Un salon blanc et bois clair',
          'Un salon plein de plantes et de tapis',
          'Un salon aux meubles chinés des années 1960',
          'Un canapé gris et un plaid en laine',
          'Un fauteuil en rotin et des coussins brodés',
          'Une enfilade en teck et une lampe en laiton',
        ],
      },
      { text: 'Votre matière préférée ?', answers: ['Le bouleau', 'Le rotin', 'Le velours', 'Le lin', 'La laine tissée', 'Le laiton'] },
      {
        text: 'Votre luminaire ?',
        picture: true,
        answers: ['Une suspension en papier', 'Une lanterne marocaine', 'Une lampe champignon', 'Une applique minimaliste'],
      },
      { text: 'Votre couleur murale ?', answers: ['Blanc pur', 'Terracotta', 'Vert bouteille', 'Gris perle', 'Ocre', 'Moutarde'] },
      {
        text: 'Le week-end, vous…',
        answers: ['Triez et rangez', 'Rempotez vos plantes', 'Écumez les brocantes', 'Achetez une nouvelle bougie'],
      },
    ],
  },
  {
    url: 'quelle-serie-regarder-ce-soir',
    title: 'Quelle série regarder ce soir ?',
    description: 'Polar, comédie, fresque historique ou science-fiction : on choisit pour vous, promis, sans spoiler.',
    results: [
      [
        'un-polar-nordique',
        'Un polar nordique',
        'Brume, enquêtrice obstinée et rebondissements : installez-vous, vous ne lâcherez plus la télécommande.',
      ],
      [
        'une-comedie-de-copines',
        'Une comédie de copines',
        "Des répliques qui claquent et des fous rires garantis : exactement ce qu'il vous faut ce soir.",
      ],
      [
        'une-fresque-historique',
        'Une fresque historique',
        'Costumes, intrigues de cour et grandes passions : un voyage dans le temps vous attend.',
      ],
      [
        'une-serie-de-science-fiction',
        'Une série de science-fiction',
        'Stations spatiales et mondes parallèles : votre esprit rêveur va adorer.',
      ],
    ],
    questions: [
      { text: 'Votre humeur ce soir ?', answers: ['Curieuse', 'Besoin de rire', 'Nostalgique', 'Rêveuse'] },
      {
        text: "Votre snack devant l'écran ?",
        answers: ['Des olives', 'Du pop-corn', 'Des madeleines', 'Des bonbons acidulés', 'Des chips', 'Du chocolat noir'],
      },
      {
        text: 'Un personnage qui vous ressemble ?',
        answers: ['Une enquêtrice obstinée', 'Une colocataire gaffeuse', 'Une reine en exil', 'Une astronaute solitaire'],
      },
      {
        text: "Combien d'épisodes d'affilée ?",
        answers: ['Un seul, je suis raisonnable', 'Trois, pas plus', 'Toute la saison', "Jusqu'au lever du soleil"],
      },
      {
        text: 'Votre décor de rêve ?',
        answers: [
          'Une ville brumeuse du Nord',
          'Un appartement parisien',
          'Un château anglais',
          'Une station spatiale',
          'Un commissariat de province',
          'Un café de quartier',
        ],
      },
      {
        text: 'La fin idéale ?',
        answers: ['Un retournement final', 'Un mariage improbable', 'Un couronnement', "Une porte ouverte sur l'inconnu"],
      },
    ],
  },
  {
    url: 'etes-vous-plutot-mer-ou-montagne',
    title: 'Êtes-vous plutôt mer ou montagne ?',
    description: 'Le grand débat des vacances, enfin tranché en cinq questions (et un petit air à écouter).',
    results: [
      ['team-mer', 'Team mer', 'Sel sur la peau et cheveux au vent : vous êtes faite pour les criques et les couchers de soleil.'],
      ['team-montagne', 'Team montagne', 'Air pur, chalets et chocolat chaud : les sommets vous appellent, hiver comme été.'],
    ],
    questions: [
      {
        text: 'Votre réveil idéal ?',
        answers: ['Le bruit des vagues', 'Le silence des sommets', 'Une odeur de crème solaire', 'Un chocolat chaud au chalet'],
      },
      {
        text: 'Choisissez un paysage',
        picture: true,
        answers: ['Une crique turquoise', "Un lac d'altitude", 'Un phare au coucher du soleil', 'Une forêt de sapins enneigée'],
      },
      { text: 'Votre sport ?', answers: ['Le paddle', 'La randonnée', 'La natation', 'Le ski de fond'] },
      { text: 'Votre plat de vacances ?', answers: ['Des moules-frites', 'Une raclette', 'Une salade niçoise', 'Une fondue savoyarde'] },
      {
        text: 'Écoutez ce jingle : vous voyez plutôt…',
        audio: true,
        answers: ['Un voilier', 'Un téléphérique', 'Une plage au petit matin', 'Un refuge de montagne'],
      },
    ],
  },
  {
    url: 'quel-maquillage-pour-votre-soiree',
    title: 'Quel maquillage pour votre soirée ?',
    description: 'Nude lumineux, bouche rouge ou smoky tout doux : le maquillage parfait pour votre prochaine sortie.',
    results: [
      ['nude-lumineux', 'Le nude lumineux', "Un teint frais, un peu d'enlumineur et un gloss : naturel, mais en mieux."],
      ['bouche-rouge', 'La bouche rouge', 'Un trait de liner et un rouge à lèvres intense : le classique parisien qui ne déçoit jamais.'],
      [
        'smoky-doux',
        'Le smoky tout doux',
        "Des paupières estompées dans les tons bruns : un regard de velours pour briller jusqu'au bout de la nuit.",
      ],
    ],
    questions: [
      {
        text: 'Votre soirée ?',
        answers: [
          'Un dîner en amoureux',
          'Un vernissage',
          'Un concert',
          'Un apéro entre copines',
          "Une soirée d'entreprise",
          "Une fête jusqu'au bout de la nuit",
        ],
      },
      {
        text: 'Votre tenue ?',
        answers: ['Une robe en satin champagne', 'Une petite robe noire', 'Un jean et un top pailleté', 'Un tailleur crème'],
      },
      {
        text: 'Votre teinte préférée ?',
        picture: true,
        answers: ['Pêche', 'Rouge cerise', 'Prune', 'Doré', 'Bordeaux', 'Gris anthracite'],
      },
      {
        text: 'Votre temps de préparation ?',
        answers: ['Dix minutes chrono', "Le temps d'un morceau de jazz", 'Une heure avec une playlist', 'Cinq minutes dans le taxi'],
      },
      {
        text: 'Le produit que vous ne quittez jamais ?',
        answers: ['Un enlumineur', 'Un rouge à lèvres mat', 'Un crayon khôl', 'Une crème teintée'],
      },
    ],
  },
  {
    url: 'quel-sport-bien-etre-est-fait-pour-vous',
    title: 'Quel sport bien-être est fait pour vous ?',
    description: "Yoga, natation ou danse : trouvez l'activité qui vous fera du bien, au corps comme à la tête.",
    results: [
      ['le-yoga', 'Le yoga', 'Respiration, souplesse et calme intérieur : le tapis de yoga sera votre meilleur allié.'],
      ['la-natation', 'La natation', "Dans l'eau, vous lâchez tout. Quelques longueurs, et le stress s'envole."],
      ['la-danse', 'La danse', 'Vous avez besoin de bouger, de rire et de musique : inscrivez-vous vite à un cours !'],
    ],
    questions: [
      { text: 'Votre objectif ?', answers: ['Me détendre', 'Me vider la tête', "M'amuser", 'Gagner en souplesse'] },
      {
        text: 'Écoutez ce rythme : il vous donne envie de…',
        audio: true,
        answers: ['Respirer profondément', "Glisser dans l'eau", 'Bouger les hanches', 'Méditer'],
      },
      {
        text: 'Votre moment préféré ?',
        answers: [
          'Le lever du soleil',
          'La pause déjeuner',
          'Le samedi soir',
          'Le dimanche matin',
          'Le soir après le bureau',
          "La fin d'après-midi",
        ],
      },
      { text: 'Votre tenue de sport ?', answers: ['Un legging doux', 'Un maillot une pièce', 'Une jupe qui tourne', 'Un pantalon ample'] },
      { text: 'Ce que vous aimez le moins ?', answers: ['Le bruit', 'La sueur', 'La routine', 'La précipitation'] },
    ],
  },
];
