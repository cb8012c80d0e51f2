/**
 * What every newsroom handler shares (decision 011): the session cookie, the guard (session 401, CSRF
 * token on writes 403, role 403), the JSON body reader with French messages, and the one mapping of a
 * NewsroomResult to an answer. Answers are never cached (no-store).
 */
import type { LiveSource } from '../../sources/liveSource.ts';
import type { z } from 'zod';
import * as contract from '../../../api/generated/zod.ts';
import { appConfig } from '../../../../app.config.ts';
import type { Database } from '../../../db/client.ts';
import type { RecordPurge } from '../../cache/cacheTags.ts';
import type { StaffRole } from '../../../db/schema.ts';
import { frenchWhen } from '../../../lib/frenchDates.ts';
import { strictTransportSecurity, type TransportSecurity } from '../../config/transportSecurity.ts';
import type { ApiContext, ApiHandler, OperationId } from '../../http/apiTypes.ts';
import { readJson } from '../../http/jsonBody.ts';
import { parseParams } from '../../http/parseParams.ts';
import type { KeyRateLimiter, RateLimiter } from '../../http/rateLimit.ts';
import { errorJson, json } from '../../http/responses.ts';
import type { Clock } from '../clock.ts';
import type { MediaStorage } from '../mediaStorage.ts';
import type { NewsroomResult } from '../newsroomResult.ts';
import { passwordProblem } from '../staff.server.ts';
import { findSession, type StaffMember, type StaffSession } from '../staff.server.ts';
import type { NewsroomConfig } from '../../config/newsroomConfig.ts';

export const newsroomMessages = {
  signInRequired: 'Connectez-vous à la rédaction pour continuer.',
  badCredentials: 'Adresse e-mail ou mot de passe incorrect.',
  badPasskey: "Cette clé d'accès n'a pas été reconnue : réessayez ou utilisez votre mot de passe.",
  tooManyAttempts: 'Trop de tentatives de connexion : réessayez dans une minute.',
  csrf: 'Jeton de sécurité absent ou invalide : rechargez la page et réessayez.',
  article: 'Cet article est introuvable.',
  popin: 'Cette popin est introuvable.',
  quiz: 'Ce quiz est introuvable.',
  shopping: 'Ce produit est introuvable.',
  instagram: 'Ce post Instagram est introuvable.',
  mosaic: 'Cette mosaïque est introuvable.',
  contest: 'Ce concours est introuvable.',
  category: 'Cette rubrique est introuvable.',
  revision: 'Cette révision est introuvable.',
  preview: "Ce lien d'aperçu est invalide ou a expiré.",
  passkey: "Cette clé d'accès est introuvable parmi les vôtres.",
  staffExists: 'Un compte existe déjà avec cette adresse e-mail.',
  staff: 'Ce compte est introuvable.',
  media: 'Cette image est introuvable dans la médiathèque.',
  mustChangePassword:
    'Choisissez d’abord votre propre mot de passe : le mot de passe provisoire ne sert qu’à cela (Mon compte, « Changer le mot de passe »).',
  testClockOff: "L'horloge du serveur ne peut être avancée que dans les tests (NEWSROOM_TEST_CLOCK=1).",
  unexpectedField: (name: string) => `Le champ « ${name} » n'est pas attendu.`,
  required: (name: string) => `Le champ « ${name} » est obligatoire.`,
  invalid: (name: string) => `Le champ « ${name} » n'est pas valide.`,
} as const;

const roleNames: Record<StaffRole, string> = {
  contributor: 'contributeur',
  author: 'auteur',
  editor: 'éditeur',
  admin: 'administrateur',
};

export const noStore = { cache: 'error' } as const;
export const noContent = () => new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });

export const forbidden = (member: StaffMember, what: string) =>
  errorJson(403, `Votre rôle (${roleNames[member.role]}) ne permet pas ${what}.`);

export const editors = ['editor', 'admin'] as const;
export const admins = ['admin'] as const;
/** Editors and admins read every item; the others only what `canRead` allows. */
export const readsEverything = (member: StaffMember) => (editors as readonly string[]).includes(member.role);

