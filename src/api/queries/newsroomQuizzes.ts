/** The newsroom's quiz calls (contract: /api/admin/quizzes), with the session's CSRF token on writes. */
import { api } from '../client.ts';
import type { components } from '../generated/schema';
import { unwrap, writeHeaders } from './newsroom.ts';

type Schemas = components['schemas'];
export type AdminQuiz = Schemas['AdminQuiz'];
export type AdminQuizSummary = Schemas['AdminQuizSummary'];
export type QuizDraftInput = Schemas['QuizDraftInput'];
export type QuizStatus = Schemas['ArticleStatus'];

export const newsroomQuizzes = {
  async list(query: { q?: string; status?: QuizStatus; offset?: number; limit?: number }) {
    return unwrap(await (await api()).GET('/api/admin/quizzes', { params: { query } }));
  },
  async get(id: number) {
    return unwrap(await (await api()).GET('/api/admin/quizzes/{id}', { params: { path: { id } } }));
  },
  async create(body: QuizDraftInput) {
    return unwrap(await (await api()).POST('/api/admin/quizzes', { body, headers: writeHeaders() }));
  },
  async save(id: number, body: QuizDraftInput & { version: number }) {
    return unwrap(await (await api()).PUT('/api/admin/quizzes/{id}', { params: { path: { id } }, body, headers: writeHeaders() }));
  },
  async changeStatus(id: number, body: { action: 'schedule' | 'publish' | 'unpublish' | 'draft'; version: number; scheduledAt?: string }) {
    return unwrap(await (await api()).POST('/api/admin/quizzes/{id}/status', { params: { path: { id } }, body, headers: writeHeaders() }));
  },
  async revisions(id: number) {
    return unwrap(await (await api()).GET('/api/admin/quizzes/{id}/revisions', { params: { path: { id } } })).results;
  },
  async restore(id: number, revisionId: number, version: number) {
    return unwrap(
      await (await api()).POST('/api/admin/quizzes/{id}/revisions/{revisionId}/restore', {
        params: { path: { id, revisionId } },
        body: { version },
        headers: writeHeaders(),
      }),
    );
  },
  async previewLink(id: number) {
    return unwrap(await (await api()).POST('/api/admin/quizzes/{id}/preview-link', { params: { path: { id } }, headers: writeHeaders() }));
  },
};
