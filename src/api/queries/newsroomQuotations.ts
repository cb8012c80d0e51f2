/** The newsroom's calls for footer quotations (/api/admin/quotations), beside the articles' (newsroom.ts). */
import { api } from '../client.ts';
import type { components } from '../generated/schema';
import { type PreviewLink, unwrap, writeHeaders } from './newsroom.ts';

type Schemas = components['schemas'];
export type AdminQuotation = Schemas['AdminQuotation'];
export type AdminQuotationList = Schemas['AdminQuotationList'];
export type QuotationDraftInput = Schemas['QuotationDraftInput'];

export const newsroomQuotations = {
  async list(offset = 0): Promise<AdminQuotationList> {
    return unwrap(await (await api()).GET('/api/admin/quotations', { params: { query: { offset, limit: 100 } } }));
  },
  async get(id: number): Promise<AdminQuotation> {
    return unwrap(await (await api()).GET('/api/admin/quotations/{id}', { params: { path: { id } } }));
  },
  async create(body: QuotationDraftInput): Promise<AdminQuotation> {
    return unwrap(await (await api()).POST('/api/admin/quotations', { body, headers: writeHeaders() }));
  },
  async save(id: number, body: QuotationDraftInput & { version: number }): Promise<AdminQuotation> {
    return unwrap(await (await api()).PUT('/api/admin/quotations/{id}', { params: { path: { id } }, body, headers: writeHeaders() }));
  },
  async changeStatus(
    id: number,
    body: { action: 'schedule' | 'publish' | 'unpublish' | 'draft'; version: number; scheduledAt?: string },
  ): Promise<AdminQuotation> {
    return unwrap(
      await (await api()).POST('/api/admin/quotations/{id}/status', { params: { path: { id } }, body, headers: writeHeaders() }),
    );
  },
  async revisions(id: number) {
    return unwrap(await (await api()).GET('/api/admin/quotations/{id}/revisions', { params: { path: { id } } })).results;
  },
  async restore(id: number, revisionId: number, version: number): Promise<AdminQuotation> {
    return unwrap(
      await (await api()).POST('/api/admin/quotations/{id}/revisions/{revisionId}/restore', {
        params: { path: { id, revisionId } },
        body: { version },
        headers: writeHeaders(),
      }),
    );
  },
  /** A signed link to the item's reader page showing its working copy, and when it expires. */
  async previewLink(id: number): Promise<PreviewLink> {
    return unwrap(
      await (await api()).POST('/api/admin/quotations/{id}/preview-link', { params: { path: { id } }, headers: writeHeaders() }),
    );
  },
};
