/** The newsroom's calls for the Instagram feed (/api/admin/instagram), beside the articles' (newsroom.ts). */
import { api } from '../client.ts';
import type { components } from '../generated/schema';
import { type PreviewLink, unwrap, writeHeaders } from './newsroom.ts';

type Schemas = components['schemas'];
export type AdminInstagramPost = Schemas['AdminInstagramPost'];
export type AdminInstagramPostList = Schemas['AdminInstagramPostList'];
export type InstagramPostDraftInput = Schemas['InstagramPostDraftInput'];

export const newsroomInstagram = {
  async list(offset = 0): Promise<AdminInstagramPostList> {
    return unwrap(await (await api()).GET('/api/admin/instagram', { params: { query: { offset, limit: 50 } } }));
  },
  async get(id: number): Promise<AdminInstagramPost> {
    return unwrap(await (await api()).GET('/api/admin/instagram/{id}', { params: { path: { id } } }));
  },
  async create(body: InstagramPostDraftInput): Promise<AdminInstagramPost> {
    return unwrap(await (await api()).POST('/api/admin/instagram', { body, headers: writeHeaders() }));
  },
  async save(id: number, body: InstagramPostDraftInput & { version: number }): Promise<AdminInstagramPost> {
    return unwrap(await (await api()).PUT('/api/admin/instagram/{id}', { params: { path: { id } }, body, headers: writeHeaders() }));
  },
  async changeStatus(
    id: number,
    body: { action: 'schedule' | 'publish' | 'unpublish' | 'draft'; version: number; scheduledAt?: string },
  ): Promise<AdminInstagramPost> {
    return unwrap(
      await (await api()).POST('/api/admin/instagram/{id}/status', { params: { path: { id } }, body, headers: writeHeaders() }),
    );
  },
  async revisions(id: number) {
    return unwrap(await (await api()).GET('/api/admin/instagram/{id}/revisions', { params: { path: { id } } })).results;
  },
  async restore(id: number, revisionId: number, version: number): Promise<AdminInstagramPost> {
    return unwrap(
      await (await api()).POST('/api/admin/instagram/{id}/revisions/{revisionId}/restore', {
        params: { path: { id, revisionId } },
        body: { version },
        headers: writeHeaders(),
      }),
    );
  },
  /** A signed link to the item's reader page showing its working copy, and when it expires. */
  async previewLink(id: number): Promise<PreviewLink> {
    return unwrap(
      await (await api()).POST('/api/admin/instagram/{id}/preview-link', { params: { path: { id } }, headers: writeHeaders() }),
    );
  },
};
