/**
 * Staff accounts and their server-side sessions. Passwords: Argon2id (@node-rs/argon2, decision 011).
 * Sessions: a random token in the cookie, only its SHA-256 in the database, with a CSRF token of its own.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, gt, isNull, lt, ne } from 'drizzle-orm';
import { appConfig } from '../../../app.config.ts';
import type { Database } from '../../db/client.ts';
import { authors, type StaffRole, staff, staffSessions } from '../../db/schema.ts';
import { audit } from './audit.server.ts';
import { type NewsroomResult, refused } from './newsroomResult.ts';
import { slugify, uniqueSlug } from './slugs.ts';

export interface StaffMember {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  authorId: number | null;
  /** null while the account may sign in. */
  disabledAt: Date | null;
  /** A provisional password given by an admin: the account's sessions may only replace it. */
  mustChangePassword: boolean;
}

/** Argon2id, OWASP's second configuration (19 MiB, 2 passes). */
const ARGON2 = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Verified when the address is unknown, so that both failures take the same time. */
let dummyHash: Promise<string> | null = null;

export const normaliseStaffEmail = (email: string) => email.trim().toLowerCase();

// Loaded at the first sign-in, not at start: readers never need it (issue 38, decision 029).
let argon2: Promise<typeof import('@node-rs/argon2')> | null = null;
const loadArgon2 = () => {
  argon2 ??= import('@node-rs/argon2');
  return argon2;
};

export async function hashPassword(password: string): Promise<string> {
  return (await loadArgon2()).hash(password, ARGON2);
}

/** False for a wrong password and for a stored hash Argon2 cannot read. */
async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  return (await loadArgon2()).verify(storedHash, password).catch(() => false);
}

export function passwordProblem(password: string): string | null {
  if (password.length < appConfig.newsroom.minPasswordLength) {
    return `Le mot de passe doit compter au moins ${appConfig.newsroom.minPasswordLength} caractères.`;
  }
  return null;
}

const toMember = (row: typeof staff.$inferSelect): StaffMember => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role,
  authorId: row.authorId,
  disabledAt: row.disabledAt ?? null,
  mustChangePassword: row.mustChangePassword ?? false,
});

export class StaffExistsError extends Error {}

/** Creates an account and, when missing, the byline of the same name. */
export async function createStaff(
  db: Database,
  input: { email: string; name: string; role: StaffRole; password: string },
  /** The admin creating it in the newsroom (audited); none for the operator's command. */
  by: { member: StaffMember; now: Date } | null = null,
): Promise<StaffMember> {
  const email = normaliseStaffEmail(input.email);
  const [existing] = await db.select({ id: staff.id }).from(staff).where(eq(staff.email, email));
  if (existing) throw new StaffExistsError(email);
  const passwordHash = await hashPassword(input.password);
  const name = input.name.trim();
  // The byline, the account and (from the newsroom) its audit line commit together.
  const row = await db.transaction(async (tx) => {
    let [author] = await tx.select({ id: authors.id }).from(authors).where(eq(authors.name, name)).limit(1);
    if (!author) {
      const slug = await uniqueSlug(
        slugify(name),
        async (s) => (await tx.select({ id: authors.id }).from(authors).where(eq(authors.slug, s))).length > 0,
      );
      [author] = await tx.insert(authors).values({ slug, name, role: 'Rédaction' }).returning({ id: authors.id });
    }
    const [created] = await tx
      .insert(staff)
      // A password an admin typed for someone else is provisional: its owner chooses their own at first sign-in.
      .values({ email, name, role: input.role, passwordHash, authorId: author?.id ?? null, mustChangePassword: by !== null })
      .onConflictDoNothing()
      .returning();
    if (!created) throw new StaffExistsError(email);
    if (by)
      await audit(tx, by.member, { action: 'staff.create', entity: 'staff', entityId: created.id, detail: { role: created.role } }, by.now);
    return created;
  });
  return toMember(row);
}

export async function listStaff(db: Database): Promise<StaffMember[]> {
  return (await db.select().from(staff).orderBy(asc(staff.id))).map(toMember);
}

/** The account for these credentials, or null — unknown address and wrong password alike. */
export async function checkCredentials(db: Database, email: string, password: string): Promise<StaffMember | null> {
  const [row] = await db
    .select()
    .from(staff)
    .where(eq(staff.email, normaliseStaffEmail(email)))
    .limit(1);
  if (!row || row.disabledAt) {
    dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
    await verifyPassword(await dummyHash, password);
    return null;
  }
  const ok = await verifyPassword(row.passwordHash, password);
  return ok ? toMember(row) : null;
}

export async function getStaff(db: Database, id: number): Promise<StaffMember | null> {
  const [row] = await db.select().from(staff).where(eq(staff.id, id));
  return row && !row.disabledAt ? toMember(row) : null;
}

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

export interface StaffSession {
  member: StaffMember;
  csrfToken: string;
}

