/**
 * The article workflow: the shared editorial workflow bound to the article format, plus what only
 * articles have (preview links, the scheduler's query). What the newsroom's HTTP layer calls.
 */
import { and, asc, eq, lte } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { newsroomArticles } from '../../../db/schema.ts';
import { audit } from '../audit.server.ts';
import type { StaffMember } from '../staff.server.ts';
import { editorialWorkflow } from '../workflow/editorialWorkflow.ts';
import { previewLinks } from '../workflow/previewLinks.ts';
import { articleFormat } from './articleFormat.ts';
import { findRow, staffName } from './articleQueries.ts';
import { previewArticle } from './articleReaderCopy.ts';

export const articleWorkflow = editorialWorkflow(articleFormat, staffName);

/** The scheduler's pass: publishes every scheduled article whose time has come. Answers their ids. */
export async function publishDueArticles(db: Database, now: Date): Promise<number[]> {
  const due = await db
    .select()
    .from(newsroomArticles)
    .where(and(eq(newsroomArticles.status, 'scheduled'), lte(newsroomArticles.scheduledAt, now)))
    .orderBy(asc(newsroomArticles.scheduledAt));
  return articleWorkflow.publishDue(db, due, now);
}

/** A scheduler pass asked for by a member (the newsroom's button, or a test moving the clock): audited. */
export async function runScheduler(db: Database, who: StaffMember, now: Date, advanceSeconds: number): Promise<number[]> {
  return db.transaction(async (tx) => {
    const published = await publishDueArticles(tx, now);
    await audit(tx, who, { action: 'scheduler.run', entity: 'scheduler', detail: { published, advanceSeconds } }, now);
    return published;
  });
}

/**
 * Signed links to the article as it would be published (`/apercu/{token}`). Whoever may read the article
 * may share it; a contributor cannot share a colleague's draft. Article tokens predate the other kinds: no purpose.
 */
export const articlePreviews = previewLinks({
  entity: 'article',
  purpose: '',
  find: findRow,
  pageOf: (_row, token) => `/apercu/${token}`,
  readerCopy: (db, row) => previewArticle(db, row.id),
});
