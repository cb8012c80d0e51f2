/**
 * The newsletter endpoints of the contract (openapi/magazine.yaml, tag Newsletter): a route table that
 * the server's boot composes with the content service's.
 *
 * Order of the checks on a form: path, per-IP rate limit (before reading the body), body (415/413/400),
 * honeypot, fields, captcha, then the database. Whatever is refused is never stored, and a refusal is
 * always a 4xx or a `status: error` with a French sentence, never a 5xx.
 */
import { appConfig } from '../../../app.config.ts';
import * as contract from '../../api/generated/zod.ts';
import type { TokenOutcome } from '../../api/types.ts';
import type { ApiHandler, ApiHandlerTable, JsonBody } from '../http/apiTypes.ts';
import { parseParams } from '../http/parseParams.ts';
import { errorJson, json } from '../http/responses.ts';
import { readForm } from './formBody.ts';
import { drainBody } from '../http/requestBody.ts';
import type { JobQueue } from '../jobs/jobQueue.server.ts';
import { welcomeMail } from './mailer.server.ts';
import { signupWithMail } from './signupWithMail.ts';
import { newsletterLinks } from './newsletterLinks.ts';
import type { NewsletterConfig } from '../config/newsletterConfig.ts';
import { FIELDS, type FieldErrors, readSignupForm, readUnsubscribeForm } from './newsletterForms.ts';
import { captchaVerdictMessages, linkMessages, newsletterMessages } from './newsletterMessages.ts';
import { createServicesFor } from './newsletterServices.ts';
import { type ClientLimitOptions, clientRateLimiter } from '../http/rateLimit.ts';
import { confirmSignup, oneClickToken, unsubscribeByLink } from './subscribers.server.ts';

export interface NewsletterOptions extends ClientLimitOptions {
  config: NewsletterConfig;
  /** Where mails go: queued with the write that asks for them, sent by the job workers. */
  jobs: Pick<JobQueue, 'enqueue'>;
  /** reCAPTCHA siteverify calls go through this fetch (tests). */
  fetch?: typeof fetch;
  now?: () => Date;
}

const noStore = { cache: 'error' } as const;

const outcome = (flow: 'confirm' | 'unsubscribe', status: TokenOutcome['status']) =>
  json({ status, message: linkMessages[flow][status] } satisfies TokenOutcome, noStore);

const signupErrors = (errors: FieldErrors) => json({ status: 'error', errors } satisfies JsonBody<'signupNewsletter', 200>, noStore);

/** The unsubscribe page shows one sentence: the first field's. */
const unsubscribeErrors = (errors: FieldErrors) =>
  json(
    { status: 'error', errors, message: Object.values(errors)[0] ?? '' } satisfies JsonBody<'requestNewsletterUnsubscribe', 200>,
    noStore,
  );

const tokenShape = /^[A-Za-z0-9_.-]{20,200}$/;

