/**
 * The readers' contest endpoints (tag Contests): entering a running contest and confirming the entry by its
 * e-mailed link. The same defences as the newsletter's forms, in the same order: path, per-IP limit (before
 * the body), body (415/413/400), honeypot and fields, captcha, then the database. The entry, its link and
 * its mail commit in one transaction before `status: success`: an acknowledged entry is never lost.
 */
import { and, eq } from 'drizzle-orm';
import { appConfig } from '../../../app.config.ts';
import * as contract from '../../api/generated/zod.ts';
import type { TokenOutcome } from '../../api/types.ts';
import { formatContests } from '../../db/schema.ts';
import { contestStatus } from '../content/formatContests.server.ts';
import type { ApiHandlerTable, JsonBody } from '../http/apiTypes.ts';
import { defaultClientIp } from '../http/clientIp.ts';
import { parseParams } from '../http/parseParams.ts';
import { createRateLimiter } from '../http/rateLimit.ts';
import { drainBody } from '../http/requestBody.ts';
import { errorJson, json } from '../http/responses.ts';
import { createMemoryStore } from '../http/sharedStore.ts';
import { readForm } from '../newsletter/formBody.ts';
import { captchaVerdictMessages } from '../newsletter/newsletterMessages.ts';
import { createServicesFor } from '../newsletter/newsletterServices.ts';
import type { NewsletterOptions } from '../newsletter/newsletterRoutes.ts';
import { signupWithMail } from '../newsletter/signupWithMail.ts';
import { confirmEntry, recordEntry } from './contestEntries.server.ts';
import { ENTRY_FIELDS, type EntryErrors, readEntryForm } from './contestEntryForm.ts';
import { contestLinks, entryConfirmationMail } from './contestEntryMails.ts';
import { contestEntryMessages, entryLinkMessages } from './contestEntryMessages.ts';

/** The newsletter's options: its captcha, rate limit, double opt-in and site address serve the entries too. */
export type ContestEntryOptions = NewsletterOptions;

const noStore = { cache: 'error' } as const;

type EntryAnswer = JsonBody<'enterContest', 200>;

const refusal = (message: string, errors: EntryErrors = {}) => json({ status: 'error', errors, message } satisfies EntryAnswer, noStore);

const fieldErrors = (errors: EntryErrors) =>
  refusal(Object.keys(errors).length === 1 ? (Object.values(errors)[0] as string) : contestEntryMessages.fix, errors);

export function contestEntryHandlers(options: ContestEntryOptions) {
  const { config, jobs } = options;
  const store = options.store ?? createMemoryStore();
  const clientIp = options.clientIp ?? defaultClientIp(options.trustProxy ?? false);
  const now = options.now ?? (() => new Date());
  const servicesFor = createServicesFor({ config, store, fetch: options.fetch, now });
  const rateLimited = createRateLimiter(store, clientIp);
  const links = contestLinks(config.siteUrl);
  const captchaRequired = config.captcha.provider !== 'none';
  const maxBytes = appConfig.newsletter.maxBodyBytes;

  return {
    enterContest: async ({ db, request, params }) => {
      const path = parseParams(contract.EnterContestParams, params);
      if (!path.ok) {
        drainBody(request);
        return path.response;
      }
      const limited = await rateLimited(request, 'contest-entry', config.rateLimitPerMinute, contestEntryMessages.tooManyRequests);
      if (limited) return limited;
      const form = await readForm(request, maxBytes);
      if (!form.ok) return form.response;
      const [contest] = await db
        .select()
        .from(formatContests)
        .where(and(eq(formatContests.url, path.value.url), eq(formatContests.status, 'published')));
      if (!contest) return errorJson(404, "Ce concours n'existe pas.");
      const at = now();
      const state = contestStatus(contest, at);
      if (state === 'upcoming') return refusal(contestEntryMessages.notStarted);
      if (state === 'closed') return refusal(contestEntryMessages.ended);
      const fields = readEntryForm(form.fields, contest, captchaRequired);
      if (!fields.ok) return fieldErrors(fields.errors);
      const { captcha } = await servicesFor(db);
      const verdict = await captcha.verify(fields.value.captchaToken, clientIp(request));
      if (verdict !== 'ok') return fieldErrors({ [ENTRY_FIELDS.captcha]: captchaVerdictMessages[verdict] });

      const entry = fields.value;
      const result = await db.transaction(async (tx) => {
        const recorded = await recordEntry(tx, contest.id, entry, at);
        const token = recorded.kind === 'already-entered' ? null : recorded.token;
        if (token) await jobs.enqueue('mail.send', entryConfirmationMail(entry.email, contest.title, links.confirm(token)), { tx });
        return recorded;
      });
      if (result.kind === 'already-entered') {
        return refusal(contestEntryMessages.alreadyEntered, { [ENTRY_FIELDS.email]: contestEntryMessages.alreadyEntered });
      }
      let newsletterPending = false;
      if (entry.newsletter) {
        const signed = await signupWithMail(db, jobs, config.siteUrl, {
          email: entry.email,
          postcode: entry.newsletter.postcode,
          newsletterType: 1,
          origin: `concours-${contest.url}`.slice(0, 500),
          doubleOptIn: config.doubleOptIn,
          now: at,
        });
        newsletterPending = signed.kind === 'pending';
      }
      const message = newsletterPending ? contestEntryMessages.recordedWithNewsletter : contestEntryMessages.recorded;
      return json({ status: 'success', errors: {}, message } satisfies EntryAnswer, noStore);
    },

    confirmContestEntry: async ({ db, request }) => {
      const limited = await rateLimited(request, 'contest-confirm', config.rateLimitPerMinute, contestEntryMessages.tooManyRequests);
      if (limited) return limited;
      const form = await readForm(request, maxBytes);
      if (!form.ok) return form.response;
      const token = form.fields.get('token')?.trim();
      if (!token) return errorJson(400, contestEntryMessages.tokenRequired, { token: contestEntryMessages.tokenRequired });
      const result = await confirmEntry(db, token, now());
      return json(entryLinkMessages[result.status] satisfies TokenOutcome, noStore);
    },
  } satisfies ApiHandlerTable;
}
