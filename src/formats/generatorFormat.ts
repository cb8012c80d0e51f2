/** The repartee generators: a situation and its replies, one drawn at random by readers. */
import type { FormatDeclaration } from './formatDeclaration.ts';

export const generatorDeclaration = {
  entity: 'generator',
  noun: { singular: 'générateur de répartie', plural: 'générateurs de répartie', gender: 'masculine', short: 'générateur' },
  adminPath: '/admin/generateurs',
  newSegment: 'nouveau',
  apiPath: '/api/admin/generators',
  operations: {
    list: 'listAdminGenerators',
    create: 'createAdminGenerator',
    get: 'getAdminGenerator',
    update: 'updateAdminGenerator',
    status: 'changeAdminGeneratorStatus',
    revisions: 'listGeneratorRevisions',
    restore: 'restoreGeneratorRevision',
    previewLink: 'createGeneratorPreviewLink',
    preview: 'getGeneratorPreview',
  },
  previewPath: '/apercu-generateur/',
  publicPath: '/generateur-de-repartie/{slug}',
  list: {
    title: 'Générateurs de répartie',
    intro:
      'Une situation, ses répliques : les lectrices en tirent une au hasard et la partagent. Publié, un générateur apparaît sur la page « Générateur de répartie ».',
    columns: [
      { field: 'title', heading: 'Titre', kind: 'title' },
      { field: 'replyCount', heading: 'Répliques', kind: 'number' },
      { field: 'status', heading: 'État', kind: 'status' },
      { field: 'updatedAt', heading: 'Modifié le', kind: 'date' },
    ],
  },
} as const satisfies FormatDeclaration;
