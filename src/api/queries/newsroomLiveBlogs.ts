/** The newsroom's calls for « Direct » (/api/admin/live-blogs), beside the articles' (newsroom.ts). */
import type { AdminLiveBlog, AdminLiveBlogEntry, LiveBlogEntryInput, LiveBlogInput } from '../types.ts';
import { api } from '../client.ts';
import { NewsroomError, unwrap, writeHeaders } from './newsroom.ts';

const entryPath = (id: number, entryId: number) => ({ params: { path: { id, entryId } }, headers: writeHeaders() });

export const newsroomLiveBlogs = {
  async list(): Promise<AdminLiveBlog[]> {
    return unwrap(await api().GET('/api/admin/live-blogs')).results;
  },
  async get(id: number): Promise<AdminLiveBlog> {
    return unwrap(await api().GET('/api/admin/live-blogs/{id}', { params: { path: { id } } }));
  },
  async create(body: LiveBlogInput): Promise<AdminLiveBlog> {
    return unwrap(await api().POST('/api/admin/live-blogs', { body, headers: writeHeaders() }));
  },
  async setState(id: number, state: 'live' | 'ended'): Promise<AdminLiveBlog> {
    return unwrap(
      await api().POST('/api/admin/live-blogs/{id}/state', { params: { path: { id } }, body: { state }, headers: writeHeaders() }),
    );
  },
  async post(id: number, body: LiveBlogEntryInput): Promise<AdminLiveBlogEntry> {
    return unwrap(await api().POST('/api/admin/live-blogs/{id}/entries', { params: { path: { id } }, body, headers: writeHeaders() }));
  },
  async correct(id: number, entryId: number, body: LiveBlogEntryInput): Promise<AdminLiveBlogEntry> {
    return unwrap(await api().PUT('/api/admin/live-blogs/{id}/entries/{entryId}', { ...entryPath(id, entryId), body }));
  },
  async remove(id: number, entryId: number): Promise<void> {
    const answer = await api().DELETE('/api/admin/live-blogs/{id}/entries/{entryId}', entryPath(id, entryId));
    if (!answer.response.ok) throw new NewsroomError(`Erreur ${answer.response.status}`, answer.response.status, answer.error);
  },
  async pin(id: number, entryId: number, pinned: boolean): Promise<AdminLiveBlogEntry> {
    return unwrap(await api().POST('/api/admin/live-blogs/{id}/entries/{entryId}/pin', { ...entryPath(id, entryId), body: { pinned } }));
  },
  async publish(id: number, entryId: number): Promise<AdminLiveBlogEntry> {
    return unwrap(await api().POST('/api/admin/live-blogs/{id}/entries/{entryId}/publish', entryPath(id, entryId)));
  },
};
