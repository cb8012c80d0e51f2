/**
 * The popin workflow: the shared editorial workflow bound to the popin format, plus what only popins have
 * (the scheduler's query, the signed preview over a real page). What the newsroom's HTTP layer calls.
 */
import { and, asc, eq, lte } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { popins } from '../../../db/schema.ts';
import { toReaderPopin } from '../../content/popins.server.ts';
import { staffName } from '../articles/articleQueries.ts';
import { editorialWorkflow } from '../workflow/editorialWorkflow.ts';
import { previewLinks } from '../workflow/previewLinks.ts';
import { popinFormat } from './popinFormat.ts';
import { findPopinRow } from './popinQueries.ts';

export const popinWorkflow = editorialWorkflow(popinFormat, staffName);

/** Preview tokens of popins are signed for this purpose: an article's token never opens a popin. */
export const POPIN_PREVIEW = 'popin';
/** The query parameter the page's popin loader honours (src/app/PopinHost.tsx). */
export const POPIN_PREVIEW_PARAM = 'apercu-popin';

/** The scheduler's pass: publishes every scheduled popin whose time has come. Answers their ids. */
export async function publishDuePopins(db: Database, now: Date): Promise<number[]> {
  const due = await db
    .select()
    .from(popins)
    .where(and(eq(popins.status, 'scheduled'), lte(popins.scheduledAt, now)))
    .orderBy(asc(popins.scheduledAt));
  return popinWorkflow.publishDue(db, due, now);
}

/**
 * Signed links to a real page the popin targets, where the page shows the working copy without waiting for
 * consent and without writing the dismissal cookie. Whoever may read the popin may share it.
 */
export const popinPreviews = previewLinks({
  entity: 'popin',
  purpose: POPIN_PREVIEW,
  find: findPopinRow,
  pageOf: (row, token) => `${row.matchPath}?${POPIN_PREVIEW_PARAM}=${token}`,
  readerCopy: async (_db, row) => toReaderPopin(row),
});
