/**
 * Subscribers in the database: signup (one statement, answered only once committed), double opt-in
 * confirmation, unsubscribe (by e-mailed link or one-click), erasure and export. Links are either
 * single-use random tokens of which only a SHA-256 is stored (confirmation, unsubscribe request), or
 * the permanent HMAC-signed one-click unsubscribe token of each subscriber (RFC 8058).
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, asc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import { appConfig } from '../../../app.config.ts';
import type { TokenOutcome } from '../../api/types.ts';
import type { Database } from '../../db/client.ts';
import { newsletterKeys, newsletterTokens, type SubscriberConsent, type SubscriberStatus, subscribers } from '../../db/schema.ts';

export interface SignupInput {
  email: string;
  postcode: string;
  newsletterType: number;
  origin: string;
  doubleOptIn: boolean;
  now: Date;
}

export type SignupResult =
  /** Subscribed now (new address, or one that had left). */
  | { kind: 'subscribed'; subscriberId: number }
  /** Waiting for the e-mailed confirmation; `sendConfirmation` false when one was sent moments ago. */
  | { kind: 'pending'; subscriberId: number; sendConfirmation: boolean }
  | { kind: 'already-subscribed' };

const DAY_MS = 86_400_000;

export function consentProof(now: Date, doubleOptIn: boolean) {
  return {
    version: appConfig.newsletter.consent.version,
    text: appConfig.newsletter.consent.text,
    shownAt: now.toISOString(),
    doubleOptIn,
  };
}

/**
 * The signup statement, prepared once per database (the SQL is built once; a signup is one round trip).
 * A new address is inserted; one that had left signs up again (fresh date, consent and origin, from the
 * proposed row: `excluded`); any other existing address is left untouched and returns no row.
 */
function buildSignupStatement(db: Database) {
  return db
    .insert(subscribers)
    .values({
      email: sql.placeholder('email'),
      postcode: sql.placeholder('postcode'),
      newsletterType: sql.placeholder('newsletterType'),
      origin: sql.placeholder('origin'),
      status: sql.placeholder('status'),
      consent: sql.placeholder('consent'),
      createdAt: sql.placeholder('createdAt'),
      // Null for a pending signup: the column's Date encoder would not take it, the cast does.
      confirmedAt: sql`${sql.placeholder('confirmedAt')}::timestamptz`,
      unsubscribedAt: null,
    })
    .onConflictDoUpdate({
      target: subscribers.email,
      set: {
        postcode: sql`excluded.postcode`,
        newsletterType: sql`excluded.newsletter_type`,
        origin: sql`excluded.origin`,
        status: sql`excluded.status`,
        consent: sql`excluded.consent`,
        createdAt: sql`excluded.created_at`,
        confirmedAt: sql`excluded.confirmed_at`,
        unsubscribedAt: sql`null`,
      },
      setWhere: sql`${subscribers.status} = 'unsubscribed'`,
    })
    .returning({ id: subscribers.id })
    .prepare('newsletter_signup');
}

const signupStatements = new WeakMap<Database, ReturnType<typeof buildSignupStatement>>();

