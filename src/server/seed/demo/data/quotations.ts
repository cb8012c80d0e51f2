/** The 8 quotations of the footer typewriter: short, well-known French quotations by women. */
export const QUOTATIONS: ReadonlyArray<readonly [text: string, author: string]> = [
  ['La mode se démode, le style jamais.', 'Coco Chanel'],
  ['On ne naît pas femme : on le devient.', 'Simone de Beauvoir'],
  ["Il n'y a qu'un bonheur dans la vie, c'est d'aimer et d'être aimé.", 'George Sand'],
  ['Très vite dans ma vie il a été trop tard.', 'Marguerite Duras'],
  ['Ne vous résignez jamais.', 'Gisèle Halimi'],
  [
    "La femme serait vraiment l'égale de l'homme le jour où, à un poste important, on désignerait une femme incompétente.",
    'Françoise Giroud',
  ],
  ["Vouloir être libre, c'est aussi vouloir les autres libres.", 'Simone de Beauvoir'],
  [
    "Le véritable lieu de naissance est celui où l'on a porté pour la première fois un coup d'œil intelligent sur soi-même.",
    'Marguerite Yourcenar',
  ],
];
