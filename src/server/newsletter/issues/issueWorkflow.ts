/**
 * Composing and scheduling a newsletter issue: draft → scheduled → sending → sent, or cancelled. Only a
 * draft is edited (with its version, like articles); scheduling queues the start job at its time, in the
 * same transaction; every change is in the audit log.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { newsletterIssues } from '../../../db/schema.ts';
import type { JobQueue } from '../../jobs/jobQueue.server.ts';
import { audit } from '../../newsroom/audit.server.ts';
import { type NewsroomResult, refused } from '../../newsroom/newsroomResult.ts';
import type { StaffMember } from '../../newsroom/staff.server.ts';
import {
  countAudience,
  deliveryCounts,
  findIssue,
  type IssueRow,
  lastDeliveryError,
  latestArticleIds,
  newsletterName,
  unknownArticleIds,
  cardsInOrder,
} from './issueQueries.ts';

export interface IssueFields {
  subject: string;
  preheader: string;
  intro: string;
  articleIds: number[];
  newsletterType: 1 | 2;
}

export const issueMessages = {
  notFound: "Ce numéro de la newsletter n'existe pas.",
  noArticles: 'Choisissez au moins un article (ou « les N plus récents de la semaine »).',
  noRecentArticles: "Le magazine n'a encore publié aucun article : il n'y a rien à mettre dans ce numéro.",
  twice: 'Un article ne figure qu’une fois dans un numéro : retirez le doublon.',
  unknownArticles: (ids: number[]) => `Ces articles ne sont pas publiés : ${ids.join(', ')}.`,
  notDraft: "Seul un brouillon se modifie : repassez ce numéro en brouillon d'abord (s'il n'est pas encore parti).",
  stale: (version: number) => `Ce numéro a été modifié entre-temps (version ${version}) : rechargez-le, rien n'a été écrasé.`,
  past: "L'heure d'envoi est passée : choisissez une heure à venir, ou envoyez maintenant.",
  move: (from: string, action: string) => `Un numéro ${from} ne peut pas être ${action}.`,
  testQueued: (email: string) => `Le test part vers ${email} (file d'envoi).`,
};

const statusWords: Record<IssueRow['status'], string> = {
  draft: 'en brouillon',
  scheduled: 'programmé',
  sending: "en cours d'envoi",
  sent: 'déjà envoyé',
  cancelled: 'annulé',
};
const actionWords = { schedule: 'programmé', cancel: 'annulé', draft: 'repassé en brouillon' } as const;

async function checkArticles(db: Database, ids: number[]): Promise<NewsroomResult<number[]>> {
  if (ids.length === 0) return refused.bad(issueMessages.noArticles, 'articleIds');
  if (new Set(ids).size !== ids.length) return refused.bad(issueMessages.twice, 'articleIds');
  const unknown = await unknownArticleIds(db, ids);
  if (unknown.length > 0) return refused.bad(issueMessages.unknownArticles(unknown), 'articleIds');
  return { ok: true, value: ids };
}

export async function toAdminIssue(db: Database, row: IssueRow) {
  const counts = await deliveryCounts(db, row);
  const cards = await cardsInOrder(db, row.articleIds);
  return {
    id: row.id,
    subject: row.subject,
    preheader: row.preheader,
    intro: row.intro,
    articleIds: row.articleIds,
    articles: cards.map((card) => ({ id: card.id, title: card.title, fullUrl: card.fullUrl })),
    newsletterType: row.newsletterType as 1 | 2,
    newsletterName: newsletterName(row.newsletterType),
    status: row.status,
    version: row.version,
    scheduledAt: row.scheduledAt?.toISOString() ?? null,
    startedAt: row.startedAt?.toISOString() ?? null,
    sentAt: row.sentAt?.toISOString() ?? null,
    audience: row.startedAt ? counts.total : await countAudience(db, row.newsletterType),
    counts: {
      pending: counts.pending,
      sent: counts.sent,
      failed: counts.failed,
      bounced: counts.bounced,
      skipped: counts.skipped,
      unsubscribed: counts.unsubscribed,
    },
    lastError: counts.pending > 0 ? await lastDeliveryError(db, row.id) : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export type AdminIssue = Awaited<ReturnType<typeof toAdminIssue>>;

export async function createIssue(
  db: Database,
  who: StaffMember,
  input: Partial<IssueFields> & { subject: string; newsletterType: 1 | 2; latest?: number },
  now: Date,
): Promise<NewsroomResult<IssueRow>> {
  let ids = input.articleIds ?? [];
  if (ids.length === 0 && input.latest) {
    ids = await latestArticleIds(db, input.latest);
    if (ids.length === 0) return refused.bad(issueMessages.noRecentArticles, 'latest');
  }
  const checked = await checkArticles(db, ids);
  if (!checked.ok) return checked;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(newsletterIssues)
      .values({
        subject: input.subject.trim(),
        preheader: input.preheader?.trim() ?? '',
        intro: input.intro?.trim() ?? '',
        articleIds: checked.value,
        newsletterType: input.newsletterType,
        createdBy: who?.id ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error('insert returned nothing');
    await audit(tx, who, { action: 'newsletter.create', entity: 'newsletter', entityId: row.id, detail: { subject: row.subject } }, now);
    return { ok: true, value: row };
  });
}

export async function updateIssue(
  db: Database,
  who: StaffMember,
  id: number,
  input: IssueFields & { version: number },
  now: Date,
): Promise<NewsroomResult<IssueRow>> {
  const checked = await checkArticles(db, input.articleIds);
  if (!checked.ok) return checked;
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(newsletterIssues).where(eq(newsletterIssues.id, id)).for('update');
    if (!row) return refused.notFound;
    if (row.status !== 'draft') return refused.taken(issueMessages.notDraft);
    if (row.version !== input.version) return refused.taken(issueMessages.stale(row.version));
    const [updated] = await tx
      .update(newsletterIssues)
      .set({
        subject: input.subject.trim(),
        preheader: input.preheader.trim(),
        intro: input.intro.trim(),
        articleIds: checked.value,
        newsletterType: input.newsletterType,
        version: row.version + 1,
        updatedAt: now,
      })
      .where(eq(newsletterIssues.id, id))
      .returning();
    if (!updated) return refused.notFound;
    await audit(tx, who, { action: 'newsletter.update', entity: 'newsletter', entityId: id, detail: { version: updated.version } }, now);
    return { ok: true, value: updated };
  });
}

export async function changeIssueStatus(
  db: Database,
  jobs: Pick<JobQueue, 'enqueue'>,
  who: StaffMember | null,
  id: number,
  change: { action: 'schedule' | 'cancel' | 'draft'; version: number; scheduledAt?: string },
  now: Date,
): Promise<NewsroomResult<IssueRow>> {
  const at = change.scheduledAt ? new Date(change.scheduledAt) : now;
  // A minute of grace: "now" typed in a form is a few seconds old when it arrives.
  if (change.action === 'schedule' && at.getTime() < now.getTime() - 60_000) return refused.bad(issueMessages.past, 'scheduledAt');
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(newsletterIssues).where(eq(newsletterIssues.id, id)).for('update');
    if (!row) return refused.notFound;
    if (row.version !== change.version) return refused.taken(issueMessages.stale(row.version));
    const allowed: Record<typeof change.action, IssueRow['status'][]> = {
      schedule: ['draft'],
      cancel: ['scheduled', 'sending'],
      draft: ['scheduled', 'cancelled'],
    };
    if (!allowed[change.action].includes(row.status) || (change.action === 'draft' && row.startedAt)) {
      return refused.taken(issueMessages.move(statusWords[row.status], actionWords[change.action]));
    }
    const status = change.action === 'schedule' ? 'scheduled' : change.action === 'cancel' ? 'cancelled' : 'draft';
    const version = row.version + 1;
    const [updated] = await tx
      .update(newsletterIssues)
      .set({ status, version, scheduledAt: change.action === 'schedule' ? at : row.scheduledAt, updatedAt: now })
      .where(eq(newsletterIssues.id, id))
      .returning();
    if (!updated) return refused.notFound;
    if (change.action === 'schedule') {
      // The start job is keyed by the version: re-scheduling after a cancel queues a new one.
      await jobs.enqueue('newsletter.issue.start', { issueId: id }, { tx, startAfter: at, singletonKey: `issue-${id}-v${version}` });
    }
    await audit(
      tx,
      who,
      { action: `newsletter.${change.action}`, entity: 'newsletter', entityId: id, detail: { at: at.toISOString(), version } },
      now,
    );
    return { ok: true, value: updated };
  });
}

export { findIssue };