export async function signup(db: Database, input: SignupInput): Promise<SignupResult> {
  const { now, doubleOptIn } = input;
  const fresh = {
    postcode: input.postcode,
    newsletterType: input.newsletterType,
    origin: input.origin,
    consent: consentProof(now, doubleOptIn),
  };
  const status: SubscriberStatus = doubleOptIn ? 'pending' : 'active';
  let statement = signupStatements.get(db);
  if (!statement) {
    statement = buildSignupStatement(db);
    signupStatements.set(db, statement);
  }
  // Two tries cover the only race left: the row changing state between the two statements below.
  for (let attempt = 0; attempt < 2; attempt++) {
    const [row] = await statement.execute({
      email: input.email,
      ...fresh,
      status,
      createdAt: now,
      confirmedAt: doubleOptIn ? null : now.toISOString(),
    });
    if (row) {
      return doubleOptIn ? { kind: 'pending', subscriberId: row.id, sendConfirmation: true } : { kind: 'subscribed', subscriberId: row.id };
    }
    const [existing] = await db
      .select({ id: subscribers.id, status: subscribers.status })
      .from(subscribers)
      .where(eq(subscribers.email, input.email));
    if (!existing || existing.status === 'unsubscribed') continue;
    if (existing.status === 'active') return { kind: 'already-subscribed' };
    // Pending: the reader asks again. Keep the newest answers and consent.
    if (!doubleOptIn) {
      const [activated] = await db
        .update(subscribers)
        .set({ ...fresh, status: 'active', confirmedAt: now })
        .where(and(eq(subscribers.id, existing.id), eq(subscribers.status, 'pending')))
        .returning({ id: subscribers.id });
      if (activated) return { kind: 'subscribed', subscriberId: activated.id };
      continue;
    }
    await db
      .update(subscribers)
      .set(fresh)
      .where(and(eq(subscribers.id, existing.id), eq(subscribers.status, 'pending')));
    const since = new Date(now.getTime() - appConfig.newsletter.resendConfirmationAfterSeconds * 1000);
    const [recent] = await db
      .select({ hash: newsletterTokens.tokenHash })
      .from(newsletterTokens)
      .where(
        and(eq(newsletterTokens.subscriberId, existing.id), eq(newsletterTokens.purpose, 'confirm'), gt(newsletterTokens.createdAt, since)),
      )
      .limit(1);
    return { kind: 'pending', subscriberId: existing.id, sendConfirmation: !recent };
  }
  return { kind: 'already-subscribed' };
}

// ------------------------------------------------------------------ single-use links

type TokenPurpose = 'confirm' | 'unsubscribe';
const PREFIX: Record<TokenPurpose, string> = { confirm: 'c', unsubscribe: 'd' };

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function issueToken(db: Database, subscriberId: number, purpose: TokenPurpose, now: Date) {
  const days = purpose === 'confirm' ? appConfig.newsletter.confirmLinkDays : appConfig.newsletter.unsubscribeLinkDays;
  const token = `${PREFIX[purpose]}.${randomBytes(32).toString('base64url')}`;
  await db.insert(newsletterTokens).values({
    tokenHash: hashToken(token),
    subscriberId,
    purpose,
    createdAt: now,
    expiresAt: new Date(now.getTime() + days * DAY_MS),
  });
  return token;
}

interface TokenRow {
  subscriberId: number;
  expiresAt: Date;
  usedAt: Date | null;
  status: SubscriberStatus;
  email: string;
}

async function findToken(db: Database, token: string, purpose: TokenPurpose): Promise<TokenRow | undefined> {
  if (!token.startsWith(`${PREFIX[purpose]}.`)) return undefined;
  const [row] = await db
    .select({
      subscriberId: newsletterTokens.subscriberId,
      expiresAt: newsletterTokens.expiresAt,
      usedAt: newsletterTokens.usedAt,
      status: subscribers.status,
      email: subscribers.email,
    })
    .from(newsletterTokens)
    .innerJoin(subscribers, eq(subscribers.id, newsletterTokens.subscriberId))
    .where(and(eq(newsletterTokens.tokenHash, hashToken(token)), eq(newsletterTokens.purpose, purpose)));
  return row;
}

/** Marks the token used; false when another request used it first. */
async function spendToken(db: Database, token: string, now: Date): Promise<boolean> {
  const spent = await db
    .update(newsletterTokens)
    .set({ usedAt: now })
    .where(and(eq(newsletterTokens.tokenHash, hashToken(token)), isNull(newsletterTokens.usedAt)))
    .returning({ hash: newsletterTokens.tokenHash });
  return spent.length === 1;
}

export type LinkResult = { status: TokenOutcome['status']; email?: string; subscriberId?: number };

