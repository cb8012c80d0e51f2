/** The contests of the Concours page: open, then closed but still readable. */
import type { FormatDeclaration } from './formatDeclaration.ts';

export const contestDeclaration = {
  entity: 'contest',
  noun: { singular: 'concours', plural: 'concours', gender: 'masculine' },
  adminPath: '/admin/concours',
  newSegment: 'nouveau',
  apiPath: '/api/admin/contests',
  operations: {
    list: 'listAdminContests',
    create: 'createAdminContest',
    get: 'getAdminContest',
    update: 'updateAdminContest',
    status: 'changeAdminContestStatus',
    revisions: 'listContestRevisions',
    restore: 'restoreContestRevision',
    previewLink: 'createContestPreviewLink',
    preview: 'getContestPreview',
  },
  previewPath: '/apercu-concours/',
  publicPath: '/concours/{slug}',
  list: {
    title: 'Concours',
    intro: 'Les concours de la page Concours. Après sa clôture, un concours publié reste lisible et sa page dit qu’il est terminé.',
    columns: [
      { field: 'title', heading: 'Titre', kind: 'title' },
      { field: 'startsAt', heading: 'Dates', kind: 'period', to: 'endsAt' },
      { field: 'state', heading: 'Pour les lectrices', kind: 'custom' },
      { field: 'status', heading: 'État', kind: 'status' },
    ],
  },
} as const satisfies FormatDeclaration;