export function newsletterHandlers(options: NewsletterOptions) {
  const { config } = options;
  const { jobs } = options;
  const { store, clientIp, rateLimited } = clientRateLimiter(options);
  const now = options.now ?? (() => new Date());
  const maxBytes = appConfig.newsletter.maxBodyBytes;
  const captchaRequired = config.captcha.provider !== 'none';
  const servicesFor = createServicesFor({ config, store, fetch: options.fetch, now });

  const links = newsletterLinks(config.siteUrl);

  async function readToken(request: Request): Promise<{ ok: true; token: string } | { ok: false; response: Response }> {
    const form = await readForm(request, maxBytes);
    if (!form.ok) return form;
    const token = form.fields.get('token');
    if (!token) {
      return { ok: false, response: errorJson(400, newsletterMessages.tokenRequired, { token: newsletterMessages.tokenRequired }) };
    }
    return { ok: true, token: token.trim() };
  }

  const signupHandler: ApiHandler = async ({ db, request, params }) => {
    const path = parseParams(contract.SignupNewsletterParams, params);
    if (!path.ok) {
      drainBody(request);
      return path.response;
    }
    const limited = await rateLimited(request, 'signup', config.rateLimitPerMinute, newsletterMessages.tooManyRequests);
    if (limited) return limited;
    const form = await readForm(request, maxBytes);
    if (!form.ok) return form.response;
    const fields = readSignupForm(form.fields, captchaRequired);
    if (!fields.ok) return signupErrors(fields.errors);

    const { captcha } = await servicesFor(db);
    const verdict = await captcha.verify(fields.captchaToken, clientIp(request));
    if (verdict !== 'ok') return signupErrors({ [FIELDS.captcha]: captchaVerdictMessages[verdict] });

    const result = await signupWithMail(db, jobs, config.siteUrl, {
      email: fields.email,
      postcode: fields.postcode,
      newsletterType: fields.newsletterType,
      origin: path.value.origin,
      doubleOptIn: config.doubleOptIn,
      now: now(),
    });
    if (result.kind === 'already-subscribed') {
      return signupErrors({ [FIELDS.email]: newsletterMessages.alreadyRegistered });
    }
    if (result.kind === 'pending') {
      return json({ status: 'success', errors: {}, doubleOptIn: true } satisfies JsonBody<'signupNewsletter', 200>, noStore);
    }
    return json({ status: 'success', errors: {} } satisfies JsonBody<'signupNewsletter', 200>, noStore);
  };

  return {
    getSignupCaptcha: async ({ db, request }) => {
      const perMinute = config.rateLimitPerMinute * appConfig.newsletter.challengesPerSignup;
      const limited = await rateLimited(request, 'captcha', perMinute, newsletterMessages.tooManyChallenges);
      if (limited) return limited;
      const altcha = new URL(request.url).searchParams.get('altcha');
      if (altcha !== null && altcha !== '1') {
        return errorJson(400, newsletterMessages.captchaQuery, { altcha: newsletterMessages.captchaQuery });
      }
      const { captcha } = await servicesFor(db);
      const setup: JsonBody<'getSignupCaptcha', 200> = await captcha.setup({ altcha: altcha === '1' });
      return json(setup, noStore);
    },
    signupNewsletter: signupHandler,
    confirmNewsletterSignup: async ({ db, request }) => {
      const read = await readToken(request);
      if (!read.ok) return read.response;
      if (!tokenShape.test(read.token)) return outcome('confirm', 'invalid');
      const at = now();
      const result = await confirmSignup(db, read.token, at);
      if (result.status === 'confirmed' && result.email && result.subscriberId) {
        const { oneClickKey } = await servicesFor(db);
        const token = oneClickToken(oneClickKey, result.subscriberId, result.email);
        await jobs.enqueue(
          'mail.send',
          welcomeMail(result.email, { site: config.siteUrl, unsubscribePage: links.unsubscribe(token), oneClick: links.oneClick(token) }),
        );
      }
      return outcome('confirm', result.status);
    },
    requestNewsletterUnsubscribe: async ({ db, request }) => {
      const limited = await rateLimited(request, 'unsubscribe', config.rateLimitPerMinute, newsletterMessages.tooManyRequests);
      if (limited) return limited;
      const form = await readForm(request, maxBytes);
      if (!form.ok) return form.response;
      const fields = readUnsubscribeForm(form.fields, captchaRequired);
      if (!fields.ok) return unsubscribeErrors(fields.errors);
      const { captcha } = await servicesFor(db);
      const verdict = await captcha.verify(fields.captchaToken, clientIp(request));
      if (verdict !== 'ok') return unsubscribeErrors({ [FIELDS.captcha]: captchaVerdictMessages[verdict] });
      // The answer never depends on whether the address is subscribed: the lookup and the mail are a job.
      await jobs.enqueue('newsletter.unsubscribe-request', { email: fields.email, requestedAt: now().toISOString() });
      return json(
        { status: 'success', errors: {}, message: newsletterMessages.unsubscribeRequested } satisfies JsonBody<
          'requestNewsletterUnsubscribe',
          200
        >,
        noStore,
      );
    },
    confirmNewsletterUnsubscribe: async ({ db, request }) => {
      const read = await readToken(request);
      if (!read.ok) return read.response;
      if (!tokenShape.test(read.token)) return outcome('unsubscribe', 'invalid');
      const { oneClickKey } = await servicesFor(db);
      const result = await unsubscribeByLink(db, oneClickKey, read.token, now());
      return outcome('unsubscribe', result.status);
    },
    openOneClickUnsubscribeLink: async ({ params }) => {
      const path = parseParams(contract.OpenOneClickUnsubscribeLinkParams, params);
      if (!path.ok) return path.response;
      return new Response(null, {
        status: 303,
        headers: { location: `/desinscription/confirmer/${path.value.token}`, 'cache-control': 'no-store' },
      });
    },
    unsubscribeOneClick: {
      // Mail clients post it from their own origin (RFC 8058); the token in the path is the credential.
      crossOrigin: true,
      handle: async ({ db, request, params }) => {
        const path = parseParams(contract.UnsubscribeOneClickParams, params);
        if (!path.ok) {
          drainBody(request);
          return path.response;
        }
        const form = await readForm(request, maxBytes);
        if (!form.ok) return form.response;
        if (form.fields.get('List-Unsubscribe') !== 'One-Click') {
          return errorJson(400, newsletterMessages.oneClickBody, { 'List-Unsubscribe': newsletterMessages.oneClickBody });
        }
        const { oneClickKey } = await servicesFor(db);
        const result = await unsubscribeByLink(db, oneClickKey, path.value.token, now());
        return outcome('unsubscribe', result.status);
      },
    },
  } satisfies ApiHandlerTable;
}
