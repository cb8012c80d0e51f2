/** The marketing popins: newsletter sign-up, a choice of two newsletters, buttons or a survey. */
import type { FormatDeclaration } from './formatDeclaration.ts';

export const popinDeclaration = {
  entity: 'popin',
  noun: { singular: 'popin', plural: 'popins', gender: 'feminine' },
  adminPath: '/admin/popins',
  newSegment: 'nouvelle',
  apiPath: '/api/admin/popins',
  operations: {
    list: 'listAdminPopins',
    create: 'createAdminPopin',
    get: 'getAdminPopin',
    update: 'updateAdminPopin',
    status: 'changeAdminPopinStatus',
    revisions: 'listPopinRevisions',
    restore: 'restorePopinRevision',
    previewLink: 'createPopinPreviewLink',
    preview: 'getPopinPreview',
  },
  list: {
    title: 'Popins',
    intro:
      'Les popins marketing : inscription à la newsletter, choix entre deux newsletters, boutons ou sondage. Quand deux popins publiées visent la même page, la plus haute priorité l’emporte, puis le chemin le plus précis.',
    columns: [
      { field: 'name', heading: 'Nom', kind: 'title' },
      { field: 'type', heading: 'Type', kind: 'custom' },
      { field: 'matchPath', heading: 'Pages visées', kind: 'custom' },
      { field: 'priority', heading: 'Priorité', kind: 'number' },
      { field: 'startsAt', heading: 'Diffusion', kind: 'custom' },
      { field: 'status', heading: 'État', kind: 'status' },
    ],
  },
} as const satisfies FormatDeclaration;
