/** The shopping selection, in the order readers see it; its links are marked sponsored. */
import type { FormatDeclaration } from './formatDeclaration.ts';

export const shoppingDeclaration = {
  entity: 'shopping',
  noun: { singular: 'produit', plural: 'produits', gender: 'masculine', added: true },
  adminPath: '/admin/shopping',
  newSegment: 'nouveau',
  apiPath: '/api/admin/shopping',
  operations: {
    list: 'listAdminShoppingItems',
    create: 'createAdminShoppingItem',
    get: 'getAdminShoppingItem',
    update: 'updateAdminShoppingItem',
    status: 'changeAdminShoppingItemStatus',
    revisions: 'listShoppingItemRevisions',
    restore: 'restoreShoppingItemRevision',
    previewLink: 'createShoppingItemPreviewLink',
    preview: 'getShoppingItemPreview',
  },
  previewPath: '/apercu-shopping/',
  list: {
    title: 'Sélection shopping',
    intro:
      'Les produits de la page Shopping, dans l’ordre où les lectrices les voient. Seuls les produits publiés y apparaissent ; leurs liens sont marqués comme sponsorisés.',
    columns: [
      { field: 'title', heading: 'Produit', kind: 'title' },
      { field: 'priceCents', heading: 'Prix', kind: 'price' },
      { field: 'merchant', heading: 'Marchand', kind: 'text' },
      { field: 'status', heading: 'État', kind: 'status' },
    ],
  },
} as const satisfies FormatDeclaration;
