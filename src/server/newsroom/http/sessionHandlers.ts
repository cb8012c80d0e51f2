/** Signing in and out (password or passkey), and each member's own passkeys. */
import { appConfig } from '../../../../app.config.ts';
import * as contract from '../../../api/generated/zod.ts';
import type { ApiContext, ApiHandlerTable, JsonBody } from '../../http/apiTypes.ts';
import { parseParams } from '../../http/parseParams.ts';
import { errorJson, json } from '../../http/responses.ts';
import {
  authenticate,
  authenticationOptions,
  listPasskeys,
  registerPasskey,
  registrationOptions,
  relyingParty,
  removePasskey,
} from '../passkeys.server.ts';
import { checkCredentials, closeSession, getStaff, openSession, type StaffMember } from '../staff.server.ts';
import {
  type NewsroomDeps,
  newsroomMessages,
  noContent,
  noStore,
  publicMember,
  readBody,
  sessionCookie,
  sessionToken,
  staffOnly,
} from './newsroomHttp.ts';

export function sessionHandlers(deps: NewsroomDeps) {
  const { clock, rateLimited, loginPerMinute, siteOrigin } = deps;
  const limited = (ctx: ApiContext) => rateLimited(ctx.request, 'admin-login', loginPerMinute, newsroomMessages.tooManyAttempts);
  const rp = (ctx: ApiContext) => relyingParty(ctx.request, siteOrigin);

  /** Opens the session (cookie + CSRF token) once a password or a passkey has been verified. */
  async function signedIn(
    ctx: ApiContext<'signInStaff' | 'signInWithPasskey'>,
    member: StaffMember,
    how: 'password' | 'passkey',
  ): Promise<Response> {
    const opened = await openSession(ctx.db, member, clock.now(), how);
    const response = json({ staff: publicMember(member), csrfToken: opened.csrfToken } satisfies JsonBody<'signInStaff', 200>, noStore);
    response.headers.append('set-cookie', sessionCookie(deps, ctx.request, opened.token, appConfig.newsroom.sessionHours * 3600));
    return response;
  }

  return {
    signInStaff: async (ctx) => {
      const refusal = await limited(ctx);
      if (refusal) return refusal;
      const input = await readBody(ctx, contract.SignInStaffBody);
      if (!input.ok) return input.response;
      const member = await checkCredentials(ctx.db, input.value.email, input.value.password);
      if (!member) return errorJson(401, newsroomMessages.badCredentials);
      return signedIn(ctx, member, 'password');
    },
    passkeySignInOptions: async (ctx) => {
      const refusal = await limited(ctx);
      if (refusal) return refusal;
      const { challengeId, options } = await authenticationOptions(ctx.db, rp(ctx), clock.now());
      return ctx.reply(200, { challengeId, options: { ...options } }, noStore);
    },
    signInWithPasskey: async (ctx) => {
      const refusal = await limited(ctx);
      if (refusal) return refusal;
      const input = await readBody(ctx, contract.SignInWithPasskeyBody);
      if (!input.ok) return input.response;
      const staffId = await authenticate(ctx.db, input.value, rp(ctx), clock.now());
      const member = staffId === null ? null : await getStaff(ctx.db, staffId);
      if (!member) return errorJson(401, newsroomMessages.badPasskey);
      return signedIn(ctx, member, 'passkey');
    },
    getAdminSession: staffOnly(
      deps,
      null,
      '',
      async (ctx, session) => ctx.reply(200, { staff: publicMember(session.member), csrfToken: session.csrfToken }, noStore),
      { provisionalPassword: 'allowed' },
    ),
    signOutStaff: staffOnly(
      deps,
      null,
      '',
      async (ctx, session) => {
        await closeSession(ctx.db, sessionToken(ctx.request), session.member, clock.now());
        const response = noContent();
        response.headers.append('set-cookie', sessionCookie(deps, ctx.request, '', 0));
        return response;
      },
      { provisionalPassword: 'allowed' },
    ),
    listPasskeys: staffOnly(deps, null, '', async (ctx, session) =>
      ctx.reply(200, { results: await listPasskeys(ctx.db, session.member) }, noStore),
    ),
    passkeyRegistrationOptions: staffOnly(deps, null, '', async (ctx, session) =>
      registrationOptions(ctx.db, session.member, rp(ctx), clock.now()).then(({ challengeId, options }) =>
        ctx.reply(200, { challengeId, options: { ...options } }, noStore),
      ),
    ),
    registerPasskey: staffOnly(deps, null, '', async (ctx, session) => {
      const input = await readBody(ctx, contract.RegisterPasskeyBody);
      if (!input.ok) return input.response;
      const result = await registerPasskey(ctx.db, session.member, input.value, rp(ctx), clock.now());
      if (!result.ok) return errorJson(400, result.message, { response: result.message });
      return ctx.reply(201, result.value, noStore);
    }),
    deletePasskey: staffOnly(deps, null, '', async (ctx, session) => {
      const params = parseParams(contract.DeletePasskeyParams, ctx.params, []);
      if (!params.ok) return params.response;
      const removed = await removePasskey(ctx.db, session.member, params.value.id, clock.now());
      return removed ? noContent() : errorJson(404, newsroomMessages.passkey);
    }),
  } satisfies ApiHandlerTable;
}
