/**
 * Passkeys (WebAuthn) for staff sign-in, with @simplewebauthn/server (decision 011). The relying party is
 * the site: its origin is SITE_URL's when the request comes from there, else the server's own (local
 * `npm start`). Challenges are rows, single use, five minutes; only their random id leaves the server.
 */
import { randomBytes } from 'node:crypto';
import type { AuthenticationResponseJSON, AuthenticatorTransportFuture, RegistrationResponseJSON } from '@simplewebauthn/server';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { staff, staffPasskeys, webauthnChallenges } from '../../db/schema.ts';
import { audit } from './audit.server.ts';
import type { StaffMember } from './staff.server.ts';

// Loaded at the first passkey ceremony, not at start: about 5 MB of heap readers never need (issue 38).
let webauthn: Promise<typeof import('@simplewebauthn/server')> | null = null;
const loadWebauthn = () => {
  webauthn ??= import('@simplewebauthn/server');
  return webauthn;
};

const CHALLENGE_MS = 5 * 60_000;
const RP_NAME = 'Piquante — rédaction';

export interface RelyingParty {
  origin: string;
  rpID: string;
}

/** The page's origin (the browser says it) if it is ours, else the server's. */
export function relyingParty(request: Request, siteOrigin: string | null): RelyingParty {
  const own = new URL(request.url).origin;
  const said = request.headers.get('origin');
  const origin = said && (said === own || said === siteOrigin) ? said : (siteOrigin ?? own);
  return { origin, rpID: new URL(origin).hostname };
}

async function saveChallenge(db: Database, challenge: string, purpose: 'register' | 'authenticate', staffId: number | null, now: Date) {
  const id = randomBytes(18).toString('base64url');
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now));
  await db.insert(webauthnChallenges).values({ id, challenge, purpose, staffId, expiresAt: new Date(now.getTime() + CHALLENGE_MS) });
  return id;
}

/** The challenge, consumed (a second use finds nothing). */
async function takeChallenge(db: Database, id: string, purpose: 'register' | 'authenticate', now: Date) {
  const [row] = await db
    .delete(webauthnChallenges)
    .where(and(eq(webauthnChallenges.id, id), eq(webauthnChallenges.purpose, purpose), gt(webauthnChallenges.expiresAt, now)))
    .returning();
  return row ?? null;
}

export async function registrationOptions(db: Database, member: StaffMember, rp: RelyingParty, now: Date) {
  const existing = await db
    .select({ id: staffPasskeys.id, transports: staffPasskeys.transports })
    .from(staffPasskeys)
    .where(eq(staffPasskeys.staffId, member.id));
  const options = await (await loadWebauthn()).generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.rpID,
    userName: member.email,
    userDisplayName: member.name,
    userID: new TextEncoder().encode(`staff-${member.id}`),
    attestationType: 'none',
    excludeCredentials: existing.map((c) => ({ id: c.id, transports: c.transports as AuthenticatorTransportFuture[] })),
    // A passkey signs in without a password: the authenticator must verify the person (PIN, biometrics),
    // so that holding the device alone opens no session.
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  const challengeId = await saveChallenge(db, options.challenge, 'register', member.id, now);
  return { challengeId, options };
}

export type PasskeyResult<T> = { ok: true; value: T } | { ok: false; message: string };

