/**
 * More comebacks for the first three demo generators, so that each has 20+ replies (issue 9): enough
 * draws to see that a reader meets every reply once before any comes back.
 */
export const MORE_REPLIES: Readonly<Record<string, readonly string[]>> = {
  'et-toi-c-est-pour-quand-le-mariage': [
    "Le jour où on m'offrira un château. Je suis patiente.",
    "Dès que j'aurai fini ma liste de mariage : pour l'instant, il n'y a qu'un chat.",
    "Quand tu m'auras dit pour quand est ton divorce. Je plaisante ! Enfin, à moitié.",
    'Je me marie avec ma carrière en juin. Tu es invitée au vin d’honneur.',
    "J'ai demandé à mon horoscope : il a dit « pas cette année ».",
    "C'est prévu juste après la retraite. Vers 2067.",
    'Je cherche encore un traiteur qui fait des mini-quiches sans gluten.',
    "On ne se marie pas, on se pacse avec le Wi-Fi : c'est plus stable.",
    'Bientôt, promis. Commence à répéter ton discours, il sera long.',
    'Quand les bouquets de mariée se rattraperont tout seuls.',
    'Pas avant d’avoir trouvé des chaussures où je peux danser toute la nuit.',
    "Je vous préviendrai. En attendant, reprends du gâteau, ça t'occupera.",
  ],
  'quand-un-collegue-s-attribue-votre-idee': [
    'Quelle coïncidence ! Tu as lu mon mail de mardi, alors ?',
    'Merci de reprendre mon idée, je passe à la suivante : elle est encore meilleure.',
    "Je te laisse la présenter, je garde les droits d'auteur.",
    'On pourra mettre mes initiales en bas de la diapositive, juste pour la forme ?',
    'Génial, je te laisse aussi répondre aux questions techniques, alors.',
    "Tu as un talent rare : répéter mieux que l'original.",
    "Je reconnais ma phrase : j'y avais mis une faute de frappe, tu l'as gardée.",
    "Pour la suite du projet, je t'envoie le plan. Enfin, mon plan.",
    "C'est fou comme les grands esprits se rencontrent. Surtout dans mon dossier partagé.",
    'Super résumé. La version longue est dans mon compte rendu, page deux.',
    "Je propose qu'on vote : qui a eu l'idée en premier ? Le procès-verbal fera foi.",
    "Bravo. Et pour l'idée de la semaine prochaine, tu préfères que je te l'envoie directement ?",
  ],
  'quand-on-critique-votre-tenue': [
    "Tu as raison, c'est audacieux. C'est même tout l'intérêt.",
    "Je l'ai choisie pour qu'on en parle. Mission accomplie.",
    'Elle a un grand avantage : elle me plaît à moi.',
    "Le jour où je m'habillerai pour plaire à tout le monde, je porterai un sac de couchage.",
    'Trop voyante ? Parfait, je ne voulais pas passer inaperçue.',
    "C'est une pièce de créatrice. La créatrice, c'est moi, et elle est ravie.",
    'Je la porte avec assurance. C’est ça, l’accessoire qui change tout.',
    'Ton avis est noté. Il sera examiné par le comité : moi, mon miroir et ma meilleure amie.',
    "La mode, c'est comme l'humour : tout le monde ne comprend pas tout de suite.",
    "Tu sais ce qui ne se démode jamais ? Se sentir bien dans ce qu'on porte.",
    "Merci pour la critique. Je t'envoie la facture de mon styliste ?",
    'Elle est osée, oui. Comme moi, en fait.',
  ],
};