export async function confirmSignup(db: Database, token: string, now: Date): Promise<LinkResult> {
  const row = await findToken(db, token, 'confirm');
  if (!row || row.status === 'unsubscribed') return { status: 'invalid' };
  if (row.usedAt || row.status === 'active') return { status: 'already-confirmed' };
  if (row.expiresAt.getTime() <= now.getTime()) return { status: 'expired' };
  if (!(await spendToken(db, token, now))) return { status: 'already-confirmed' };
  const [confirmed] = await db
    .update(subscribers)
    .set({ status: 'active', confirmedAt: now })
    .where(and(eq(subscribers.id, row.subscriberId), eq(subscribers.status, 'pending')))
    .returning({ id: subscribers.id, email: subscribers.email });
  return confirmed ? { status: 'confirmed', email: confirmed.email, subscriberId: confirmed.id } : { status: 'already-confirmed' };
}

/** The subscriber (pending or active) behind an address, for an unsubscribe request. */
export async function findSubscribed(db: Database, email: string) {
  const [row] = await db
    .select({ id: subscribers.id })
    .from(subscribers)
    .where(and(eq(subscribers.email, email), inArray(subscribers.status, ['pending', 'active'])));
  return row;
}

async function unsubscribeById(db: Database, subscriberId: number, now: Date): Promise<LinkResult> {
  const [left] = await db
    .update(subscribers)
    .set({ status: 'unsubscribed', unsubscribedAt: now })
    .where(and(eq(subscribers.id, subscriberId), ne(subscribers.status, 'unsubscribed')))
    .returning({ id: subscribers.id });
  if (!left) return { status: 'already-unsubscribed' };
  // An old confirmation link must not bring the reader back.
  await db.delete(newsletterTokens).where(and(eq(newsletterTokens.subscriberId, subscriberId), eq(newsletterTokens.purpose, 'confirm')));
  return { status: 'unsubscribed' };
}

// ------------------------------------------------------------------ one-click (RFC 8058) tokens

function oneClickMac(key: string, subscriberId: number, email: string): string {
  return createHmac('sha256', key).update(`one-click:${subscriberId}:${email}`).digest('base64url').slice(0, 32);
}

/** The permanent unsubscribe token of a subscriber: `u.{id}.{mac}`, bound to its address. */
export function oneClickToken(key: string, subscriberId: number, email: string): string {
  return `u.${subscriberId}.${oneClickMac(key, subscriberId, email)}`;
}

export function isOneClickToken(token: string): boolean {
  return /^u\.[1-9][0-9]{0,9}\.[A-Za-z0-9_-]{32}$/.test(token);
}

async function unsubscribeOneClick(db: Database, key: string, token: string, now: Date): Promise<LinkResult> {
  if (!isOneClickToken(token)) return { status: 'invalid' };
  const [, id, mac] = token.split('.') as [string, string, string];
  const subscriberId = Number(id);
  const [row] = await db
    .select({ email: subscribers.email, status: subscribers.status })
    .from(subscribers)
    .where(eq(subscribers.id, subscriberId));
  if (!row) return { status: 'invalid' };
  const expected = Buffer.from(oneClickMac(key, subscriberId, row.email));
  if (!timingSafeEqual(expected, Buffer.from(mac))) return { status: 'invalid' };
  return unsubscribeById(db, subscriberId, now);
}

/** Any unsubscribe link: the e-mailed single-use one (`d.…`) or the permanent one-click one (`u.…`). */
export async function unsubscribeByLink(db: Database, oneClickKey: string, token: string, now: Date): Promise<LinkResult> {
  if (token.startsWith('u.')) return unsubscribeOneClick(db, oneClickKey, token, now);
  const row = await findToken(db, token, 'unsubscribe');
  if (!row) return { status: 'invalid' };
  if (row.usedAt || row.status === 'unsubscribed') return { status: 'already-unsubscribed' };
  if (row.expiresAt.getTime() <= now.getTime()) return { status: 'expired' };
  if (!(await spendToken(db, token, now))) return { status: 'already-unsubscribed' };
  return unsubscribeById(db, row.subscriberId, now);
}

