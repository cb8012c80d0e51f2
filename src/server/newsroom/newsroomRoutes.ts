/**
 * The newsroom's endpoints (openapi/magazine.yaml, tag Newsroom). Every /api/admin call needs a session;
 * every write also needs the session's CSRF token in X-CSRF-Token (decision 011) and the role the action
 * asks for (403 with a French sentence). Answers are never cached (no-store).
 */
import type { z } from 'zod';
import { appConfig } from '../../../app.config.ts';
import * as contract from '../../api/generated/zod.ts';
import type { Database } from '../../db/client.ts';
import type { StaffRole } from '../../db/schema.ts';
import { authors } from '../../db/schema.ts';
import { asc } from 'drizzle-orm';
import { strictTransportSecurity, type TransportSecurity, transportSecurityFromEnv } from '../config/transportSecurity.ts';
import type { ApiContext, ApiRoute } from '../http/apiTypes.ts';
import { defaultClientIp } from '../http/clientIp.ts';
import { parseParams, queryRecord } from '../http/parseParams.ts';
import { createRateLimiter } from '../http/rateLimit.ts';
import { errorJson, json } from '../http/responses.ts';
import { createMemoryStore, createRedisStore, type SharedStore } from '../http/sharedStore.ts';
import { readJson } from '../http/jsonBody.ts';
import { audit, listAudit } from './audit.server.ts';
import { createCategory, deleteCategory, listAdminCategories, reorderCategories, updateCategory } from './categoriesAdmin.server.ts';
import type { Clock } from './clock.ts';
import {
  canEdit,
  changeStatus,
  createArticle,
  findRow,
  listAdminArticles,
  listRevisions,
  previewArticle,
  publishDue,
  restoreRevision,
  toAdminArticle,
  updateArticle,
  type WriteResult,
} from './newsroomArticles.server.ts';
import { authenticate, authenticationOptions, listPasskeys, registerPasskey, registrationOptions, relyingParty, removePasskey } from './passkeys.server.ts';
import { deleteMedia, listMedia, mediaMaxBytes, uploadMedia } from './media.server.ts';
import { type MediaStorage, mediaStorageFromEnv } from './mediaStorage.ts';
import { loadNewsroomSecret, previewToken, readPreviewToken } from './previewTokens.ts';
import { surveySinceDay, tallySurveys } from '../popinSurvey/popinSurveyAnswers.server.ts';
import { drainBody, readCappedBody } from '../http/requestBody.ts';
import {
  type AccountResult,
  changePassword,
  checkCredentials,
  closeSession,
  createStaff,
  findSession,
  getStaff,
  listStaff,
  openSession,
  passwordProblem,
  setStaffActive,
  type StaffMember,
  type StaffSession,
  StaffExistsError,
} from './staff.server.ts';

