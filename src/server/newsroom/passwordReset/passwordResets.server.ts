/**
 * « Mot de passe oublié ? » (issue 39): a single-use link valid `newsroom.passwordResetMinutes`, of which
 * only the SHA-256 is stored. Issued by a background job (passwordResetJobs.ts) so that the answer to the
 * request never depends on whether the address is an account's; spent by the statement that checks it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import { appConfig } from '../../../../app.config.ts';
import type { Database } from '../../../db/client.ts';
import { staff, staffPasswordResets, staffSessions } from '../../../db/schema.ts';
import type { JobQueue } from '../../jobs/jobQueue.server.ts';
import { audit } from '../audit.server.ts';
import { type NewsroomResult, refused } from '../newsroomResult.ts';
import { hashPassword, normaliseStaffEmail, passwordProblem } from '../staff.server.ts';
import { passwordResetLink, passwordResetMail } from './passwordResetMail.ts';

export const passwordResetMessages = {
  requested: `Si cette adresse correspond à un compte, un lien vient de lui être envoyé. Il est valable ${appConfig.newsroom.passwordResetMinutes} minutes.`,
  invalidLink: 'Ce lien n’est plus valable (expiré, déjà utilisé ou incomplet) : demandez-en un nouveau depuis « Mot de passe oublié ? ».',
  tooManyAttempts: 'Trop de demandes : réessayez dans une minute.',
  tooManyForAddress: (minutes: number) =>
    `Plusieurs liens ont déjà été demandés pour cette adresse : réessayez dans ${minutes} minute${minutes > 1 ? 's' : ''}.`,
} as const;

/** 32 random bytes in base64url: what the mail's link carries. Anything else is refused before any lookup. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The job's work: if the address is an active account's, a new link (the older ones of the account stop
 * working) and its mail, queued in the same transaction. Returns whether a link was issued (for tests).
 */
export async function issuePasswordReset(
  db: Database,
  jobs: Pick<JobQueue, 'enqueue'>,
  siteUrl: string,
  email: string,
  requestedAt: Date,
): Promise<boolean> {
  const [member] = await db
    .select({ id: staff.id, email: staff.email, name: staff.name, disabledAt: staff.disabledAt })
    .from(staff)
    .where(eq(staff.email, normaliseStaffEmail(email)))
    .limit(1);
  if (!member || member.disabledAt) return false;
  const token = randomBytes(32).toString('base64url');
  // Counted from the request, not from when the job ran: the mail promises 30 minutes from asking.
  const expiresAt = new Date(requestedAt.getTime() + appConfig.newsroom.passwordResetMinutes * 60_000);
  await db.transaction(async (tx) => {
    // Only the newest link works; expired links of everyone are swept on the way.
    await tx
      .delete(staffPasswordResets)
      .where(or(eq(staffPasswordResets.staffId, member.id), lt(staffPasswordResets.expiresAt, requestedAt)));
    await tx.insert(staffPasswordResets).values({ tokenHash: tokenHash(token), staffId: member.id, createdAt: requestedAt, expiresAt });
    await jobs.enqueue('mail.send', passwordResetMail(member.email, member.name, passwordResetLink(siteUrl, token)), { tx });
    await audit(
      tx,
      null,
      { action: 'staff.password.link', entity: 'staff', entityId: member.id, detail: { email: member.email } },
      requestedAt,
    );
  });
  return true;
}

/**
 * A new password through a link: checked, then the link spent by a conditional update in the transaction
 * that changes the password (of two confirms at once, the second finds it spent), every session of the
 * account closed. A weak password leaves the link usable.
 */
export async function confirmPasswordReset(
  db: Database,
  token: string,
  newPassword: string,
  now: Date,
): Promise<NewsroomResult<{ sessionsClosed: number }>> {
  const invalid = refused.bad(passwordResetMessages.invalidLink, 'token');
  if (!TOKEN.test(token)) return invalid;
  const hashed = tokenHash(token);
  const usable = and(eq(staffPasswordResets.tokenHash, hashed), isNull(staffPasswordResets.usedAt), gt(staffPasswordResets.expiresAt, now));
  const [link] = await db
    .select({ staffId: staffPasswordResets.staffId })
    .from(staffPasswordResets)
    .innerJoin(staff, eq(staff.id, staffPasswordResets.staffId))
    .where(and(usable, isNull(staff.disabledAt)))
    .limit(1);
  if (!link) return invalid;
  const weak = passwordProblem(newPassword);
  if (weak) return refused.bad(weak, 'newPassword');
  // Argon2 before the transaction: row locks should not wait for it.
  const passwordHash = await hashPassword(newPassword);
  return db.transaction(async (tx) => {
    const [spent] = await tx
      .update(staffPasswordResets)
      .set({ usedAt: now })
      .where(usable)
      .returning({ staffId: staffPasswordResets.staffId });
    if (!spent) return invalid;
    const [member] = await tx
      .update(staff)
      // A password the person chose: a provisional one no longer restricts the account.
      .set({ passwordHash, mustChangePassword: false })
      .where(and(eq(staff.id, spent.staffId), isNull(staff.disabledAt)))
      .returning({ id: staff.id, email: staff.email });
    if (!member) return invalid;
    const closed = await tx
      .delete(staffSessions)
      .where(eq(staffSessions.staffId, member.id))
      .returning({ tokenHash: staffSessions.tokenHash });
    await audit(
      tx,
      member,
      { action: 'staff.password.link.used', entity: 'staff', entityId: member.id, detail: { sessionsClosed: closed.length } },
      now,
    );
    return { ok: true, value: { sessionsClosed: closed.length } } as const;
  });
}
