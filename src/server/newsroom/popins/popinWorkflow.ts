/**
 * The popin workflow: the shared editorial workflow bound to the popin format, plus what only popins have
 * (the scheduler's query, the signed preview over a real page). What the newsroom's HTTP layer calls.
 */
import { and, asc, eq, lte } from 'drizzle-orm';
import { appConfig } from '../../../../app.config.ts';
import type { Popin } from '../../../api/types.ts';
import type { Database } from '../../../db/client.ts';
import { popins } from '../../../db/schema.ts';
import { toReaderPopin } from '../../content/popins.server.ts';
import { staffName } from '../articles/articleQueries.ts';
import { audit } from '../audit.server.ts';
import { type NewsroomResult, refused } from '../newsroomResult.ts';
import { previewToken, readPreviewToken } from '../previewTokens.ts';
import type { StaffMember } from '../staff.server.ts';
import { canRead, editorialWorkflow } from '../workflow/editorialWorkflow.ts';
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
 * A signed, expiring link to a real page the popin targets, where the page shows the working copy without
 * waiting for consent and without writing the dismissal cookie. Whoever may read the popin may show it.
 */
export async function issuePopinPreviewLink(
  db: Database,
  who: StaffMember,
  id: number,
  secret: string,
  now: Date,
): Promise<NewsroomResult<{ url: string; expiresAt: string }>> {
  const row = await findPopinRow(db, id);
  if (!row) return refused.notFound;
  if (!canRead(who, row)) return refused.forbidden;
  const expiresAt = new Date(now.getTime() + appConfig.newsroom.previewLinkMinutes * 60_000);
  const token = previewToken(secret, row.id, expiresAt, POPIN_PREVIEW);
  await audit(
    db,
    who,
    { action: 'popin.preview-link', entity: 'popin', entityId: row.id, detail: { expiresAt: expiresAt.toISOString() } },
    now,
  );
  return { ok: true, value: { url: `${row.matchPath}?${POPIN_PREVIEW_PARAM}=${token}`, expiresAt: expiresAt.toISOString() } };
}

/** The working copy of the popin a valid preview token names, as readers would get it; null otherwise. */
export async function previewPopin(db: Database, secret: string, token: string, now: Date): Promise<Popin | null> {
  const id = readPreviewToken(secret, token, now, POPIN_PREVIEW);
  const row = id === null ? null : await findPopinRow(db, id);
  return row ? toReaderPopin(row) : null;
}
