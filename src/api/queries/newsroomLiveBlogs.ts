/** The newsroom's calls for « Direct » (/api/admin/live-blogs): the editorial workflow's, the end, and the entries'. */
import { api } from '../client.ts';
import type { components } from '../generated/schema';
import type { AdminLiveBlogEntry, LiveBlogEntryInput } from '../types.ts';
import { NewsroomError, unwrap, writeHeaders } from './newsroom.ts';

type Schemas = components['schemas'];
export type AdminLiveBlog = Schemas['AdminLiveBlog'];
export type LiveBlogInput = Schemas['LiveBlogInput'];

const item = (id: number) => ({ params: { path: { id } }, headers: writeHeaders() });
const entry = (id: number, entryId: number) => ({ params: { path: { id, entryId } }, headers: writeHeaders() });

export const newsroomLiveBlogs = {
  async list(offset = 0) {
    return unwrap(await api().GET('/api/admin/live-blogs', { params: { query: { offset, limit: 100 } } }));
  },
  async get(id: number): Promise<AdminLiveBlog> {
    return unwrap(await api().GET('/api/admin/live-blogs/{id}', { params: { path: { id } } }));
  },
  async create(body: LiveBlogInput): Promise<AdminLiveBlog> {
    return unwrap(await api().POST('/api/admin/live-blogs', { body, headers: writeHeaders() }));
  },
  async save(id: number, body: LiveBlogInput & { version: number }): Promise<AdminLiveBlog> {
    return unwrap(await api().PUT('/api/admin/live-blogs/{id}', { ...item(id), body }));
  },
  async changeStatus(id: number, body: Schemas['StatusChangeInput']): Promise<AdminLiveBlog> {
    return unwrap(await api().POST('/api/admin/live-blogs/{id}/status', { ...item(id), body }));
  },
  async end(id: number, version: number): Promise<AdminLiveBlog> {
    return unwrap(await api().POST('/api/admin/live-blogs/{id}/end', { ...item(id), body: { version } }));
  },
  async revisions(id: number) {
    return unwrap(await api().GET('/api/admin/live-blogs/{id}/revisions', { params: { path: { id } } })).results;
  },
  async restore(id: number, revisionId: number, version: number): Promise<AdminLiveBlog> {
    const path = { params: { path: { id, revisionId } }, body: { version }, headers: writeHeaders() };
    return unwrap(await api().POST('/api/admin/live-blogs/{id}/revisions/{revisionId}/restore', path));
  },
  async post(id: number, body: LiveBlogEntryInput): Promise<AdminLiveBlogEntry> {
    return unwrap(await api().POST('/api/admin/live-blogs/{id}/entries', { ...item(id), body }));
  },
  async correct(id: number, entryId: number, body: LiveBlogEntryInput): Promise<AdminLiveBlogEntry> {
    return unwrap(await api().PUT('/api/admin/live-blogs/{id}/entries/{entryId}', { ...entry(id, entryId), body }));
  },
  async remove(id: number, entryId: number): Promise<void> {
    const answer = await api().DELETE('/api/admin/live-blogs/{id}/entries/{entryId}', entry(id, entryId));
    if (!answer.response.ok) throw new NewsroomError(`Erreur ${answer.response.status}`, answer.response.status, answer.error);
  },
  async pin(id: number, entryId: number, pinned: boolean): Promise<AdminLiveBlogEntry> {
    return unwrap(await api().POST('/api/admin/live-blogs/{id}/entries/{entryId}/pin', { ...entry(id, entryId), body: { pinned } }));
  },
  async publish(id: number, entryId: number): Promise<AdminLiveBlogEntry> {
    return unwrap(await api().POST('/api/admin/live-blogs/{id}/entries/{entryId}/publish', entry(id, entryId)));
  },
};
