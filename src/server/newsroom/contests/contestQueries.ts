/** Reading contests in the newsroom: one row, its admin shape (with its state from the dates), the list newest first. */
import type { AdminContest, AdminContestSummary } from '../../../api/types.ts';
import type { Database } from '../../../db/client.ts';
import { formatContests } from '../../../db/schema.ts';
import { contestStatus } from '../../content/formatContests.server.ts';
import { staffName } from '../articles/articleQueries.ts';
import { editorialAdminFields, editorialTable, type ListFilter, type RowOf } from '../workflow/editorialTable.ts';

export type ContestRow = RowOf<typeof formatContests>;

export const contestRows = editorialTable(formatContests);
export const findContestRow = contestRows.find;

export async function toAdminContest(db: Database, row: ContestRow, now = new Date()): Promise<AdminContest> {
  return {
    ...editorialAdminFields(row),
    url: row.url,
    title: row.title,
    description: row.description,
    image: row.image,
    prize: row.prize,
    rules: row.rules,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    question: row.question,
    questionChoices: row.questionChoices,
    state: contestStatus(row, now),
    updatedByName: await staffName(db, row.updatedBy),
  };
}

export async function listAdminContests(
  db: Database,
  filter: ListFilter,
  now = new Date(),
): Promise<{ total: number; results: AdminContestSummary[] }> {
  const { total, rows } = await contestRows.page(db, filter);
  return {
    total,
    results: rows.map((r) => ({
      id: r.id,
      status: r.status,
      version: r.version,
      url: r.url,
      title: r.title,
      image: r.image,
      startsAt: r.startsAt.toISOString(),
      endsAt: r.endsAt.toISOString(),
      state: contestStatus(r, now),
      createdById: r.createdBy,
      updatedAt: r.updatedAt.toISOString(),
    })),
  };
}
