/** The newsroom's calls for marketing popins (/api/admin/popins), beside the articles' (newsroom.ts). */
import { api } from '../client.ts';
import type { components } from '../generated/schema';
import { unwrap, writeHeaders } from './newsroom.ts';

type Schemas = components['schemas'];
export type AdminPopin = Schemas['AdminPopin'];
export type AdminPopinList = Schemas['AdminPopinList'];
export type AdminPopinSummary = Schemas['AdminPopinSummary'];
export type PopinDraftInput = Schemas['PopinDraftInput'];
export type PopinType = Schemas['PopinType'];

export const newsroomPopins = {
  async list(offset = 0): Promise<AdminPopinList> {
    return unwrap(await (await api()).GET('/api/admin/popins', { params: { query: { offset, limit: 50 } } }));
  },
  async get(id: number): Promise<AdminPopin> {
    return unwrap(await (await api()).GET('/api/admin/popins/{id}', { params: { path: { id } } }));
  },
  async create(body: PopinDraftInput): Promise<AdminPopin> {
    return unwrap(await (await api()).POST('/api/admin/popins', { body, headers: writeHeaders() }));
  },
  async save(id: number, body: PopinDraftInput & { version: number }): Promise<AdminPopin> {
    return unwrap(await (await api()).PUT('/api/admin/popins/{id}', { params: { path: { id } }, body, headers: writeHeaders() }));
  },
  async changeStatus(
    id: number,
    body: { action: 'schedule' | 'publish' | 'unpublish' | 'draft'; version: number; scheduledAt?: string },
  ): Promise<AdminPopin> {
    return unwrap(await (await api()).POST('/api/admin/popins/{id}/status', { params: { path: { id } }, body, headers: writeHeaders() }));
  },
  async revisions(id: number) {
    return unwrap(await (await api()).GET('/api/admin/popins/{id}/revisions', { params: { path: { id } } })).results;
  },
  async restore(id: number, revisionId: number, version: number): Promise<AdminPopin> {
    return unwrap(
      await (await api()).POST('/api/admin/popins/{id}/revisions/{revisionId}/restore', {
        params: { path: { id, revisionId } },
        body: { version },
        headers: writeHeaders(),
      }),
    );
  },
  async previewLink(id: number) {
    return unwrap(await (await api()).POST('/api/admin/popins/{id}/preview-link', { params: { path: { id } }, headers: writeHeaders() }));
  },
};