export const newsroomMessages = {
  signInRequired: 'Connectez-vous à la rédaction pour continuer.',
  badCredentials: 'Adresse e-mail ou mot de passe incorrect.',
  badPasskey: "Cette clé d'accès n'a pas été reconnue : réessayez ou utilisez votre mot de passe.",
  tooManyAttempts: 'Trop de tentatives de connexion : réessayez dans une minute.',
  csrf: 'Jeton de sécurité absent ou invalide : rechargez la page et réessayez.',
  article: 'Cet article est introuvable.',
  category: 'Cette rubrique est introuvable.',
  revision: 'Cette révision est introuvable.',
  preview: "Ce lien d'aperçu est invalide ou a expiré.",
  passkey: "Cette clé d'accès est introuvable parmi les vôtres.",
  staffExists: 'Un compte existe déjà avec cette adresse e-mail.',
  staff: 'Ce compte est introuvable.',
  media: 'Cette image est introuvable dans la médiathèque.',
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

const forbidden = (member: StaffMember, what: string) =>
  errorJson(403, `Votre rôle (${roleNames[member.role]}) ne permet pas ${what}.`);

const noStore = { cache: 'error' } as const;

function describeIssue(field: string, issue: z.core.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys') return newsroomMessages.unexpectedField(issue.keys.join(', '));
  if (issue.code === 'invalid_type' && issue.input === undefined) return newsroomMessages.required(field);
  if (field === 'mainImage.alt') return "Le texte alternatif de l'image principale est obligatoire.";
  if ((field === 'password' || field === 'newPassword') && issue.code === 'too_small') return passwordProblem('') ?? newsroomMessages.invalid(field);
  return newsroomMessages.invalid(field);
}

export interface NewsroomOptions {
  env?: NodeJS.ProcessEnv;
  clock: Clock;
  store?: SharedStore;
  clientIp?: (request: Request) => string;
  /** Called after a write that readers can see (purge pages, tell other processes). */
  contentChanged?: () => Promise<void> | void;
  /** Where uploaded media go (default: from the environment). */
  storage?: MediaStorage;
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

function loginLimit(env: NodeJS.ProcessEnv): number {
  const raw = env.ADMIN_LOGIN_RATE_LIMIT?.trim();
  if (!raw) return appConfig.newsroom.loginPerMinute;
  if (!/^\d{1,6}$/.test(raw)) throw new Error(`ADMIN_LOGIN_RATE_LIMIT must be a whole number (got "${raw}").`);
  return Number(raw);
}

export function newsroomRoutes(options: NewsroomOptions): ApiRoute[] {
  const env = options.env ?? process.env;
  const transport: TransportSecurity = transportSecurityFromEnv(env);
  const store = options.store ?? (env.REDIS_URL ? createRedisStore(env.REDIS_URL, 'piquante:newsroom:') : createMemoryStore());
  const rateLimited = createRateLimiter(store, options.clientIp ?? defaultClientIp(transport.trustProxy));
  const perMinute = loginLimit(env);
  const storage = options.storage ?? mediaStorageFromEnv(env);
  const testClock = env.NEWSROOM_TEST_CLOCK === '1';
  const { clock } = options;
  let secret: Promise<string> | null = null;
  const secretOf = (db: Database) => {
    secret ??= loadNewsroomSecret(db, env.NEWSROOM_SECRET);
    return secret;
  };
  const siteOrigin = env.SITE_URL ? new URL(env.SITE_URL).origin : null;

  /** Opens the session (cookie + CSRF token) once a password or a passkey has been verified. */
  async function signedIn(ctx: ApiContext, member: StaffMember, how: 'password' | 'passkey'): Promise<Response> {
    const now = clock.now();
    const opened = await openSession(ctx.db, member, now);
    await audit(ctx.db, member, { action: 'session.open', entity: 'staff', entityId: member.id, detail: { how } }, now);
    const response = json({ staff: publicMember(member), csrfToken: opened.csrfToken }, noStore);
    response.headers.append('set-cookie', sessionCookie(ctx.request, opened.token, appConfig.newsroom.sessionHours * 3600));
    return response;
  }

  const changed = async () => {
    await options.contentChanged?.();
  };

  /** Secure cookies whenever the site is reached over HTTPS (same rule as HSTS: SITE_URL, proxy, socket). */
  const isHttps = (request: Request) => strictTransportSecurity(request, { ...transport, maxAge: 1 }) !== null;

  function sessionCookie(request: Request, token: string, maxAgeSeconds: number): string {
    const secure = isHttps(request);
    const name = secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
    return `${name}=${token}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAgeSeconds}${secure ? '; Secure' : ''}`;
  }

  const sessionToken = (request: Request) => readCookie(request, SECURE_SESSION_COOKIE) ?? readCookie(request, SESSION_COOKIE);

  type Handler = (ctx: ApiContext, session: StaffSession) => Promise<Response>;

  /** A staff-only route: session (401), CSRF token on writes (403), role (403). */
  function staffRoute(method: ApiRoute['method'], path: string, roles: readonly StaffRole[] | null, what: string, handle: Handler): ApiRoute {
    return {
      method,
      path,
      handle: async (ctx) => {
        const token = sessionToken(ctx.request);
        const session = token ? await findSession(ctx.db, token, clock.now()) : null;
        if (!session) return errorJson(401, newsroomMessages.signInRequired);
        if (method !== 'GET') {
          const sent = ctx.request.headers.get('x-csrf-token');
          if (sent === null || sent !== session.csrfToken) return errorJson(403, newsroomMessages.csrf);
        }
        if (roles && !roles.includes(session.member.role)) return forbidden(session.member, what);
        return handle(ctx, session);
      },
    };
  }

  const body = <T>(ctx: ApiContext, schema: z.ZodType<T>) => readJson(ctx.request, schema, appConfig.newsroom.maxBodyBytes, describeIssue);
  const idOf = (ctx: ApiContext) => parseParams(contract.GetAdminArticleParams, ctx.params, ['id']);

  function writeAnswer<T>(result: WriteResult<T> | { ok: false; kind: 'forbidden' }, member: StaffMember, what: string, ok: (value: T) => Response, notFoundMessage: string): Response {
    if (result.ok) return ok(result.value);
    switch (result.kind) {
      case 'bad':
        return errorJson(400, result.message, result.fields);
      case 'notFound':
        return errorJson(404, notFoundMessage);
      case 'forbidden':
        return forbidden(member, what);
      case 'taken':
        return json({ error: 'conflict', message: result.message }, { status: 409, ...noStore });
      case 'conflict': {
        const who = result.changedBy ?? 'Le programmateur';
        const at = result.changedAt.toLocaleTimeString('fr-FR', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Paris' });
        return json(
          {
            error: 'conflict',
            message: `${who} a modifié cet article à ${at} (version ${result.currentVersion}) : rechargez-le avant d'enregistrer, rien n'a été écrasé.`,
            currentVersion: result.currentVersion,
            changedBy: result.changedBy,
            changedAt: result.changedAt.toISOString(),
          },
          { status: 409, ...noStore },
        );
      }
    }
  }

  const editors = ['editor', 'admin'] as const;
  const admins = ['admin'] as const;

  return [
    {
      method: 'POST',
      path: '/api/admin/session',
      handle: async (ctx) => {
        const limited = await rateLimited(ctx.request, 'admin-login', perMinute, newsroomMessages.tooManyAttempts);
        if (limited) return limited;
        const input = await body(ctx, contract.SignInStaffBody);
        if (!input.ok) return input.response;
        const member = await checkCredentials(ctx.db, input.value.email, input.value.password);
        if (!member) return errorJson(401, newsroomMessages.badCredentials);
        return signedIn(ctx, member, 'password');
      },
    },
    {
      method: 'POST',
      path: '/api/admin/session/passkey-options',
      handle: async (ctx) => {
        const limited = await rateLimited(ctx.request, 'admin-login', perMinute, newsroomMessages.tooManyAttempts);
        if (limited) return limited;
        return json(await authenticationOptions(ctx.db, relyingParty(ctx.request, siteOrigin), clock.now()), noStore);
      },
    },
    {
      method: 'POST',
      path: '/api/admin/session/passkey',
      handle: async (ctx) => {
        const limited = await rateLimited(ctx.request, 'admin-login', perMinute, newsroomMessages.tooManyAttempts);
        if (limited) return limited;
        const input = await body(ctx, contract.SignInWithPasskeyBody);
        if (!input.ok) return input.response;
        const staffId = await authenticate(ctx.db, input.value, relyingParty(ctx.request, siteOrigin), clock.now());
        const member = staffId === null ? null : await getStaff(ctx.db, staffId);
        if (!member) return errorJson(401, newsroomMessages.badPasskey);
        return signedIn(ctx, member, 'passkey');
      },
    },
    staffRoute('GET', '/api/admin/passkeys', null, '', async (ctx, session) => json({ results: await listPasskeys(ctx.db, session.member) }, noStore)),
    staffRoute('POST', '/api/admin/passkeys/options', null, '', async (ctx, session) =>
      json(await registrationOptions(ctx.db, session.member, relyingParty(ctx.request, siteOrigin), clock.now()), noStore),
    ),
    staffRoute('POST', '/api/admin/passkeys', null, '', async (ctx, session) => {
      const input = await body(ctx, contract.RegisterPasskeyBody);
      if (!input.ok) return input.response;
      const now = clock.now();
      const result = await registerPasskey(ctx.db, session.member, input.value, relyingParty(ctx.request, siteOrigin), now);
      if (!result.ok) return errorJson(400, result.message, { response: result.message });
      await audit(ctx.db, session.member, { action: 'passkey.register', entity: 'staff', entityId: session.member.id, detail: { name: result.value.name } }, now);
      return json(result.value, { status: 201, ...noStore });
    }),
    staffRoute('DELETE', '/api/admin/passkeys/:id', null, '', async (ctx, session) => {
      const params = parseParams(contract.DeletePasskeyParams, ctx.params, []);
      if (!params.ok) return params.response;
      const removed = await removePasskey(ctx.db, session.member, params.value.id);
      if (!removed) return errorJson(404, newsroomMessages.passkey);
      await audit(ctx.db, session.member, { action: 'passkey.remove', entity: 'staff', entityId: session.member.id, detail: { name: removed.name } }, clock.now());
      return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
    }),
    staffRoute('GET', '/api/admin/session', null, '', async (_ctx, session) =>
      json({ staff: publicMember(session.member), csrfToken: session.csrfToken }, noStore),
    ),
    staffRoute('POST', '/api/admin/session/logout', null, '', async (ctx, session) => {
      const token = sessionToken(ctx.request);
      if (token) await closeSession(ctx.db, token);
      await audit(ctx.db, session.member, { action: 'session.close', entity: 'staff', entityId: session.member.id }, clock.now());
      const response = new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
      response.headers.append('set-cookie', sessionCookie(ctx.request, '', 0));
      return response;
    }),
    staffRoute('GET', '/api/admin/staff', admins, 'de gérer les comptes', async (ctx) =>
      json({ results: (await listStaff(ctx.db)).map(publicMember) }, noStore),
    ),
    staffRoute('POST', '/api/admin/staff', admins, 'de créer des comptes', async (ctx, session) => {
      const input = await body(ctx, contract.CreateStaffBody);
      if (!input.ok) return input.response;
      try {
        const created = await createStaff(ctx.db, input.value);
        await audit(ctx.db, session.member, { action: 'staff.create', entity: 'staff', entityId: created.id, detail: { role: created.role } }, clock.now());
        return json(publicMember(created), { status: 201, ...noStore });
      } catch (error) {
        if (error instanceof StaffExistsError) return json({ error: 'conflict', message: newsroomMessages.staffExists }, { status: 409, ...noStore });
        throw error;
      }
    }),
    staffRoute('POST', '/api/admin/staff/:id/status', admins, 'de désactiver ou réactiver des comptes', async (ctx, session) => {
      const id = parseParams(contract.SetStaffStatusParams, ctx.params, ['id']);
      if (!id.ok) return id.response;
      const input = await body(ctx, contract.SetStaffStatusBody);
      if (!input.ok) return input.response;
      const now = clock.now();
      const result = await setStaffActive(ctx.db, session.member, id.value.id, input.value.active, now);
      if (result.ok && result.value.changed) {
        const { member, sessionsClosed } = result.value;
        await audit(ctx.db, session.member, { action: input.value.active ? 'staff.enable' : 'staff.disable', entity: 'staff', entityId: member.id, detail: { email: member.email, sessionsClosed } }, now);
      }
      return accountAnswer(result, (v) => json(publicMember(v.member), noStore));
    }),
    staffRoute('POST', '/api/admin/account/password', null, '', async (ctx, session) => {
      // Each try costs an Argon2 verification and guesses the password: limited like sign-in.
      const limited = await rateLimited(ctx.request, 'admin-password', perMinute, newsroomMessages.tooManyAttempts);
      if (limited) return limited;
      const input = await body(ctx, contract.ChangeOwnPasswordBody);
      if (!input.ok) return input.response;
      const result = await changePassword(ctx.db, session.member, input.value, sessionToken(ctx.request) ?? '');
      const now = clock.now();
      if (result.ok) {
        await audit(ctx.db, session.member, { action: 'staff.password', entity: 'staff', entityId: session.member.id, detail: result.value }, now);
      } else if (result.kind === 'bad' && result.field === 'currentPassword') {
        await audit(ctx.db, session.member, { action: 'staff.password.refused', entity: 'staff', entityId: session.member.id }, now);
      }
      return accountAnswer(result, (v) => json(v, noStore));
    }),
    staffRoute('GET', '/api/admin/authors', null, '', async (ctx) => {
      const rows = await ctx.db.select({ id: authors.id, slug: authors.slug, name: authors.name }).from(authors).orderBy(asc(authors.name));
      return json({ results: rows }, noStore);
    }),
    staffRoute('GET', '/api/admin/articles', null, '', async (ctx) => {
      const query = parseParams(contract.ListAdminArticlesQueryParams, queryRecord(ctx.url), ['limit', 'offset']);
      if (!query.ok) return query.response;
      const q = query.value;
      const page = await listAdminArticles(ctx.db, {
        q: q.q,
        status: q.status,
        categorySlug: q.category,
        authorSlug: q.author,
        limit: q.limit ?? appConfig.newsroom.pageSize,
        offset: q.offset ?? 0,
      });
      return json(page, noStore);
    }),
    staffRoute('POST', '/api/admin/articles', null, '', async (ctx, session) => {
      const input = await body(ctx, contract.CreateAdminArticleBody);
      if (!input.ok) return input.response;
      const result = await createArticle(ctx.db, session.member, input.value, clock.now());
      return writeAnswer(result, session.member, "d'écrire", (article) => json(article, { status: 201, ...noStore }), newsroomMessages.article);
    }),
    staffRoute('GET', '/api/admin/articles/:id', null, '', async (ctx) => {
      const id = idOf(ctx);
      if (!id.ok) return id.response;
      const row = await findRow(ctx.db, id.value.id);
      return row ? json(await toAdminArticle(ctx.db, row), noStore) : errorJson(404, newsroomMessages.article);
    }),
    staffRoute('PUT', '/api/admin/articles/:id', null, '', async (ctx, session) => {
      const id = idOf(ctx);
      if (!id.ok) return id.response;
      const input = await body(ctx, contract.UpdateAdminArticleBody);
      if (!input.ok) return input.response;
      const result = await updateArticle(ctx.db, session.member, id.value.id, input.value, clock.now());
      if (result.ok && result.value.publicChange) await changed();
      return writeAnswer(result, session.member, "de modifier cet article", (v) => json(v.article, noStore), newsroomMessages.article);
    }),
    staffRoute('POST', '/api/admin/articles/:id/status', null, '', async (ctx, session) => {
      const id = idOf(ctx);
      if (!id.ok) return id.response;
      const input = await body(ctx, contract.ChangeAdminArticleStatusBody);
      if (!input.ok) return input.response;
      const result = await changeStatus(ctx.db, session.member, id.value.id, input.value, clock.now());
      if (result.ok && result.value.publicChange) await changed();
      const what = input.value.action === 'draft' ? 'de modifier cet article' : 'de publier, programmer ou dépublier cet article';
      return writeAnswer(result, session.member, what, (v) => json(v.article, noStore), newsroomMessages.article);
    }),
    staffRoute('GET', '/api/admin/articles/:id/revisions', null, '', async (ctx) => {
      const id = idOf(ctx);
      if (!id.ok) return id.response;
      if (!(await findRow(ctx.db, id.value.id))) return errorJson(404, newsroomMessages.article);
      return json({ results: await listRevisions(ctx.db, id.value.id) }, noStore);
    }),
    staffRoute('POST', '/api/admin/articles/:id/revisions/:revisionId/restore', null, '', async (ctx, session) => {
      const params = parseParams(contract.RestoreArticleRevisionParams, ctx.params, ['id', 'revisionId']);
      if (!params.ok) return params.response;
      const input = await body(ctx, contract.RestoreArticleRevisionBody);
      if (!input.ok) return input.response;
      const result = await restoreRevision(ctx.db, session.member, params.value.id, params.value.revisionId, input.value.version, clock.now());
      if (result.ok && result.value.publicChange) await changed();
      return writeAnswer(result, session.member, 'de modifier cet article', (v) => json(v.article, noStore), newsroomMessages.revision);
    }),
    staffRoute('POST', '/api/admin/articles/:id/preview-link', null, '', async (ctx, session) => {
      const id = idOf(ctx);
      if (!id.ok) return id.response;
      const row = await findRow(ctx.db, id.value.id);
      if (!row) return errorJson(404, newsroomMessages.article);
      // Whoever may edit the article may show it; a contributor cannot share a colleague's draft.
      if (!canEdit(session.member, row) && row.status !== 'published') return forbidden(session.member, "de partager l'aperçu de cet article");
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + appConfig.newsroom.previewLinkMinutes * 60_000);
      const token = previewToken(await secretOf(ctx.db), row.id, expiresAt);
      await audit(ctx.db, session.member, { action: 'article.preview-link', entity: 'article', entityId: row.id, detail: { expiresAt: expiresAt.toISOString() } }, now);
      return json({ url: `/apercu/${token}`, expiresAt: expiresAt.toISOString() }, noStore);
    }),
    {
      method: 'GET',
      path: '/api/preview/:token',
      handle: async (ctx) => {
        const params = parseParams(contract.GetArticlePreviewParams, ctx.params, []);
        if (!params.ok) return params.response;
        const id = readPreviewToken(await secretOf(ctx.db), params.value.token, clock.now());
        const article = id === null ? null : await previewArticle(ctx.db, id);
        if (!article) return errorJson(404, newsroomMessages.preview);
        return json({ result: article, url: article.url }, noStore);
      },
    },
    staffRoute('POST', '/api/admin/scheduler/run', editors, 'de lancer le programmateur', async (ctx, session) => {
      const hasBody = ctx.request.headers.get('content-length') !== '0' && ctx.request.body !== null;
      let advance = 0;
      if (hasBody) {
        const input = await body(ctx, contract.RunSchedulerBody);
        if (!input.ok) return input.response;
        advance = input.value.advanceSeconds ?? 0;
      }
      if (advance > 0) {
        if (!testClock) return errorJson(400, newsroomMessages.testClockOff, { advanceSeconds: newsroomMessages.testClockOff });
        clock.advance(advance);
      }
      const now = clock.now();
      const published = await publishDue(ctx.db, now);
      await audit(ctx.db, session.member, { action: 'scheduler.run', entity: 'scheduler', detail: { published, advanceSeconds: advance } }, now);
      if (published.length > 0) await changed();
      return json({ published, now: now.toISOString() }, noStore);
    }),
    staffRoute('GET', '/api/admin/categories', null, '', async (ctx) => json({ results: await listAdminCategories(ctx.db) }, noStore)),
    staffRoute('POST', '/api/admin/categories', editors, 'de gérer les rubriques', async (ctx, session) => {
      const input = await body(ctx, contract.CreateAdminCategoryBody);
      if (!input.ok) return input.response;
      const result = await createCategory(ctx.db, session.member, input.value, clock.now());
      if (result.ok) await changed();
      return categoryAnswer(result, (v) => json(v, { status: 201, ...noStore }));
    }),
    staffRoute('POST', '/api/admin/categories/order', editors, 'de gérer les rubriques', async (ctx, session) => {
      const input = await body(ctx, contract.ReorderAdminCategoriesBody);
      if (!input.ok) return input.response;
      const result = await reorderCategories(ctx.db, session.member, input.value.ids, clock.now());
      if (result.ok) await changed();
      return categoryAnswer(result, async () => json({ results: await listAdminCategories(ctx.db) }, noStore));
    }),
    staffRoute('PUT', '/api/admin/categories/:id', editors, 'de gérer les rubriques', async (ctx, session) => {
      const id = parseParams(contract.UpdateAdminCategoryParams, ctx.params, ['id']);
      if (!id.ok) return id.response;
      const input = await body(ctx, contract.UpdateAdminCategoryBody);
      if (!input.ok) return input.response;
      const result = await updateCategory(ctx.db, session.member, id.value.id, input.value, clock.now());
      if (result.ok) await changed();
      return categoryAnswer(result, (v) => json(v, noStore));
    }),
    staffRoute('DELETE', '/api/admin/categories/:id', editors, 'de gérer les rubriques', async (ctx, session) => {
      const id = parseParams(contract.DeleteAdminCategoryParams, ctx.params, ['id']);
      if (!id.ok) return id.response;
      const result = await deleteCategory(ctx.db, session.member, id.value.id, clock.now());
      if (result.ok) await changed();
      return categoryAnswer(result, () => new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } }));
    }),
    staffRoute('GET', '/api/admin/media', null, '', async (ctx) => {
      const query = parseParams(contract.ListMediaQueryParams, queryRecord(ctx.url), ['limit', 'offset']);
      if (!query.ok) return query.response;
      return json({ results: await listMedia(ctx.db, { limit: query.value.limit ?? 24, offset: query.value.offset ?? 0 }) }, noStore);
    }),
    staffRoute('POST', '/api/admin/media', null, '', async (ctx, session) => {
      const upload = await readUpload(ctx.request, mediaMaxBytes(env));
      if (!upload.ok) return upload.response;
      const result = await uploadMedia(ctx.db, session.member, upload.value, storage, clock.now());
      if (!result.ok) return errorJson(result.status, result.message, result.status === 400 ? { file: result.message } : undefined);
      return json(result.item, { status: result.created ? 201 : 200, ...noStore });
    }),
    staffRoute('DELETE', '/api/admin/media/:id', editors, 'de supprimer des images de la médiathèque', async (ctx, session) => {
      const id = parseParams(contract.DeleteMediaParams, ctx.params, ['id']);
      if (!id.ok) return id.response;
      const result = await deleteMedia(ctx.db, session.member, id.value.id, storage, clock.now());
      if (result.ok) return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
      if (result.kind === 'notFound') return errorJson(404, newsroomMessages.media);
      return json({ error: 'conflict', message: result.message }, { status: 409, ...noStore });
    }),
    staffRoute('GET', '/api/admin/audit', admins, 'de lire le journal', async (ctx) => {
      const query = parseParams(contract.ListAuditLogQueryParams, queryRecord(ctx.url), ['limit', 'offset']);
      if (!query.ok) return query.response;
      return json({ results: await listAudit(ctx.db, { limit: query.value.limit ?? 50, offset: query.value.offset ?? 0 }) }, noStore);
    }),
    // Editors steer the magazine from these answers, as they run the categories and the media library;
    // contributors and authors write articles and have no use for the readers' votes.
    staffRoute('GET', '/api/admin/surveys', editors, 'de lire les résultats des sondages', async (ctx) => {
      const query = parseParams(contract.ListSurveyResultsQueryParams, queryRecord(ctx.url), ['days']);
      if (!query.ok) return query.response;
      const since = surveySinceDay(query.value.days ?? null, clock.now());
      const results = await tallySurveys(ctx.db, since);
      return json({ since, results }, noStore);
    }),
  ];
}

