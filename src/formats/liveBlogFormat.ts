/** « Direct »: a live coverage, live while published until it is ended (its entries are posted beside the workflow). */
import type { FormatDeclaration } from './formatDeclaration.ts';

export const liveBlogDeclaration = {
  entity: 'liveBlog',
  noun: { singular: 'direct', plural: 'directs', gender: 'masculine' },
  adminPath: '/admin/directs',
  newSegment: 'nouveau',
  apiPath: '/api/admin/live-blogs',
  operations: {
    list: 'listAdminLiveBlogs',
    create: 'createAdminLiveBlog',
    get: 'getAdminLiveBlog',
    update: 'updateAdminLiveBlog',
    status: 'changeAdminLiveBlogStatus',
    revisions: 'listLiveBlogRevisions',
    restore: 'restoreLiveBlogRevision',
  },
  publicPath: '/direct/{slug}',
  children: {
    entity: 'liveBlogEntry',
    noun: { singular: 'entrée', plural: 'entrées', gender: 'feminine', elided: true },
    operations: {
      create: 'createLiveBlogEntry',
      correct: 'correctLiveBlogEntry',
      delete: 'deleteLiveBlogEntry',
      pin: 'pinLiveBlogEntry',
      publish: 'publishLiveBlogEntry',
    },
    closed: 'Ce direct est terminé : on n’y publie plus d’entrée.',
  },
  list: {
    title: 'Directs',
    intro: 'Publié, un direct est « En direct » jusqu’à ce qu’on le termine ; ses entrées se publient depuis son éditeur.',
    columns: [
      { field: 'title', heading: 'Titre', kind: 'title' },
      { field: 'category', heading: 'Rubrique', kind: 'text' },
      { field: 'status', heading: 'État', kind: 'status' },
      { field: 'publishedAt', heading: 'Début', kind: 'date' },
      { field: 'coverageEndAt', heading: 'Fin', kind: 'date' },
    ],
  },
} as const satisfies FormatDeclaration;