export async function registerPasskey(
  db: Database,
  member: StaffMember,
  input: { challengeId: string; response: unknown; name?: string },
  rp: RelyingParty,
  now: Date,
): Promise<PasskeyResult<{ id: string; name: string; createdAt: string; lastUsedAt: null }>> {
  const challenge = await takeChallenge(db, input.challengeId, 'register', now);
  if (!challenge || challenge.staffId !== member.id) return { ok: false, message: 'Ce défi a expiré ou a déjà servi : recommencez.' };
  let verified: Awaited<ReturnType<typeof import('@simplewebauthn/server').verifyRegistrationResponse>>;
  try {
    verified = await (await loadWebauthn()).verifyRegistrationResponse({
      response: input.response as RegistrationResponseJSON,
      expectedChallenge: challenge.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: true,
    });
  } catch {
    return { ok: false, message: "La réponse de l'authentificateur n'est pas valide." };
  }
  if (!verified.verified || !verified.registrationInfo) return { ok: false, message: "La réponse de l'authentificateur n'est pas valide." };
  const { credential } = verified.registrationInfo;
  const name = input.name?.trim() || 'Clé d’accès';
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(staffPasskeys)
      .values({
        id: credential.id,
        staffId: member.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: credential.transports ?? [],
        name,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (inserted) {
      await audit(tx, member, { action: 'passkey.register', entity: 'staff', entityId: member.id, detail: { name: inserted.name } }, now);
    }
    return inserted;
  });
  if (!row) return { ok: false, message: 'Cette clé d’accès est déjà enregistrée.' };
  return { ok: true, value: { id: row.id, name: row.name, createdAt: row.createdAt.toISOString(), lastUsedAt: null } };
}

export async function listPasskeys(db: Database, member: StaffMember) {
  const rows = await db.select().from(staffPasskeys).where(eq(staffPasskeys.staffId, member.id));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    createdAt: r.createdAt.toISOString(),
    lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
  }));
}

/** Discoverable credentials: no account is named before the passkey answers (nothing to enumerate). */
export async function authenticationOptions(db: Database, rp: RelyingParty, now: Date) {
  const options = await (await loadWebauthn()).generateAuthenticationOptions({ rpID: rp.rpID, userVerification: 'required' });
  const challengeId = await saveChallenge(db, options.challenge, 'authenticate', null, now);
  return { challengeId, options };
}

/** The account whose passkey signed this challenge, or null (unknown key, bad signature, replay…). */
export async function authenticate(
  db: Database,
  input: { challengeId: string; response: unknown },
  rp: RelyingParty,
  now: Date,
): Promise<number | null> {
  const challenge = await takeChallenge(db, input.challengeId, 'authenticate', now);
  if (!challenge) return null;
  const response = input.response as AuthenticationResponseJSON;
  if (typeof response?.id !== 'string') return null;
  const [passkey] = await db
    .select({ key: staffPasskeys, disabledAt: staff.disabledAt })
    .from(staffPasskeys)
    .innerJoin(staff, eq(staff.id, staffPasskeys.staffId))
    .where(eq(staffPasskeys.id, response.id));
  if (!passkey || passkey.disabledAt) return null;
  try {
    const verified = await (await loadWebauthn()).verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: true,
      credential: {
        id: passkey.key.id,
        publicKey: new Uint8Array(Buffer.from(passkey.key.publicKey, 'base64url')),
        counter: passkey.key.counter,
        transports: passkey.key.transports as AuthenticatorTransportFuture[],
      },
    });
    if (!verified.verified) return null;
    await db
      .update(staffPasskeys)
      .set({ counter: verified.authenticationInfo.newCounter, lastUsedAt: now })
      .where(eq(staffPasskeys.id, passkey.key.id));
    return passkey.key.staffId;
  } catch {
    return null;
  }
}

/**
 * Removes one of this account's own passkeys; null when it has none by that id (another account's key
 * answers the same as an unknown one: nobody learns which keys exist, and no one removes a colleague's).
 */
export async function removePasskey(
  db: Database,
  member: StaffMember,
  id: string,
  now: Date,
): Promise<{ id: string; name: string } | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(staffPasskeys)
      .where(and(eq(staffPasskeys.id, id), eq(staffPasskeys.staffId, member.id)))
      .returning({ id: staffPasskeys.id, name: staffPasskeys.name });
    if (row) await audit(tx, member, { action: 'passkey.remove', entity: 'staff', entityId: member.id, detail: { name: row.name } }, now);
    return row ?? null;
  });
}
