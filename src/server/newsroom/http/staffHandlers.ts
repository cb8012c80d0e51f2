/** Accounts (admins) and each member's password. */
import * as contract from '../../../api/generated/zod.ts';
import type { ApiHandlerTable } from '../../http/apiTypes.ts';
import { parseParams } from '../../http/parseParams.ts';
import { type NewsroomResult, refused } from '../newsroomResult.ts';
import {
  changePassword,
  createStaff,
  listStaff,
  resetStaffPassword,
  type StaffMember,
  setStaffActive,
  StaffExistsError,
} from '../staff.server.ts';
import {
  admins,
  answer,
  type NewsroomDeps,
  newsroomMessages,
  noStore,
  publicMember,
  readBody,
  sessionToken,
  staffOnly,
} from './newsroomHttp.ts';

export function staffHandlers(deps: NewsroomDeps) {
  const { clock } = deps;
  return {
    listStaff: staffOnly(deps, admins, 'de gérer les comptes', async (ctx) =>
      ctx.reply(200, { results: (await listStaff(ctx.db)).map(publicMember) }, noStore),
    ),
    createStaff: staffOnly(deps, admins, 'de créer des comptes', async (ctx, session) => {
      const input = await readBody(ctx, contract.CreateStaffBody);
      if (!input.ok) return input.response;
      const result: NewsroomResult<StaffMember> = await createStaff(ctx.db, input.value, { member: session.member, now: clock.now() }).then(
        (created) => ({ ok: true as const, value: created }),
        (error: unknown) => {
          if (error instanceof StaffExistsError) return refused.taken(newsroomMessages.staffExists);
          throw error;
        },
      );
      return answer(result, {
        member: session.member,
        what: 'de créer des comptes',
        notFound: newsroomMessages.staff,
        ok: (v) => ctx.reply(201, publicMember(v), noStore),
      });
    }),
    setStaffStatus: staffOnly(deps, admins, 'de désactiver ou réactiver des comptes', async (ctx, session) => {
      const id = parseParams(contract.SetStaffStatusParams, ctx.params, ['id']);
      if (!id.ok) return id.response;
      const input = await readBody(ctx, contract.SetStaffStatusBody);
      if (!input.ok) return input.response;
      const result = await setStaffActive(ctx.db, session.member, id.value.id, input.value.active, clock.now());
      return answer(result, {
        member: session.member,
        what: '',
        notFound: newsroomMessages.staff,
        ok: (v) => ctx.reply(200, publicMember(v.member), noStore),
      });
    }),
    changeOwnPassword: staffOnly(
      deps,
      null,
      '',
      async (ctx, session) => {
        // Each try costs an Argon2 verification and guesses the password: limited like sign-in.
        const refusal = await deps.rateLimited(ctx.request, 'admin-password', deps.loginPerMinute, newsroomMessages.tooManyAttempts);
        if (refusal) return refusal;
        const input = await readBody(ctx, contract.ChangeOwnPasswordBody);
        if (!input.ok) return input.response;
        const result = await changePassword(ctx.db, session.member, input.value, sessionToken(ctx.request) ?? '', clock.now());
        return answer(result, {
          member: session.member,
          what: '',
          notFound: newsroomMessages.staff,
          ok: (v) => ctx.reply(200, v, noStore),
        });
      },
      { provisionalPassword: 'allowed' },
    ),
    resetStaffPassword: staffOnly(deps, admins, 'de réinitialiser les mots de passe', async (ctx, session) => {
      const id = parseParams(contract.ResetStaffPasswordParams, ctx.params, ['id']);
      if (!id.ok) return id.response;
      const result = await resetStaffPassword(ctx.db, session.member, id.value.id, clock.now());
      return answer(result, {
        member: session.member,
        what: '',
        notFound: newsroomMessages.staff,
        ok: (v) =>
          ctx.reply(
            200,
            { staff: publicMember(v.member), provisionalPassword: v.provisionalPassword, sessionsClosed: v.sessionsClosed },
            noStore,
          ),
      });
    }),
  } satisfies ApiHandlerTable;
}
