/** The newsroom's calls for mosaics (/api/admin/mosaics), beside the articles' (newsroom.ts). */
import { api } from '../client.ts';
import type { components } from '../generated/schema';
import { type PreviewLink, unwrap, writeHeaders } from './newsroom.ts';

type Schemas = components['schemas'];
export type AdminMosaic = Schemas['AdminMosaic'];
export type AdminMosaicList = Schemas['AdminMosaicList'];
export type MosaicDraftInput = Schemas['MosaicDraftInput'];

export const newsroomMosaics = {
  async list(offset = 0): Promise<AdminMosaicList> {
    return unwrap(await (await api()).GET('/api/admin/mosaics', { params: { query: { offset, limit: 50 } } }));
  },
  async get(id: number): Promise<AdminMosaic> {
    return unwrap(await (await api()).GET('/api/admin/mosaics/{id}', { params: { path: { id } } }));
  },
  async create(body: MosaicDraftInput): Promise<AdminMosaic> {
    return unwrap(await (await api()).POST('/api/admin/mosaics', { body, headers: writeHeaders() }));
  },
  async save(id: number, body: MosaicDraftInput & { version: number }): Promise<AdminMosaic> {
    return unwrap(await (await api()).PUT('/api/admin/mosaics/{id}', { params: { path: { id } }, body, headers: writeHeaders() }));
  },
  async changeStatus(
    id: number,
    body: { action: 'schedule' | 'publish' | 'unpublish' | 'draft'; version: number; scheduledAt?: string },
  ): Promise<AdminMosaic> {
    return unwrap(await (await api()).POST('/api/admin/mosaics/{id}/status', { params: { path: { id } }, body, headers: writeHeaders() }));
  },
  async revisions(id: number) {
    return unwrap(await (await api()).GET('/api/admin/mosaics/{id}/revisions', { params: { path: { id } } })).results;
  },
  async restore(id: number, revisionId: number, version: number): Promise<AdminMosaic> {
    return unwrap(
      await (await api()).POST('/api/admin/mosaics/{id}/revisions/{revisionId}/restore', {
        params: { path: { id, revisionId } },
        body: { version },
        headers: writeHeaders(),
      }),
    );
  },
  /** A signed link to the item's reader page showing its working copy, and when it expires. */
  async previewLink(id: number): Promise<PreviewLink> {
    return unwrap(await (await api()).POST('/api/admin/mosaics/{id}/preview-link', { params: { path: { id } }, headers: writeHeaders() }));
  },
};
