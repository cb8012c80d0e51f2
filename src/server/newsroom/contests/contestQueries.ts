/** Reading contests in the newsroom: one row, its admin shape (with its state from the dates), the list newest first. */
import type { AdminContest, AdminContestSummary } from '../../../api/types.ts';
import type { Database } from '../../../db/client.ts';
import { formatContests } from '../../../db/schema.ts';
import { contestStatus } from '../../content/formatContests.server.ts';
import { staffName } from '../articles/articleQueries.ts';
import { columnsOf, editorialAdminFields, editorialListFields, editorialTable, type RowOf } from '../workflow/editorialTable.ts';

export type ContestRow = RowOf<typeof formatContests>;

export const contestRows = editorialTable(formatContests);

const contestDates = (row: ContestRow, now: Date) => ({
  startsAt: row.startsAt.toISOString(),
  endsAt: row.endsAt.toISOString(),
  state: contestStatus(row, now),
});

export async function toAdminContest(db: Database, row: ContestRow, now = new Date()): Promise<AdminContest> {
  const own = columnsOf(row, 'url', 'title', 'description', 'image', 'prize', 'rules', 'question', 'questionChoices');
  return { ...editorialAdminFields(row), ...own, ...contestDates(row, now), updatedByName: await staffName(db, row.updatedBy) };
}

/** One row of the newsroom's list, its state from the dates as of now. */
export const toContestSummary = (r: ContestRow, now = new Date()): AdminContestSummary => ({
  ...editorialListFields(r),
  ...columnsOf(r, 'url', 'title', 'image'),
  ...contestDates(r, now),
  createdById: r.createdBy,
});