const uploadMessages = {
  type: "L'image doit être envoyée en multipart/form-data (champ « file »).",
  tooLarge: (max: number) => `L'image est trop lourde : ${Math.floor(max / (1024 * 1024))} Mo au plus.`,
  malformed: "Le formulaire d'envoi est mal formé.",
  file: 'Choisissez une image à envoyer (champ « file »).',
  alt: "Le texte alternatif de l'image est obligatoire (300 caractères au plus).",
  focal: 'Le point focal a deux coordonnées (focalX et focalY), chacune de 0 à 1.',
} as const;

/** The multipart upload, bounded before and while it is read; then its fields, checked. */
async function readUpload(
  request: Request,
  maxBytes: number,
): Promise<{ ok: true; value: { bytes: Uint8Array; alt: string; focalX: number | null; focalY: number | null } } | { ok: false; response: Response }> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data;\s*boundary=/i.test(contentType)) {
    drainBody(request);
    return { ok: false, response: errorJson(415, uploadMessages.type) };
  }
  // The form's own fields and boundaries on top of the image.
  const cap = maxBytes + 64 * 1024;
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > cap) {
    drainBody(request);
    return { ok: false, response: errorJson(413, uploadMessages.tooLarge(maxBytes)) };
  }
  const body = await readCappedBody(request, cap);
  if (body === null) return { ok: false, response: errorJson(413, uploadMessages.tooLarge(maxBytes)) };
  let form: FormData;
  try {
    form = await new Request('http://upload.local/', { method: 'POST', headers: { 'content-type': contentType }, body }).formData();
  } catch {
    return { ok: false, response: errorJson(400, uploadMessages.malformed) };
  }
  const file = form.get('file');
  if (!(file instanceof Blob) || file.size === 0) return { ok: false, response: errorJson(400, uploadMessages.file, { file: uploadMessages.file }) };
  if (file.size > maxBytes) return { ok: false, response: errorJson(413, uploadMessages.tooLarge(maxBytes)) };
  const alt = typeof form.get('alt') === 'string' ? String(form.get('alt')).trim() : '';
  if (alt.length === 0 || alt.length > 300) return { ok: false, response: errorJson(400, uploadMessages.alt, { alt: uploadMessages.alt }) };
  const focal = (name: string): number | null | undefined => {
    const raw = form.get(name);
    if (raw === null || raw === '') return null;
    const value = typeof raw === 'string' && /^(0(\.\d+)?|1(\.0+)?)$/.test(raw.trim()) ? Number(raw) : Number.NaN;
    return Number.isNaN(value) ? undefined : value;
  };
  const focalX = focal('focalX');
  const focalY = focal('focalY');
  // Both coordinates or none: half a focal point means nothing to a crop.
  if (focalX === undefined || focalY === undefined || (focalX === null) !== (focalY === null)) return { ok: false, response: errorJson(400, uploadMessages.focal, { focal: uploadMessages.focal }) };
  return { ok: true, value: { bytes: new Uint8Array(await file.arrayBuffer()), alt, focalX, focalY } };
}

