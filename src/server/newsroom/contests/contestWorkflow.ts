/** The contests' workflow: the shared editorial workflow bound to the contest format, and the scheduler's query. */
import { and, asc, eq, lte } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { formatContests } from '../../../db/schema.ts';
import { staffName } from '../articles/articleQueries.ts';
import { editorialWorkflow } from '../workflow/editorialWorkflow.ts';
import { previewLinks } from '../workflow/previewLinks.ts';
import { findContestRow } from './contestQueries.ts';
import { toContest } from '../../content/formatContests.server.ts';
import { contestFormat } from './contestFormat.ts';

export const contestWorkflow = editorialWorkflow(contestFormat, staffName);

/** Signed links to its page, open, upcoming or closed by its dates (`/apercu-concours/{token}`): whoever may read it may share it. */
export const contestPreviews = previewLinks({
  entity: 'contest',
  purpose: 'contest',
  find: findContestRow,
  pageOf: (_row, token) => `/apercu-concours/${token}`,
  readerCopy: async (_db, row, now) => toContest(row, now),
});

/** The scheduler's pass: publishes every scheduled contest whose time has come. Answers their ids. */
export async function publishDueContests(db: Database, now: Date): Promise<number[]> {
  const due = await db
    .select()
    .from(formatContests)
    .where(and(eq(formatContests.status, 'scheduled'), lte(formatContests.scheduledAt, now)))
    .orderBy(asc(formatContests.scheduledAt));
  return contestWorkflow.publishDue(db, due, now);
}
