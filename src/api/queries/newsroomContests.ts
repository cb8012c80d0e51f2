/** The newsroom's calls for contests (/api/admin/contests), beside the articles' (newsroom.ts). */
import { api } from '../client.ts';
import type { components } from '../generated/schema';
import { type PreviewLink, pageData, unwrap, writeHeaders } from './newsroom.ts';

type Schemas = components['schemas'];
export type AdminContest = Schemas['AdminContest'];
export type AdminContestList = Schemas['AdminContestList'];
export type AdminContestSummary = Schemas['AdminContestSummary'];
export type ContestDraftInput = Schemas['ContestDraftInput'];

export const newsroomContests = {
  async list(offset = 0): Promise<AdminContestList> {
    return unwrap(await (await api()).GET('/api/admin/contests', { params: { query: { offset, limit: 50 } } }));
  },
  async get(id: number): Promise<AdminContest> {
    return unwrap(await (await api()).GET('/api/admin/contests/{id}', { params: { path: { id } } }));
  },
  async create(body: ContestDraftInput): Promise<AdminContest> {
    return unwrap(await (await api()).POST('/api/admin/contests', { body, headers: writeHeaders() }));
  },
  async save(id: number, body: ContestDraftInput & { version: number }): Promise<AdminContest> {
    return unwrap(await (await api()).PUT('/api/admin/contests/{id}', { params: { path: { id } }, body, headers: writeHeaders() }));
  },
  async changeStatus(
    id: number,
    body: { action: 'schedule' | 'publish' | 'unpublish' | 'draft'; version: number; scheduledAt?: string },
  ): Promise<AdminContest> {
    return unwrap(await (await api()).POST('/api/admin/contests/{id}/status', { params: { path: { id } }, body, headers: writeHeaders() }));
  },
  async revisions(id: number) {
    return unwrap(await (await api()).GET('/api/admin/contests/{id}/revisions', { params: { path: { id } } })).results;
  },
  async restore(id: number, revisionId: number, version: number): Promise<AdminContest> {
    return unwrap(
      await (await api()).POST('/api/admin/contests/{id}/revisions/{revisionId}/restore', {
        params: { path: { id, revisionId } },
        body: { version },
        headers: writeHeaders(),
      }),
    );
  },
  /** A signed link to the item's reader page showing its working copy, and when it expires. */
  async previewLink(id: number): Promise<PreviewLink> {
    return unwrap(await (await api()).POST('/api/admin/contests/{id}/preview-link', { params: { path: { id } }, headers: writeHeaders() }));
  },
};

export type ContestEntryList = Schemas['ContestEntryList'];
export type ContestDraw = Schemas['ContestDraw'];

/** A contest's entries, their CSV and the draw (/api/admin/contests/{id}/entries…). */
export const newsroomContestEntries = {
  async list(id: number, offset = 0): Promise<ContestEntryList> {
    return unwrap(await (await api()).GET('/api/admin/contests/{id}/entries', { params: { path: { id }, query: { offset, limit: 100 } } }));
  },
  /** The export's address: a plain link downloads it with the session's cookie. */
  exportHref: (id: number) => `/api/admin/contests/${id}/entries/export`,
  async draw(id: number, winners: number): Promise<ContestDraw> {
    return unwrap(
      await (await api()).POST('/api/admin/contests/{id}/draw', { params: { path: { id } }, body: { winners }, headers: writeHeaders() }),
    );
  },
};

/** What /admin/participations/{id} loads: the contest and its entries (imported by the route only when it opens). */
export async function loadContestEntriesPage(id: number) {
  const [contest, entries] = await Promise.all([
    pageData(() => newsroomContests.get(id), 'Ce concours est indisponible.'),
    pageData(() => newsroomContestEntries.list(id), 'Les participations sont indisponibles.'),
  ]);
  return { contest, entries };
}
