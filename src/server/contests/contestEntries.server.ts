/**
 * Readers' entries to a contest in the database: the entry (one per address and contest, its confirmation
 * link's SHA-256 only), its confirmation, the newsroom's counts, page and export. The caller wraps the
 * entry and its mail in one transaction, so an acknowledged entry always has its row and its mail.
 */
import { contestSettings } from './contestSettings.ts';
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { ContestEntry } from '../../api/types.ts';
import type { Database } from '../../db/client.ts';
import { contestDraws, contestEntries } from '../../db/schema.ts';
import type { EntryFields } from './contestEntryForm.ts';

type EntryRow = typeof contestEntries.$inferSelect;

export type EntryResult =
  | { kind: 'created'; token: string }
  /** Asked again before it was confirmed: a new link unless one was sent a moment ago (`token` null). */
  | { kind: 'pending'; token: string | null }
  | { kind: 'already-entered' };

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => `k.${randomBytes(32).toString('base64url')}`;
const linkExpiry = (now: Date) => new Date(now.getTime() + contestSettings.confirmLinkDays * 86_400_000);

export async function recordEntry(tx: Database, contestId: number, fields: EntryFields, now: Date): Promise<EntryResult> {
  const token = newToken();
  const answers = { firstName: fields.firstName, lastName: fields.lastName, answer: fields.answer, newsletter: fields.newsletter !== null };
  const [created] = await tx
    .insert(contestEntries)
    .values({ contestId, email: fields.email, ...answers, tokenHash: hashToken(token), tokenExpiresAt: linkExpiry(now), createdAt: now })
    .onConflictDoNothing({ target: [contestEntries.contestId, contestEntries.email] })
    .returning({ id: contestEntries.id });
  if (created) return { kind: 'created', token };
  const [existing] = await tx
    .select({ id: contestEntries.id, status: contestEntries.status, tokenExpiresAt: contestEntries.tokenExpiresAt })
    .from(contestEntries)
    .where(and(eq(contestEntries.contestId, contestId), eq(contestEntries.email, fields.email)))
    .for('update');
  if (!existing || existing.status === 'confirmed') return { kind: 'already-entered' };
  // The link was issued at tokenExpiresAt − its validity: a new one only if that was a while ago.
  const issuedAt = existing.tokenExpiresAt.getTime() - contestSettings.confirmLinkDays * 86_400_000;
  const resend = now.getTime() - issuedAt >= contestSettings.resendConfirmationAfterSeconds * 1000;
  await tx
    .update(contestEntries)
    .set({ ...answers, ...(resend ? { tokenHash: hashToken(token), tokenExpiresAt: linkExpiry(now) } : {}) })
    .where(eq(contestEntries.id, existing.id));
  return { kind: 'pending', token: resend ? token : null };
}

export type ConfirmResult =
  | { status: 'confirmed'; entry: Pick<EntryRow, 'email' | 'firstName'> }
  | { status: 'already-confirmed' | 'expired' | 'drawn' | 'invalid' };

export async function confirmEntry(db: Database, token: string, now: Date): Promise<ConfirmResult> {
  if (!/^k\.[A-Za-z0-9_-]{43}$/.test(token)) return { status: 'invalid' };
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ entry: contestEntries, drawn: contestDraws.contestId })
      .from(contestEntries)
      .leftJoin(contestDraws, eq(contestDraws.contestId, contestEntries.contestId))
      .where(eq(contestEntries.tokenHash, hashToken(token)))
      .for('update', { of: contestEntries });
    if (!row) return { status: 'invalid' as const };
    if (row.entry.status === 'confirmed') return { status: 'already-confirmed' as const };
    if (row.drawn !== null) return { status: 'drawn' as const };
    if (row.entry.tokenExpiresAt <= now) return { status: 'expired' as const };
    await tx.update(contestEntries).set({ status: 'confirmed', confirmedAt: now }).where(eq(contestEntries.id, row.entry.id));
    return { status: 'confirmed' as const, entry: { email: row.entry.email, firstName: row.entry.firstName } };
  });
}

export async function countEntries(db: Database, contestId: number): Promise<{ total: number; confirmed: number }> {
  const [row] = await db
    .select({ total: count(), confirmed: sql<number>`count(*) filter (where ${contestEntries.status} = 'confirmed')`.mapWith(Number) })
    .from(contestEntries)
    .where(eq(contestEntries.contestId, contestId));
  return { total: row?.total ?? 0, confirmed: row?.confirmed ?? 0 };
}

export function toContestEntry(row: EntryRow): ContestEntry {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    answer: row.answer,
    newsletter: row.newsletter,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
  };
}

/** The entries oldest first (the order they came in), a page at a time; `limit` null: all of them. */
export async function listEntries(db: Database, contestId: number, page: { limit: number | null; offset: number }): Promise<EntryRow[]> {
  const query = db
    .select()
    .from(contestEntries)
    .where(eq(contestEntries.contestId, contestId))
    .orderBy(asc(contestEntries.id))
    .offset(page.offset);
  return page.limit === null ? query : query.limit(page.limit);
}

/** Confirmed entries only: the draw's pool. */
export async function confirmedEntries(db: Database, contestId: number): Promise<EntryRow[]> {
  return db
    .select()
    .from(contestEntries)
    .where(and(eq(contestEntries.contestId, contestId), eq(contestEntries.status, 'confirmed')))
    .orderBy(asc(contestEntries.id));
}