function describeIssue(field: string, issue: z.core.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys') {
    // A fifth button, a third choice: say the limit rather than name an unknown field.
    if (issue.keys.some((key) => /^button\d+_/.test(key))) return `Une popin a au plus ${appConfig.popin.maxButtons} boutons.`;
    if (issue.keys.some((key) => /^choice\d+_/.test(key))) return `Une popin a au plus ${appConfig.popin.choices} choix.`;
    return newsroomMessages.unexpectedField(issue.keys.join(', '));
  }
  if (issue.code === 'invalid_type' && issue.input === undefined) return newsroomMessages.required(field);
  if (field === 'mainImage.alt') return "Le texte alternatif de l'image principale est obligatoire.";
  if (field === 'priceCents') return 'Le prix doit être un nombre entier de centimes, de 0 à 100 000 €.';
  if ((field === 'password' || field === 'newPassword') && issue.code === 'too_small')
    return passwordProblem('') ?? newsroomMessages.invalid(field);
  return newsroomMessages.invalid(field);
}

/** The JSON body of a newsroom call, bounded and checked against the contract's schema. */
export const readBody = <T>(ctx: { request: Request }, schema: z.ZodType<T>) =>
  readJson(ctx.request, schema, appConfig.newsroom.maxBodyBytes, describeIssue);

/** The article id of an /api/admin/articles/{id}… operation, checked (a 400 in French otherwise). */
export const articleIdOf = <O extends OperationId>(ctx: ApiContext<O>) =>
  parseParams(contract.GetAdminArticleParams, ctx.params as Record<string, string>, ['id']);

export function publicMember(member: StaffMember) {
  return {
    id: member.id,
    email: member.email,
    name: member.name,
    role: member.role,
    disabledAt: member.disabledAt?.toISOString() ?? null,
    mustChangePassword: member.mustChangePassword,
  };
}

/** One mapping of every newsroom write's result to its answer. */
export async function answer<T>(
  result: NewsroomResult<T>,
  how: {
    member: StaffMember;
    what: string;
    notFound: string;
    ok: (value: T) => Response | Promise<Response>;
    /** How a conflict names the item ("cet article" by default, "cette popin"…). */
    thisItem?: string;
  },
): Promise<Response> {
  if (result.ok) return how.ok(result.value);
  switch (result.kind) {
    case 'bad':
      return errorJson(400, result.message, result.fields);
    case 'notFound':
      return errorJson(404, how.notFound);
    case 'forbidden':
      return forbidden(how.member, how.what);
    case 'taken':
      return json({ error: 'conflict', message: result.message }, { status: 409, ...noStore });
    case 'conflict': {
      const who = result.changedBy ?? 'Le programmateur';
      const at = frenchWhen(result.changedAt, new Date());
      return json(
        {
          error: 'conflict',
          message: `${who} a modifié ${how.thisItem ?? 'cet article'} ${at} (version ${result.currentVersion}) : rechargez la page avant d'enregistrer, rien n'a été écrasé.`,
          currentVersion: result.currentVersion,
          changedBy: result.changedBy,
          changedAt: result.changedAt.toISOString(),
        },
        { status: 409, ...noStore },
      );
    }
  }
}

export const SESSION_COOKIE = 'piquante_staff';
export const SECURE_SESSION_COOKIE = '__Host-piquante_staff';

function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get('cookie');
  if (!header) return null;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at === -1) continue;
    if (part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return null;
}

export const sessionToken = (request: Request) => readCookie(request, SECURE_SESSION_COOKIE) ?? readCookie(request, SESSION_COOKIE);

/** What the newsroom's handlers are built with (newsroomHandlers composes it once). */
export interface NewsroomDeps {
  /** The newsroom's settings (limits, import directory…), read once with the server's configuration. */
  config: NewsroomConfig;
  clock: Clock;
  transport: TransportSecurity;
  rateLimited: RateLimiter;
  loginPerMinute: number;
  /** Limits counted on a key other than the client's IP (a « Mot de passe oublié ? » address). */
  rateLimitedKey: KeyRateLimiter;
  storage: MediaStorage;
  siteOrigin: string | null;
  /** NEWSROOM_TEST_CLOCK=1: the scheduler call may move the clock (tests only). */
  testClock: boolean;
  secretOf: (db: Database) => Promise<string>;
  /** After a write that readers can see: purge pages (those showing `tags`; all without), tell other processes and the CDN. */
  changed: (tags?: readonly string[]) => Promise<void>;
  /** CONTENT_SOURCE=ghost|wordpress: where a source article is edited (issue 35); absent: piquante. */
  sourceEditUrl?: (sourceId: string) => string | null;
  /** Inside that write's transaction, last: notes its tags for the CDN (decision 032). Use publicWrite. */
  recordPurge: RecordPurge;
  /** CONTENT_SOURCE=ghost|wordpress: the source's kind and name (its sync state is shown); absent: piquante. */
  liveSource?: { kind: 'ghost' | 'wordpress'; label: 'Ghost' | 'WordPress' };
  /** The live source itself, for its drafts' previews (read live, never written); absent: piquante. */
  draftSource?: LiveSource;
}