// ------------------------------------------------------------------ secrets

/**
 * The HMAC secret: NEWSLETTER_SECRET when set, otherwise generated once and kept in the database so
 * that every instance and every restart signs the same way.
 */
export async function loadNewsletterSecret(db: Database, configured: string | null): Promise<string> {
  if (configured) return configured;
  await db
    .insert(newsletterKeys)
    .values({ name: 'hmac', secret: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select({ secret: newsletterKeys.secret }).from(newsletterKeys).where(eq(newsletterKeys.name, 'hmac'));
  if (!row) throw new Error('newsletter secret missing after insert');
  return row.secret;
}

export function deriveKey(secret: string, purpose: 'altcha' | 'one-click'): string {
  return createHmac('sha256', secret).update(`piquante-newsletter:${purpose}`).digest('hex');
}

// ------------------------------------------------------------------ operators

/**
 * GDPR erasure: the subscriber, its links, and the jobs that still hold the address (mails waiting or sent
 * less than a day ago, an unsubscribe request) are deleted. Returns how many subscriber rows went.
 */
export async function eraseSubscriber(db: Database, email: string): Promise<number> {
  return db.transaction(async (tx) => {
    const deleted = await tx.delete(subscribers).where(eq(subscribers.email, email)).returning({ id: subscribers.id });
    // The queue's tables exist once a server has started on this database.
    const [queue] = await tx.select({ present: sql<boolean>`to_regclass('pgboss.job') IS NOT NULL` }).from(sql`(SELECT 1) AS one`);
    if (queue?.present) {
      await tx.execute(sql`DELETE FROM pgboss.job WHERE data->>'to' = ${email} OR data->>'email' = ${email}`);
    }
    return deleted.length;
  });
}

/** A subscriber as exported: the row without the consent's full text, its version and date flattened. */
export type ExportRow = Pick<
  typeof subscribers.$inferSelect,
  'id' | 'email' | 'postcode' | 'newsletterType' | 'origin' | 'status' | 'createdAt' | 'confirmedAt' | 'unsubscribedAt'
> & {
  consentVersion: SubscriberConsent['version'];
  consentShownAt: SubscriberConsent['shownAt'];
};

export async function countSubscribers(db: Database, status?: SubscriberStatus): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(subscribers)
    .where(status ? eq(subscribers.status, status) : undefined);
  return Number(row?.n ?? 0);
}

/** Every subscriber in id order, `batchSize` rows per query (keyset pagination: constant memory). */
export async function* exportSubscribers(
  db: Database,
  options: { status?: SubscriberStatus; batchSize?: number } = {},
): AsyncGenerator<ExportRow[]> {
  const batchSize = options.batchSize ?? 2000;
  let after = 0;
  for (;;) {
    const rows = await db
      .select({
        id: subscribers.id,
        email: subscribers.email,
        postcode: subscribers.postcode,
        newsletterType: subscribers.newsletterType,
        origin: subscribers.origin,
        status: subscribers.status,
        createdAt: subscribers.createdAt,
        confirmedAt: subscribers.confirmedAt,
        unsubscribedAt: subscribers.unsubscribedAt,
        consent: subscribers.consent,
      })
      .from(subscribers)
      .where(and(gt(subscribers.id, after), options.status ? eq(subscribers.status, options.status) : undefined))
      .orderBy(asc(subscribers.id))
      .limit(batchSize);
    if (rows.length === 0) return;
    after = rows[rows.length - 1]?.id ?? after;
    yield rows.map(({ consent, ...row }) => ({
      ...row,
      consentVersion: consent.version,
      consentShownAt: consent.shownAt,
    }));
    if (rows.length < batchSize) return;
  }
}
