/**
 * Sending an issue, exactly once per subscriber (issue 21, decision 017):
 * 1. `startIssue` (job `newsletter.issue.start`, due at the scheduled time): in one transaction the mail is
 *    rendered once and kept on the issue, one delivery row per eligible subscriber is written (unique per
 *    issue and subscriber, with its Message-ID), and the deliveries are queued as jobs of a hundred.
 * 2. `deliverBatch` (job `newsletter.deliver`): for each delivery, claim it (`pending` → `sending`, checking
 *    that the reader is still subscribed and not bounced: an unsubscribe during the send stops their mail at
 *    once), wait for the throttle, talk SMTP, then mark it `sent` — or `bounced` (5xx: the address is never
 *    mailed again). A temporary failure puts it back to `pending` and fails the job, which pg-boss tries again
 *    with back-off; what was sent is not sent again.
 * A process killed during an SMTP conversation leaves that delivery `sending`; its job expires and is tried
 * again, and the delivery is sent again with the same Message-ID: the receiving side sees one message.
 */
import type { RecordPurge } from '../../cache/cacheTags.ts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { appConfig } from '../../../../app.config.ts';
import type { Database } from '../../../db/client.ts';
import { newsletterDeliveries, newsletterIssues, subscribers } from '../../../db/schema.ts';
import type { JobQueue } from '../../jobs/jobQueue.server.ts';
import { listUnsubscribeHeaders } from '../mailer.server.ts';
import { hashesWithMailRenditions } from '../../media/mailRenditionBackfill.ts';
import { libraryHashOf, mailImageUrl } from '../../media/mailRenditions.ts';
import { newsletterLinks } from '../newsletterLinks.ts';
import { oneClickToken } from '../subscribers.server.ts';
import { type IssueMailInput, type IssueMailRenderer, UNSUBSCRIBE_PLACEHOLDER } from './issueMailTypes.ts';
import { cardsInOrder, eligibleSubscribers, type IssueRow, newsletterName, unfinished } from './issueQueries.ts';
import { classifySendFailure, type IssueTransport } from './issueTransport.ts';
import { rowsOf } from '../../../db/queryResults.ts';

export interface IssueSendDeps {
  db: Database;
  jobs: Pick<JobQueue, 'enqueue'>;
  render: IssueMailRenderer;
  transport: IssueTransport;
  throttle: { take(): Promise<void> };
  siteUrl: string;
  oneClickKey: () => Promise<string>;
  now: () => Date;
  /** An issue just became sent: its web version joins the archive (purge pages, tell other processes). */
  contentChanged?: () => Promise<void> | void;
  /** In the transaction that makes it sent: records the CDN's purge (decision 032). */
  recordPurge?: RecordPurge;
}

