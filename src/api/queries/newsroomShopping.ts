/** The newsroom's calls for the shopping selection (/api/admin/shopping), beside the articles' (newsroom.ts). */
import { api } from '../client.ts';
import type { components } from '../generated/schema';
import { type PreviewLink, unwrap, writeHeaders } from './newsroom.ts';

type Schemas = components['schemas'];
export type AdminShoppingItem = Schemas['AdminShoppingItem'];
export type AdminShoppingItemList = Schemas['AdminShoppingItemList'];
export type AdminShoppingItemSummary = Schemas['AdminShoppingItemSummary'];
export type ShoppingItemDraftInput = Schemas['ShoppingItemDraftInput'];

export const newsroomShopping = {
  /** The whole selection in its order (the reorder names every item). */
  async list(): Promise<AdminShoppingItemList> {
    return unwrap(await (await api()).GET('/api/admin/shopping', { params: { query: { offset: 0, limit: 100 } } }));
  },
  async get(id: number): Promise<AdminShoppingItem> {
    return unwrap(await (await api()).GET('/api/admin/shopping/{id}', { params: { path: { id } } }));
  },
  async create(body: ShoppingItemDraftInput): Promise<AdminShoppingItem> {
    return unwrap(await (await api()).POST('/api/admin/shopping', { body, headers: writeHeaders() }));
  },
  async save(id: number, body: ShoppingItemDraftInput & { version: number }): Promise<AdminShoppingItem> {
    return unwrap(await (await api()).PUT('/api/admin/shopping/{id}', { params: { path: { id } }, body, headers: writeHeaders() }));
  },
  async reorder(ids: number[]): Promise<AdminShoppingItemList> {
    return unwrap(await (await api()).PUT('/api/admin/shopping/order', { body: { ids }, headers: writeHeaders() }));
  },
  async changeStatus(
    id: number,
    body: { action: 'schedule' | 'publish' | 'unpublish' | 'draft'; version: number; scheduledAt?: string },
  ): Promise<AdminShoppingItem> {
    return unwrap(await (await api()).POST('/api/admin/shopping/{id}/status', { params: { path: { id } }, body, headers: writeHeaders() }));
  },
  async revisions(id: number) {
    return unwrap(await (await api()).GET('/api/admin/shopping/{id}/revisions', { params: { path: { id } } })).results;
  },
  async restore(id: number, revisionId: number, version: number): Promise<AdminShoppingItem> {
    return unwrap(
      await (await api()).POST('/api/admin/shopping/{id}/revisions/{revisionId}/restore', {
        params: { path: { id, revisionId } },
        body: { version },
        headers: writeHeaders(),
      }),
    );
  },
  /** A signed link to the item's reader page showing its working copy, and when it expires. */
  async previewLink(id: number): Promise<PreviewLink> {
    return unwrap(await (await api()).POST('/api/admin/shopping/{id}/preview-link', { params: { path: { id } }, headers: writeHeaders() }));
  },
};
