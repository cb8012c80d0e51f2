/**
 * Titles and descriptions of the shopping and mission pages, read by their routes' head (which every page's
 * router carries) and by the pages themselves. In a module of their own: beside the components, they pulled the
 * whole page content into the entry chunk that every reader downloads.
 */
export const shoppingIntro = {
  title: 'Shopping',
  description: 'Les pièces et les produits que la rédaction a repérés, testés et adorés cette semaine, à tous les prix.',
} as const;

export const missionIntro = {
  title: 'Notre mission',
  description:
    'Informer, faire rire, donner envie et donner confiance : ce que Piquante promet à ses lectrices et à ses lecteurs, chaque jour.',
} as const;

export const instagramIntro = {
  title: 'Instagram',
  description: 'Les coulisses de la rédaction, nos looks du jour et vos plus belles réactions, publication après publication.',
} as const;