const absolute = (siteUrl: string, url: string) => (/^https?:\/\//.test(url) ? url : `${siteUrl}${url.startsWith('/') ? '' : '/'}${url}`);

/**
 * An article's image as mails show it: its JPEG rendition (see mailRenditions.ts), or none — for an address of
 * another kind, and for a library image whose renditions are not made yet (mailRenditionBackfill.ts).
 */
function mailImageOf(
  siteUrl: string,
  image: { url?: string; alt?: string; width?: number; height?: number } | null | undefined,
  rendered: Set<string>,
): IssueMailInput['articles'][number]['image'] {
  const hash = image?.url ? libraryHashOf(image.url) : null;
  if (hash && !rendered.has(hash)) return null;
  const url = image?.url ? mailImageUrl(image.url) : null;
  if (!(image && url)) return null;
  return { url: absolute(siteUrl, url), alt: image.alt ?? '', width: image.width ?? 600, height: image.height ?? 400 };
}

/** What the mail of an issue is made of, from its row and its articles as readers see them now. */
export async function issueMailInput(db: Database, issue: IssueRow, siteUrl: string, unsubscribeUrl: string): Promise<IssueMailInput> {
  const cards = await cardsInOrder(db, issue.articleIds);
  const rendered = await hashesWithMailRenditions(
    db,
    cards.flatMap((card) => libraryHashOf(card.mainImage?.url ?? '') ?? []),
  );
  return {
    subject: issue.subject,
    preheader: issue.preheader,
    intro: issue.intro,
    articles: cards.map((card) => ({
      title: card.title,
      subtitle: card.subtitle,
      url: absolute(siteUrl, card.fullUrl),
      categoryName: card.categoryName,
      image: mailImageOf(siteUrl, card.mainImage, rendered),
    })),
    newsletterName: newsletterName(issue.newsletterType),
    siteName: appConfig.site.name,
    siteUrl,
    webVersionUrl: `${siteUrl}/lettres/${issue.id}`,
    unsubscribeUrl,
    postalAddress: appConfig.newsletter.postalAddress,
  };
}

/** The Message-ID of one delivery: stable across tries, unique per issue and subscriber. */
export function deliveryMessageId(siteUrl: string, issueId: number, subscriberId: number): string {
  return `<lettre-${issueId}.abonne-${subscriberId}@${new URL(siteUrl).hostname}>`;
}

export function listId(newsletterType: number): string {
  return `${newsletterName(newsletterType)} <lettre-${newsletterType}.${appConfig.newsletter.listIdDomain}>`;
}

/** Starts a due issue: render, fan out, queue. Does nothing for an issue cancelled or already started. */
export async function startIssue(deps: IssueSendDeps, issueId: number): Promise<{ started: boolean; deliveries: number }> {
  const now = deps.now();
  const started = await deps.db.transaction(async (tx) => {
    const [issue] = await tx.select().from(newsletterIssues).where(eq(newsletterIssues.id, issueId)).for('update');
    // Cancelled or already started (a retry after a crash of this job): nothing to do.
    if (issue === undefined) return { started: false, deliveries: 0 };
    if (issue.status !== 'scheduled') return { started: false, deliveries: 0 };
    const rendered = await deps.render(await issueMailInput(tx, issue, deps.siteUrl, UNSUBSCRIBE_PLACEHOLDER));
    const host = new URL(deps.siteUrl).hostname;
    await tx.execute(sql`
      INSERT INTO newsletter_deliveries (issue_id, subscriber_id, message_id)
      SELECT ${issueId}, ${subscribers.id}, '<lettre-' || ${issueId}::text || '.abonne-' || ${subscribers.id}::text || '@' || ${host} || '>'
      FROM ${subscribers}
      WHERE ${eligibleSubscribers(issue.newsletterType)}
      ON CONFLICT (issue_id, subscriber_id) DO NOTHING`);
    const ids = (
      await tx
        .select({ id: newsletterDeliveries.id })
        .from(newsletterDeliveries)
        .where(eq(newsletterDeliveries.issueId, issueId))
        .orderBy(newsletterDeliveries.id)
    ).map((row) => row.id);
    const size = appConfig.newsletter.deliveriesPerJob;
    for (let at = 0; at < ids.length; at += size) {
      await deps.jobs.enqueue('newsletter.deliver', { issueId, deliveryIds: ids.slice(at, at + size) }, { tx });
    }
    await tx
      .update(newsletterIssues)
      .set({
        status: ids.length === 0 ? 'sent' : 'sending',
        startedAt: now,
        sentAt: ids.length === 0 ? now : null,
        html: rendered.html,
        text: rendered.text,
        updatedAt: now,
      })
      .where(eq(newsletterIssues.id, issueId));
    if (ids.length === 0) await deps.recordPurge?.(tx);
    return { started: true, deliveries: ids.length };
  });
  // Nobody to send it to: it is sent already, and in the archive.
  if (started.started && started.deliveries === 0) await deps.contentChanged?.();
  return started;
}

type Claimed = { id: number; subscriberId: number; messageId: string; email: string; eligible: boolean };

/**
 * `pending` (or `sending`, left by a crash) → `sending`, with what is needed to mail it; null when done already
 * or when the issue is no longer sending (cancelled: the rest of the run stops at once).
 */
async function claim(db: Database, deliveryId: number): Promise<Claimed | null> {
  const result = await db.execute(sql`
    UPDATE newsletter_deliveries d SET status = 'sending', attempts = LEAST(d.attempts + 1, 32767)
    FROM subscribers s
    WHERE d.id = ${deliveryId} AND d.status IN ('pending', 'sending') AND s.id = d.subscriber_id
      AND EXISTS (SELECT 1 FROM newsletter_issues i WHERE i.id = d.issue_id AND i.status = 'sending')
    RETURNING d.id, d.subscriber_id, d.message_id, s.email, (s.status = 'active' AND s.bounced_at IS NULL) AS eligible`);
  // Both drivers (node-postgres, PGlite) answer { rows }.
  const [row] = rowsOf<{ id: number; subscriber_id: number; message_id: string; email: string; eligible: boolean }>(result);
  return row ? { id: row.id, subscriberId: row.subscriber_id, messageId: row.message_id, email: row.email, eligible: row.eligible } : null;
}

async function settle(db: Database, id: number, status: 'sent' | 'skipped' | 'bounced' | 'pending', now: Date, error: string | null) {
  await db
    .update(newsletterDeliveries)
    .set({ status, lastError: error, ...(status === 'sent' ? { sentAt: now } : {}) })
    .where(eq(newsletterDeliveries.id, id));
}

/** An issue whose deliveries are all settled is sent. */
export async function finishIfDone(db: Database, issueId: number, now: Date): Promise<boolean> {
  const done = await db
    .update(newsletterIssues)
    .set({ status: 'sent', sentAt: now, updatedAt: now })
    .where(
      and(
        eq(newsletterIssues.id, issueId),
        eq(newsletterIssues.status, 'sending'),
        sql`NOT EXISTS (SELECT 1 FROM newsletter_deliveries WHERE issue_id = ${issueId} AND ${unfinished})`,
      ),
    )
    .returning({ id: newsletterIssues.id });
  return done.length > 0;
}

export class TemporarySendFailure extends Error {}

/** Cancelled during the send: what is left of this run is not sent, and says why. */
async function skipIfCancelled(db: Database, issueId: number, deliveryIds: number[]): Promise<void> {
  const [issue] = await db.select({ status: newsletterIssues.status }).from(newsletterIssues).where(eq(newsletterIssues.id, issueId));
  if (issue?.status !== 'cancelled') return;
  await db
    .update(newsletterDeliveries)
    .set({ status: 'skipped', lastError: 'Envoi annulé.' })
    .where(and(inArray(newsletterDeliveries.id, deliveryIds), unfinished));
}

export async function deliverBatch(deps: IssueSendDeps, issueId: number, deliveryIds: number[]): Promise<{ sent: number }> {
  const [issue] = await deps.db.select().from(newsletterIssues).where(eq(newsletterIssues.id, issueId));
  if (!issue) return { sent: 0 };
  if (issue.status !== 'sending' || issue.html === null || issue.text === null) {
    await skipIfCancelled(deps.db, issueId, deliveryIds);
    return { sent: 0 };
  }
  const key = await deps.oneClickKey();
  const links = newsletterLinks(deps.siteUrl);
  const list = listId(issue.newsletterType);
  let sent = 0;
  for (const deliveryId of deliveryIds) {
    const claimed = await claim(deps.db, deliveryId);
    if (!claimed) continue;
    if (!claimed.eligible) {
      await settle(deps.db, claimed.id, 'skipped', deps.now(), null);
      continue;
    }
    const oneClick = links.oneClick(oneClickToken(key, claimed.subscriberId, claimed.email));
    await deps.throttle.take();
    try {
      await deps.transport.send({
        to: claimed.email,
        subject: issue.subject,
        html: issue.html.replaceAll(UNSUBSCRIBE_PLACEHOLDER, oneClick),
        text: issue.text.replaceAll(UNSUBSCRIBE_PLACEHOLDER, oneClick),
        messageId: claimed.messageId,
        headers: { ...listUnsubscribeHeaders(oneClick), 'List-Id': list, Precedence: 'bulk' },
      });
    } catch (error) {
      const message = `${(error as Error).message}`.slice(0, 500);
      if (classifySendFailure(error) === 'bounce') {
        await settle(deps.db, claimed.id, 'bounced', deps.now(), message);
        await deps.db.update(subscribers).set({ bouncedAt: deps.now() }).where(eq(subscribers.id, claimed.subscriberId));
        continue;
      }
      // The relay is away: stop here, the job is tried again later (nothing sent is sent twice).
      await settle(deps.db, claimed.id, 'pending', deps.now(), message);
      throw new TemporarySendFailure(`newsletter issue ${issueId}: ${message}`);
    }
    await settle(deps.db, claimed.id, 'sent', deps.now(), null);
    sent++;
  }
  await skipIfCancelled(deps.db, issueId, deliveryIds);
  // The issue's last UPDATE and the CDN's record of its purge commit together.
  const finished = await deps.db.transaction(async (tx) => {
    const done = await finishIfDone(tx, issueId, deps.now());
    if (done) await deps.recordPurge?.(tx);
    return done;
  });
  if (finished) await deps.contentChanged?.();
  return { sent };
}
