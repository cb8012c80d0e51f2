/** The newsroom's calls for repartee generators (/api/admin/generators), beside the articles' (newsroom.ts). */
import { api } from '../client.ts';
import type { components } from '../generated/schema';
import { type PreviewLink, unwrap, writeHeaders } from './newsroom.ts';

type Schemas = components['schemas'];
export type AdminGenerator = Schemas['AdminGenerator'];
export type AdminGeneratorList = Schemas['AdminGeneratorList'];
export type GeneratorDraftInput = Schemas['GeneratorDraftInput'];

export const newsroomGenerators = {
  async list(offset = 0): Promise<AdminGeneratorList> {
    return unwrap(await (await api()).GET('/api/admin/generators', { params: { query: { offset, limit: 50 } } }));
  },
  async get(id: number): Promise<AdminGenerator> {
    return unwrap(await (await api()).GET('/api/admin/generators/{id}', { params: { path: { id } } }));
  },
  async create(body: GeneratorDraftInput): Promise<AdminGenerator> {
    return unwrap(await (await api()).POST('/api/admin/generators', { body, headers: writeHeaders() }));
  },
  async save(id: number, body: GeneratorDraftInput & { version: number }): Promise<AdminGenerator> {
    return unwrap(await (await api()).PUT('/api/admin/generators/{id}', { params: { path: { id } }, body, headers: writeHeaders() }));
  },
  async changeStatus(
    id: number,
    body: { action: 'schedule' | 'publish' | 'unpublish' | 'draft'; version: number; scheduledAt?: string },
  ): Promise<AdminGenerator> {
    return unwrap(
      await (await api()).POST('/api/admin/generators/{id}/status', { params: { path: { id } }, body, headers: writeHeaders() }),
    );
  },
  async revisions(id: number) {
    return unwrap(await (await api()).GET('/api/admin/generators/{id}/revisions', { params: { path: { id } } })).results;
  },
  async restore(id: number, revisionId: number, version: number): Promise<AdminGenerator> {
    return unwrap(
      await (await api()).POST('/api/admin/generators/{id}/revisions/{revisionId}/restore', {
        params: { path: { id, revisionId } },
        body: { version },
        headers: writeHeaders(),
      }),
    );
  },
  /** A signed link to the item's reader page showing its working copy, and when it expires. */
  async previewLink(id: number): Promise<PreviewLink> {
    return unwrap(
      await (await api()).POST('/api/admin/generators/{id}/preview-link', { params: { path: { id } }, headers: writeHeaders() }),
    );
  },
};
