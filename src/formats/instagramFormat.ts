/** The Instagram feed of the Instagram page and the home page, newest first. */
import type { FormatDeclaration } from './formatDeclaration.ts';

export const instagramDeclaration = {
  entity: 'instagram',
  noun: { singular: 'post Instagram', plural: 'posts Instagram', gender: 'masculine', short: 'post', added: true },
  adminPath: '/admin/instagram',
  newSegment: 'nouveau',
  apiPath: '/api/admin/instagram',
  operations: {
    list: 'listAdminInstagramPosts',
    create: 'createAdminInstagramPost',
    get: 'getAdminInstagramPost',
    update: 'updateAdminInstagramPost',
    status: 'changeAdminInstagramPostStatus',
    revisions: 'listInstagramPostRevisions',
    restore: 'restoreInstagramPostRevision',
    previewLink: 'createInstagramPostPreviewLink',
    preview: 'getInstagramPostPreview',
  },
  previewPath: '/apercu-instagram/',
  list: {
    title: 'Fil Instagram',
    intro:
      'Les posts de la page Instagram et de l’accueil, les plus récents d’abord. Un post publié prend la date de sa première publication.',
    columns: [
      { field: 'caption', heading: 'Légende', kind: 'firstLine' },
      { field: 'postedAt', heading: 'Date', kind: 'date' },
      { field: 'status', heading: 'État', kind: 'status' },
    ],
  },
} as const satisfies FormatDeclaration;