export async function openSession(
  db: Database,
  member: StaffMember,
  now: Date,
  how: 'password' | 'passkey',
): Promise<{ token: string; csrfToken: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const csrfToken = randomBytes(24).toString('base64url');
  const expiresAt = new Date(now.getTime() + appConfig.newsroom.sessionHours * 3600_000);
  await db.transaction(async (tx) => {
    await tx.insert(staffSessions).values({ tokenHash: tokenHash(token), staffId: member.id, csrfToken, expiresAt });
    // Old sessions of everyone are swept now and then, on sign-in: no timer needed.
    await tx.delete(staffSessions).where(lt(staffSessions.expiresAt, now));
    await audit(tx, member, { action: 'session.open', entity: 'staff', entityId: member.id, detail: { how } }, now);
  });
  return { token, csrfToken, expiresAt };
}

export async function findSession(db: Database, token: string, now: Date): Promise<StaffSession | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const [row] = await db
    .select({ member: staff, csrfToken: staffSessions.csrfToken })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(and(eq(staffSessions.tokenHash, tokenHash(token)), gt(staffSessions.expiresAt, now)))
    .limit(1);
  if (!row || row.member.disabledAt) return null;
  return { member: toMember(row.member), csrfToken: row.csrfToken };
}

export async function closeSession(db: Database, token: string | null, member: StaffMember, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    if (token) await tx.delete(staffSessions).where(eq(staffSessions.tokenHash, tokenHash(token)));
    await audit(tx, member, { action: 'session.close', entity: 'staff', entityId: member.id }, now);
  });
}

export type AccountResult<T> = NewsroomResult<T>;

/**
 * The owner changes their password: the current one is checked (a session left open on a shared machine is
 * not enough), the new one hashed, and every other session of the account closed (the one asking stays).
 */
export async function changePassword(
  db: Database,
  member: StaffMember,
  input: { currentPassword: string; newPassword: string },
  keepToken: string,
  now: Date,
): Promise<AccountResult<{ otherSessionsClosed: number }>> {
  const [row] = await db.select({ passwordHash: staff.passwordHash }).from(staff).where(eq(staff.id, member.id));
  if (!row) return { ok: false, kind: 'notFound' };
  const ok = await verifyPassword(row.passwordHash, input.currentPassword);
  if (!ok) {
    // A wrong current password on an open session may be someone else at the keyboard: recorded.
    await db.transaction((tx) => audit(tx, member, { action: 'staff.password.refused', entity: 'staff', entityId: member.id }, now));
    return refused.bad('Le mot de passe actuel est incorrect.', 'currentPassword');
  }
  const weak = passwordProblem(input.newPassword);
  if (weak) return refused.bad(weak, 'newPassword');
  if (input.newPassword === input.currentPassword) {
    return refused.bad('Le nouveau mot de passe doit être différent de l’actuel.', 'newPassword');
  }
  const passwordHash = await hashPassword(input.newPassword);
  const closed = await db.transaction(async (tx) => {
    // A password the person chose: the provisional one (if any) no longer restricts the account.
    await tx.update(staff).set({ passwordHash, mustChangePassword: false }).where(eq(staff.id, member.id));
    const gone = await tx
      .delete(staffSessions)
      .where(and(eq(staffSessions.staffId, member.id), ne(staffSessions.tokenHash, tokenHash(keepToken))))
      .returning({ tokenHash: staffSessions.tokenHash });
    await audit(
      tx,
      member,
      { action: 'staff.password', entity: 'staff', entityId: member.id, detail: { otherSessionsClosed: gone.length } },
      now,
    );
    return gone;
  });
  return { ok: true, value: { otherSessionsClosed: closed.length } };
}

/**
 * An admin disables (or re-enables) an account. Disabling closes its sessions at once; sign-in by password
 * or passkey already refuses a disabled account. Never one's own account, never the last active admin: the
 * active admins' rows are locked first, so two admins disabling each other at the same moment cannot both win.
 */
