/** The image galleries of the Mosaïques page, each with its cover. */
import type { FormatDeclaration } from './formatDeclaration.ts';

export const mosaicDeclaration = {
  entity: 'mosaic',
  noun: { singular: 'mosaïque', plural: 'mosaïques', gender: 'feminine' },
  adminPath: '/admin/mosaiques',
  newSegment: 'nouveau',
  apiPath: '/api/admin/mosaics',
  operations: {
    list: 'listAdminMosaics',
    create: 'createAdminMosaic',
    get: 'getAdminMosaic',
    update: 'updateAdminMosaic',
    status: 'changeAdminMosaicStatus',
    revisions: 'listMosaicRevisions',
    restore: 'restoreMosaicRevision',
    previewLink: 'createMosaicPreviewLink',
    preview: 'getMosaicPreview',
  },
  previewPath: '/apercu-mosaique/',
  publicPath: '/mosaique/{slug}',
  list: {
    title: 'Mosaïques',
    intro: 'Les galeries d’images de la page Mosaïques, chacune avec sa couverture.',
    columns: [
      { field: 'title', heading: 'Titre', kind: 'title' },
      { field: 'imageCount', heading: 'Images', kind: 'number' },
      { field: 'status', heading: 'État', kind: 'status' },
    ],
  },
} as const satisfies FormatDeclaration;
