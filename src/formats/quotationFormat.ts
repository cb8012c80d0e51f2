/** The footer's quotations (typed by the footer's typewriter, smallest rank first). */
import type { FormatDeclaration } from './formatDeclaration.ts';

export const quotationDeclaration = {
  entity: 'quotation',
  noun: { singular: 'citation', plural: 'citations', gender: 'feminine' },
  adminPath: '/admin/citations',
  newSegment: 'nouvelle',
  apiPath: '/api/admin/quotations',
  operations: {
    list: 'listAdminQuotations',
    create: 'createAdminQuotation',
    get: 'getAdminQuotation',
    update: 'updateAdminQuotation',
    status: 'changeAdminQuotationStatus',
    revisions: 'listQuotationRevisions',
    restore: 'restoreQuotationRevision',
    previewLink: 'createQuotationPreviewLink',
    preview: 'getQuotationPreview',
  },
  previewPath: '/apercu-citation/',
  list: {
    title: 'Citations du pied de page',
    intro: 'La machine à écrire du pied de page tape les citations publiées, du plus petit rang au plus grand.',
    columns: [
      { field: 'position', heading: 'Rang', kind: 'number' },
      { field: 'text', heading: 'Citation', kind: 'title' },
      { field: 'author', heading: 'Auteur ou autrice', kind: 'text' },
      { field: 'status', heading: 'État', kind: 'status' },
    ],
  },
} as const satisfies FormatDeclaration;