function publicMember(member: StaffMember) {
  return { id: member.id, email: member.email, name: member.name, role: member.role, disabledAt: member.disabledAt?.toISOString() ?? null };
}

function accountAnswer<T>(result: AccountResult<T>, ok: (value: T) => Response): Response {
  if (result.ok) return ok(result.value);
  if (result.kind === 'notFound') return errorJson(404, newsroomMessages.staff);
  if (result.kind === 'bad') return errorJson(400, result.message, { [result.field]: result.message });
  return json({ error: 'conflict', message: result.message }, { status: 409, ...noStore });
}

async function categoryAnswer<T>(
  result: { ok: true; value: T } | { ok: false; kind: 'notFound' } | { ok: false; kind: 'conflict' | 'bad'; message: string },
  ok: (value: T) => Response | Promise<Response>,
): Promise<Response> {
  if (result.ok) return ok(result.value);
  if (result.kind === 'notFound') return errorJson(404, newsroomMessages.category);
  if (result.kind === 'bad') return errorJson(400, result.message);
  return json({ error: 'conflict', message: result.message }, { status: 409, ...noStore });
}

/** Runs the scheduler every `seconds` (unref'd: it never keeps the process alive). */
export function startScheduler(db: Database, clock: Clock, seconds: number, contentChanged: () => Promise<void> | void): () => void {
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      const published = await publishDue(db, clock.now());
      if (published.length > 0) {
        console.log(`[newsroom] scheduler published ${published.join(', ')}`);
        await contentChanged();
      }
    } catch (error) {
      console.error('[newsroom] scheduler pass failed:', (error as Error).message);
    } finally {
      running = false;
    }
  }, seconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