export async function setStaffActive(
  db: Database,
  actor: StaffMember,
  targetId: number,
  active: boolean,
  now: Date,
): Promise<AccountResult<{ member: StaffMember; sessionsClosed: number; changed: boolean }>> {
  if (!active && targetId === actor.id) {
    return {
      ok: false,
      kind: 'taken',
      message: 'Vous ne pouvez pas désactiver votre propre compte : demandez-le à un autre administrateur.',
    };
  }
  return db.transaction(async (tx) => {
    const activeAdmins = await tx
      .select({ id: staff.id })
      .from(staff)
      .where(and(eq(staff.role, 'admin'), isNull(staff.disabledAt)))
      .for('update');
    const [target] = await tx.select().from(staff).where(eq(staff.id, targetId));
    if (!target) return { ok: false, kind: 'notFound' } as const;
    const record = (sessionsClosed: number) =>
      audit(
        tx,
        actor,
        {
          action: active ? 'staff.enable' : 'staff.disable',
          entity: 'staff',
          entityId: targetId,
          detail: { email: target.email, sessionsClosed },
        },
        now,
      );
    if (active) {
      if (!target.disabledAt) return { ok: true, value: { member: toMember(target), sessionsClosed: 0, changed: false } } as const;
      const [row] = await tx.update(staff).set({ disabledAt: null }).where(eq(staff.id, targetId)).returning();
      await record(0);
      return { ok: true, value: { member: toMember(row ?? target), sessionsClosed: 0, changed: true } } as const;
    }
    if (target.role === 'admin' && !target.disabledAt && activeAdmins.every((a) => a.id === targetId)) {
      return {
        ok: false,
        kind: 'taken',
        message: 'C’est le dernier compte administrateur actif : il ne peut pas être désactivé.',
      } as const;
    }
    const [row] = target.disabledAt ? [target] : await tx.update(staff).set({ disabledAt: now }).where(eq(staff.id, targetId)).returning();
    const closed = await tx
      .delete(staffSessions)
      .where(eq(staffSessions.staffId, targetId))
      .returning({ tokenHash: staffSessions.tokenHash });
    if (!target.disabledAt) await record(closed.length);
    return { ok: true, value: { member: toMember(row ?? target), sessionsClosed: closed.length, changed: !target.disabledAt } } as const;
  });
}

/** Unambiguous letters and digits (no 0/o, 1/l/i): read aloud or copied by hand without a mistake. */
const PROVISIONAL_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** 20 random characters in groups of 5 (about 99 bits), well above the 12 characters asked of a password. */
export function provisionalPassword(): string {
  const chars: string[] = [];
  // Rejection sampling: every character equally likely (256 is not a multiple of the alphabet's length).
  const limit = 256 - (256 % PROVISIONAL_ALPHABET.length);
  while (chars.length < 20) {
    for (const byte of randomBytes(32)) {
      if (byte < limit && chars.length < 20) chars.push(PROVISIONAL_ALPHABET[byte % PROVISIONAL_ALPHABET.length] ?? 'a');
    }
  }
  return [0, 5, 10, 15].map((at) => chars.slice(at, at + 5).join('')).join('-');
}

/**
 * An admin gives another account a provisional password: hashed, every session of the account closed, and
 * the account restricted to choosing its own password at its next sign-in. The password is returned once
 * (to be handed over) and is never in the audit log. Not on one's own account: "Mon compte" changes it,
 * with the current password.
 */
export async function resetStaffPassword(
  db: Database,
  actor: StaffMember,
  targetId: number,
  now: Date,
): Promise<AccountResult<{ member: StaffMember; provisionalPassword: string; sessionsClosed: number }>> {
  if (targetId === actor.id) {
    return {
      ok: false,
      kind: 'taken',
      message: 'Vous ne pouvez pas réinitialiser votre propre mot de passe ici : changez-le sous « Mon compte ».',
    };
  }
  return giveProvisionalPassword(db, actor, targetId, now);
}

/**
 * The operator's way back for an account whose owner cannot sign in, a lone admin included
 * (`npm run staff:reset-password`): the same provisional password as an admin's reset, audited with no actor.
 */
export async function resetStaffPasswordByEmail(
  db: Database,
  email: string,
  now: Date,
): Promise<AccountResult<{ member: StaffMember; provisionalPassword: string; sessionsClosed: number }>> {
  const [target] = await db
    .select({ id: staff.id })
    .from(staff)
    .where(eq(staff.email, normaliseStaffEmail(email)));
  if (!target) return { ok: false, kind: 'notFound' };
  return giveProvisionalPassword(db, null, target.id, now);
}

async function giveProvisionalPassword(
  db: Database,
  actor: StaffMember | null,
  targetId: number,
  now: Date,
): Promise<AccountResult<{ member: StaffMember; provisionalPassword: string; sessionsClosed: number }>> {
  const [exists] = await db.select({ id: staff.id }).from(staff).where(eq(staff.id, targetId));
  if (!exists) return { ok: false, kind: 'notFound' };
  const password = provisionalPassword();
  // Hashed before the transaction: Argon2 takes a while, and row locks should not wait for it.
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [row] = await tx.update(staff).set({ passwordHash, mustChangePassword: true }).where(eq(staff.id, targetId)).returning();
    if (!row) return { ok: false, kind: 'notFound' } as const;
    const closed = await tx
      .delete(staffSessions)
      .where(eq(staffSessions.staffId, targetId))
      .returning({ tokenHash: staffSessions.tokenHash });
    await audit(
      tx,
      actor,
      { action: 'staff.password.reset', entity: 'staff', entityId: targetId, detail: { email: row.email, sessionsClosed: closed.length } },
      now,
    );
    return { ok: true, value: { member: toMember(row), provisionalPassword: password, sessionsClosed: closed.length } } as const;
  });
}