/** What a write readers may see touched: nothing (`false`), everything (`'all'`), or these cache tags. */
export type Touched = false | 'all' | readonly string[];

/** A write no finer tag describes: everything once it succeeded (`site` at the CDN). */
export const whenDone = (result: { ok: boolean }): Touched => (result.ok ? 'all' : false);

/** A format's write: everything once it changed what readers see. */
export const whenPublic = (result: NewsroomResult<{ publicChange: boolean }>): Touched =>
  result.ok && result.value.publicChange ? 'all' : false;

/**
 * A write readers may see, in one transaction with the CDN's record of what it touched (decision 032): the
 * domain function's own transaction becomes a savepoint of this one, `touched` is read from its outcome
 * inside the transaction, and the pages are purged once both committed. A rolled-back write records nothing;
 * a committed one cannot lose its CDN purge to a crash.
 */
export async function publicWrite<T>(
  deps: Pick<NewsroomDeps, 'changed' | 'recordPurge'>,
  db: Database,
  write: (tx: Database) => Promise<T>,
  touched: (outcome: T) => Touched,
): Promise<T> {
  const done = await db.transaction(async (tx) => {
    const outcome = await write(tx);
    const what = touched(outcome);
    if (what !== false) await deps.recordPurge(tx, what === 'all' ? undefined : what);
    return { outcome, what };
  });
  if (done.what !== false) await deps.changed(done.what === 'all' ? undefined : done.what);
  return done.outcome;
}

/** Secure cookies whenever the site is reached over HTTPS (same rule as HSTS: SITE_URL, proxy, socket). */
export function sessionCookie(deps: NewsroomDeps, request: Request, token: string, maxAgeSeconds: number): string {
  const secure = strictTransportSecurity(request, { ...deps.transport, maxAge: 1 }) !== null;
  const name = secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
  return `${name}=${token}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAgeSeconds}${secure ? '; Secure' : ''}`;
}

export type StaffHandler<O extends OperationId> = (ctx: ApiContext<O>, session: StaffSession) => Promise<Response>;

/**
 * A staff-only operation: session (401), CSRF token on writes (403), provisional password (403 outside the
 * few operations that replace it), role (403).
 */
export function staffOnly<O extends OperationId>(
  deps: NewsroomDeps,
  roles: readonly StaffRole[] | null,
  what: string,
  handle: StaffHandler<O>,
  /** Open to a session with a provisional password: only seeing itself, replacing the password, signing out. */
  options: { provisionalPassword?: 'allowed' } = {},
): ApiHandler<O> {
  return staffGuard(deps, roles, what, handle, options);
}

/**
 * staffOnly over any context that carries the request and the database: the editorial handlers' contexts
 * reply with one step's body (editorialHandlers.ts).
 */
export function staffGuard<C extends { db: Database; request: Request }>(
  deps: NewsroomDeps,
  roles: readonly StaffRole[] | null,
  what: string,
  handle: (ctx: C, session: StaffSession) => Promise<Response>,
  options: { provisionalPassword?: 'allowed' } = {},
): (ctx: C) => Promise<Response> {
  return async (ctx) => {
    const token = sessionToken(ctx.request);
    const session = token ? await findSession(ctx.db, token, deps.clock.now()) : null;
    if (!session) return errorJson(401, newsroomMessages.signInRequired);
    if (ctx.request.method !== 'GET' && ctx.request.method !== 'HEAD') {
      const sent = ctx.request.headers.get('x-csrf-token');
      if (sent === null || sent !== session.csrfToken) return errorJson(403, newsroomMessages.csrf);
    }
    if (session.member.mustChangePassword && options.provisionalPassword !== 'allowed')
      return errorJson(403, newsroomMessages.mustChangePassword);
    if (roles && !roles.includes(session.member.role)) return forbidden(session.member, what);
    return handle(ctx, session);
  };
}
