/**
 * The article workflow: the shared editorial workflow bound to the article format, plus what only
 * articles have (preview links, the scheduler's query). What the newsroom's HTTP layer calls.
 */
import { and, asc, eq, lte } from 'drizzle-orm';
import { appConfig } from '../../../../app.config.ts';
import type { Database } from '../../../db/client.ts';
import { newsroomArticles } from '../../../db/schema.ts';
import { audit } from '../audit.server.ts';
import { type NewsroomResult, refused } from '../newsroomResult.ts';
import { previewToken } from '../previewTokens.ts';
import type { StaffMember } from '../staff.server.ts';
import { canRead, editorialWorkflow } from '../workflow/editorialWorkflow.ts';
import { articleFormat } from './articleFormat.ts';
import { findRow, staffName } from './articleQueries.ts';

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
  const published = await publishDueArticles(db, now);
  await audit(db, who, { action: 'scheduler.run', entity: 'scheduler', detail: { published, advanceSeconds } }, now);
  return published;
}

/**
 * A signed, expiring link to the article as it would be published. Whoever may edit the article may show
 * it; a contributor cannot share a colleague's draft.
 */
export async function issuePreviewLink(
  db: Database,
  who: StaffMember,
  id: number,
  secret: string,
  now: Date,
): Promise<NewsroomResult<{ url: string; expiresAt: string }>> {
  const row = await findRow(db, id);
  if (!row) return refused.notFound;
  if (!canRead(who, row)) return refused.forbidden;
  const expiresAt = new Date(now.getTime() + appConfig.newsroom.previewLinkMinutes * 60_000);
  const token = previewToken(secret, row.id, expiresAt);
  await audit(
    db,
    who,
    { action: 'article.preview-link', entity: 'article', entityId: row.id, detail: { expiresAt: expiresAt.toISOString() } },
    now,
  );
  return { ok: true, value: { url: `/apercu/${token}`, expiresAt: expiresAt.toISOString() } };
}
