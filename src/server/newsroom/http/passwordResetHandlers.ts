/**
 * « Mot de passe oublié ? » (issue 39), before any session: the request answers the same 202 for every
 * well-formed address and queues the lookup; the confirmation spends the link and sets the new password.
 * Foreign Origins are refused by the router, as for signing in.
 */
import { createHash } from 'node:crypto';
import { appConfig } from '../../../../app.config.ts';
import * as contract from '../../../api/generated/zod.ts';
import type { ApiHandlerTable } from '../../http/apiTypes.ts';
import { errorJson } from '../../http/responses.ts';
import type { JobQueue } from '../../jobs/jobQueue.server.ts';
import { confirmPasswordReset, passwordResetMessages } from '../passwordReset/passwordResets.server.ts';
import { normaliseStaffEmail } from '../staff.server.ts';
import { type NewsroomDeps, noStore, readBody } from './newsroomHttp.ts';

export function passwordResetHandlers(deps: NewsroomDeps, jobs: Pick<JobQueue, 'enqueue'>) {
  const { clock } = deps;
  const windowSeconds = appConfig.newsroom.passwordResetMinutes * 60;
  return {
    requestPasswordReset: async (ctx) => {
      const refusal = await deps.rateLimited(
        ctx.request,
        'admin-password-reset',
        deps.loginPerMinute,
        passwordResetMessages.tooManyAttempts,
      );
      if (refusal) return refusal;
      const input = await readBody(ctx, contract.RequestPasswordResetBody);
      if (!input.ok) return input.response;
      const email = normaliseStaffEmail(input.value.email);
      // Per address too, whether it is an account's or not (the count says nothing): no mailbox flooded.
      const perAddress = await deps.rateLimitedKey(
        ctx.request,
        `admin-password-reset-address:${createHash('sha256').update(email).digest('hex')}`,
        appConfig.newsroom.passwordResetPerAddress,
        windowSeconds,
        (seconds) => passwordResetMessages.tooManyForAddress(Math.ceil(seconds / 60)),
      );
      if (perAddress) return perAddress;
      // The same work whatever the address: one job queued; the lookup happens in it.
      await jobs.enqueue('staff.password-reset-request', { email, requestedAt: clock.now().toISOString() });
      return ctx.reply(202, { message: passwordResetMessages.requested }, noStore);
    },
    confirmPasswordReset: async (ctx) => {
      const refusal = await deps.rateLimited(
        ctx.request,
        'admin-password-reset-confirm',
        deps.loginPerMinute,
        passwordResetMessages.tooManyAttempts,
      );
      if (refusal) return refusal;
      const input = await readBody(ctx, contract.ConfirmPasswordResetBody);
      if (!input.ok) return input.response;
      const result = await confirmPasswordReset(ctx.db, input.value.token, input.value.newPassword, clock.now());
      if (!result.ok) return errorJson(400, result.kind === 'bad' ? result.message : passwordResetMessages.invalidLink);
      return ctx.reply(200, result.value, noStore);
    },
  } satisfies ApiHandlerTable;
}
