/**
 * Newsletter issues as the newsroom composes them, and as readers find them in the archive: the rows, the
 * articles they point at, the audience and the delivery counts.
 */
import { and, count, desc, eq, gte, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { appConfig } from '../../../../app.config.ts';
import type { ArticleCard } from '../../../api/types.ts';
import type { Database } from '../../../db/client.ts';
import { articles, categories, newsletterDeliveries, newsletterIssues, subscribers } from '../../../db/schema.ts';
import { articleCardColumns, toArticleCard } from '../../articles/articles.server.ts';

export type IssueRow = typeof newsletterIssues.$inferSelect;

export const newsletterName = (type: number) => appConfig.newsletter.types[type] ?? `Lettre ${type}`;

export async function findIssue(db: Database, id: number): Promise<IssueRow | null> {
  const [row] = await db.select().from(newsletterIssues).where(eq(newsletterIssues.id, id));
  return row ?? null;
}

/** The published articles among `ids`, in the order of `ids` (an article unpublished since is left out). */
export async function cardsInOrder(db: Database, ids: number[]): Promise<ArticleCard[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(articleCardColumns)
    .from(articles)
    .innerJoin(categories, eq(articles.categoryId, categories.id))
    .where(inArray(articles.id, ids));
  const byId = new Map(rows.map((row) => [row.id, toArticleCard(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The ids among `ids` that are not published articles (refused when composing). */
export async function unknownArticleIds(db: Database, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const found = await db.select({ id: articles.id }).from(articles).where(inArray(articles.id, ids));
  const known = new Set(found.map((row) => row.id));
  return ids.filter((id) => !known.has(id));
}

/**
 * "The N most recent of the week": the newest published articles — those of the last days first, then, for a
 * quiet week, the ones before (an issue is never composed empty while the magazine has articles).
 */
export async function latestArticleIds(db: Database, n: number): Promise<number[]> {
  const rows = await db.select({ id: articles.id }).from(articles).orderBy(desc(articles.publishedAt), desc(articles.id)).limit(n);
  return rows.map((row) => row.id);
}

/** Who would receive an issue of this type now: confirmed, not unsubscribed, never bounced. */
export function eligibleSubscribers(newsletterType: number) {
  return and(eq(subscribers.status, 'active'), eq(subscribers.newsletterType, newsletterType), isNull(subscribers.bouncedAt));
}

export async function countAudience(db: Database, newsletterType: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(subscribers).where(eligibleSubscribers(newsletterType));
  return row?.n ?? 0;
}

export interface DeliveryCounts {
  pending: number;
  sent: number;
  failed: number;
  bounced: number;
  skipped: number;
  unsubscribed: number;
  total: number;
}

export async function deliveryCounts(db: Database, issue: IssueRow): Promise<DeliveryCounts> {
  const rows = await db
    .select({ status: newsletterDeliveries.status, n: count() })
    .from(newsletterDeliveries)
    .where(eq(newsletterDeliveries.issueId, issue.id))
    .groupBy(newsletterDeliveries.status);
  const by = Object.fromEntries(rows.map((row) => [row.status, row.n])) as Record<string, number>;
  // Readers who left after this issue went out (whatever made them leave).
  const [left] = issue.startedAt
    ? await db
        .select({ n: count() })
        .from(newsletterDeliveries)
        .innerJoin(subscribers, eq(subscribers.id, newsletterDeliveries.subscriberId))
        .where(and(eq(newsletterDeliveries.issueId, issue.id), gte(subscribers.unsubscribedAt, issue.startedAt)))
    : [{ n: 0 }];
  const pending = (by.pending ?? 0) + (by.sending ?? 0);
  const total = rows.reduce((sum, row) => sum + row.n, 0);
  return {
    pending,
    sent: by.sent ?? 0,
    failed: by.failed ?? 0,
    bounced: by.bounced ?? 0,
    skipped: by.skipped ?? 0,
    unsubscribed: left?.n ?? 0,
    total,
  };
}

/** The last SMTP error of an issue still waiting on deliveries (what the newsroom shows while the relay is down). */
export async function lastDeliveryError(db: Database, issueId: number): Promise<string | null> {
  const [row] = await db
    .select({ error: newsletterDeliveries.lastError })
    .from(newsletterDeliveries)
    .where(
      and(
        eq(newsletterDeliveries.issueId, issueId),
        inArray(newsletterDeliveries.status, ['pending', 'sending']),
        isNotNull(newsletterDeliveries.lastError),
      ),
    )
    .limit(1);
  return row?.error ?? null;
}

export async function listIssues(db: Database, page: { limit: number; offset: number }) {
  const rows = await db
    .select()
    .from(newsletterIssues)
    .orderBy(desc(newsletterIssues.createdAt), desc(newsletterIssues.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(newsletterIssues);
  return { rows, total: total?.n ?? 0 };
}

/** The archive: sent issues, newest first. */
export async function listSentIssues(db: Database, page: { limit: number; offset: number }) {
  const sent = eq(newsletterIssues.status, 'sent');
  const rows = await db
    .select({
      id: newsletterIssues.id,
      subject: newsletterIssues.subject,
      preheader: newsletterIssues.preheader,
      newsletterType: newsletterIssues.newsletterType,
      sentAt: newsletterIssues.sentAt,
    })
    .from(newsletterIssues)
    .where(sent)
    .orderBy(desc(newsletterIssues.sentAt), desc(newsletterIssues.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(newsletterIssues).where(sent);
  return {
    total: total?.n ?? 0,
    results: rows.map((row) => ({
      id: row.id,
      subject: row.subject,
      preheader: row.preheader,
      newsletterName: newsletterName(row.newsletterType),
      sentAt: (row.sentAt ?? new Date(0)).toISOString(),
    })),
  };
}

export async function findSentIssue(db: Database, id: number) {
  const [row] = await db
    .select()
    .from(newsletterIssues)
    .where(and(eq(newsletterIssues.id, id), eq(newsletterIssues.status, 'sent')));
  if (!row) return null;
  return {
    id: row.id,
    subject: row.subject,
    preheader: row.preheader,
    intro: row.intro,
    newsletterName: newsletterName(row.newsletterType),
    sentAt: (row.sentAt ?? new Date(0)).toISOString(),
    articles: await cardsInOrder(db, row.articleIds),
  };
}

/** Deliveries still to make (claimed or not): what a crash leaves behind, and what "sent" waits for. */
export const unfinished = sql`${newsletterDeliveries.status} in ('pending', 'sending')`;
