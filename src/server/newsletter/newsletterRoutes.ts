/**
 * The newsletter endpoints of the contract (openapi/magazine.yaml, tag Newsletter), added to the content
 * service's route table by `addNewsletterRoutes(router)`.
 *
 * Order of the checks on a form: path, per-IP rate limit (before reading the body), body (415/413/400),
 * honeypot, fields, captcha, then the database. Whatever is refused is never stored, and a refusal is
 * always a 4xx or a `status: error` with a French sentence, never a 5xx.
 */
import { appConfig } from '../../../app.config.ts';
import * as contract from '../../api/generated/zod.ts';
import type { TokenOutcome } from '../../api/types.ts';
import type { Database } from '../../db/client.ts';
import type { ApiHandler } from '../http/contentApi.ts';
import { parseParams } from '../http/parseParams.ts';
import { errorJson, json } from '../http/responses.ts';
import type { PathRouter } from '../http/router.ts';
import { classifyDomain } from './blockedDomains.ts';
import { type Captcha, type CaptchaVerdict, createCaptcha } from './captcha.server.ts';
import { normaliseEmail, normalisePostcode } from './emailAddress.ts';
import { type FormFields, readForm } from './formBody.ts';
import { confirmationMail, createMailer, type Mailer, unsubscribeRequestMail, welcomeMail } from './mailer.server.ts';
import { type NewsletterConfig, newsletterConfigFromEnv } from './newsletterConfig.ts';
import { createMemoryStore, createRedisStore, ipKey, type SharedStore } from './sharedStore.ts';
import {
  confirmSignup,
  deriveKey,
  findSubscribed,
  issueToken,
  loadNewsletterSecret,
  oneClickToken,
  signup,
  unsubscribeByLink,
} from './subscribers.server.ts';

export const FIELDS = {
  email: 'people_register_email',
  postcode: 'people_register_codepostal',
  type: 'people_register_newslettertype',
  captcha: 'g-recaptcha-response',
  honeypot: 'people_register_website',
} as const;

export const newsletterMessages = {
  emailRequired: "L'adresse e-mail est obligatoire.",
  emailInvalid: "L'adresse e-mail n'est pas valide.",
  emailTooLong: "L'adresse e-mail est trop longue.",
  disposable: "Les adresses e-mail jetables ne sont pas acceptées : merci d'utiliser votre adresse habituelle.",
  smsGateway:
    "Les adresses de passerelle e-mail vers SMS ne sont pas acceptées : merci d'utiliser une adresse e-mail classique.",
  postcodeRequired: 'Le code postal est obligatoire.',
  postcodeInvalid: "Le code postal n'est pas un code postal français (5 chiffres, outre-mer compris).",
  typeUnknown: "Cette newsletter n'existe pas.",
  honeypot:
    "Votre inscription n'a pas été enregistrée : un champ invisible a été rempli, ce que seuls les robots font. Si vous êtes une personne, rechargez la page et réessayez.",
  captchaMissing: "La vérification anti-robot n'a pas été faite : rechargez la page et réessayez.",
  captchaInvalid: 'La vérification anti-robot a échoué ou a expiré : rechargez la page et réessayez.',
  captchaUnavailable: "La vérification anti-robot n'a pas pu être faite : réessayez dans un instant.",
  tooManyRequests: 'Trop de tentatives, merci de réessayer dans une minute.',
  tooManyChallenges: 'Trop de vérifications anti-robot demandées, merci de réessayer dans une minute.',
  alreadyRegistered: appConfig.newsletter.alreadyRegistered,
  unsubscribeRequested: 'Si cette adresse est inscrite, un e-mail de confirmation vient de lui être envoyé.',
  tokenRequired: 'Le lien est incomplet : ouvrez-le de nouveau depuis l’e-mail reçu.',
  oneClickBody: 'Le corps attendu est « List-Unsubscribe=One-Click » (RFC 8058).',
} as const;

const linkMessages: Record<'confirm' | 'unsubscribe', Record<TokenOutcome['status'], string>> = {
  confirm: {
    confirmed: `C'est confirmé ! Bienvenue dans la newsletter ${appConfig.site.name}.`,
    'already-confirmed': 'Ce lien a déjà servi : votre inscription est déjà confirmée.',
    unsubscribed: 'Cette adresse est désinscrite.',
    'already-unsubscribed': 'Cette adresse est désinscrite.',
    expired: `Ce lien de confirmation a expiré (il était valable ${appConfig.newsletter.confirmLinkDays} jours). Inscrivez-vous à nouveau pour en recevoir un nouveau.`,
    invalid: "Ce lien de confirmation n'est pas valide. Vérifiez qu'il est complet, ou inscrivez-vous à nouveau.",
  },
  unsubscribe: {
    confirmed: 'Cette adresse est inscrite.',
    'already-confirmed': 'Cette adresse est inscrite.',
    unsubscribed: "C'est fait, vous êtes désinscrit. Vous ne recevrez plus la newsletter.",
    'already-unsubscribed': 'Ce lien a déjà servi : cette adresse est déjà désinscrite.',
    expired: `Ce lien de désinscription a expiré (il était valable ${appConfig.newsletter.unsubscribeLinkDays} jours). Refaites la demande sur la page de désinscription.`,
    invalid:
      "Ce lien de désinscription n'est pas valide. Vérifiez qu'il est complet, ou refaites la demande sur la page de désinscription.",
  },
};

const verdictMessage: Record<Exclude<CaptchaVerdict, 'ok'>, string> = {
  missing: newsletterMessages.captchaMissing,
  invalid: newsletterMessages.captchaInvalid,
  unavailable: newsletterMessages.captchaUnavailable,
};

export interface NewsletterOptions {
  /** Environment to read the configuration from (default process.env); ignored when `config` is given. */
  env?: NodeJS.ProcessEnv;
  config?: NewsletterConfig;
  /** The client's IP: srvx's `request.ip`, or the last X-Forwarded-For entry with TRUST_PROXY=1. */
  clientIp?: (request: Request) => string;
  mailer?: Mailer;
  store?: SharedStore;
  /** reCAPTCHA siteverify calls go through this fetch (tests). */
  fetch?: typeof fetch;
  now?: () => Date;
}

export function defaultClientIp(trustProxy: boolean) {
  return (request: Request): string => {
    if (trustProxy) {
      const last = (request.headers.get('x-forwarded-for') ?? '')
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean)
        .pop();
      if (last) return last;
    }
    const ip = (request as Request & { ip?: unknown }).ip;
    return typeof ip === 'string' && ip !== '' ? ip : 'unknown';
  };
}

interface Services {
  captcha: Captcha;
  oneClickKey: string;
}

const noStore = { cache: 'error' } as const;

const outcome = (flow: 'confirm' | 'unsubscribe', status: TokenOutcome['status']) =>
  json({ status, message: linkMessages[flow][status] } satisfies TokenOutcome, noStore);

const signupErrors = (errors: Record<string, string>) => json({ status: 'error', errors }, noStore);

function background(what: string, work: Promise<unknown>): void {
  work.catch((error: unknown) => {
    console.error(`[newsletter] ${what} failed:`, error instanceof Error ? error.message : error);
  });
}

async function discardBody(request: Request): Promise<void> {
  try {
    await request.body?.cancel();
  } catch {
    // Nothing to release.
  }
}

function parseNewsletterType(raw: string | undefined): number | null {
  const value = (raw ?? '').trim();
  if (value === '') return appConfig.newsletter.defaultType;
  if (!/^[0-9]{1,3}$/.test(value)) return null;
  const type = Number(value);
  return appConfig.newsletter.types[type] ? type : null;
}

/** Checks the e-mail field; writes its error into `errors` and returns the normalised address. */
function checkEmail(fields: FormFields, errors: Record<string, string>): string | null {
  const check = normaliseEmail(fields.get(FIELDS.email) ?? '');
  if (!check.ok) {
    errors[FIELDS.email] =
      check.reason === 'required'
        ? newsletterMessages.emailRequired
        : check.reason === 'too-long'
          ? newsletterMessages.emailTooLong
          : newsletterMessages.emailInvalid;
    return null;
  }
  const blocked = classifyDomain(check.domain);
  if (blocked) {
    errors[FIELDS.email] = blocked === 'disposable' ? newsletterMessages.disposable : newsletterMessages.smsGateway;
    return null;
  }
  return check.email;
}

export function addNewsletterRoutes<R extends PathRouter<ApiHandler>>(router: R, options: NewsletterOptions = {}): R {
  const config = options.config ?? newsletterConfigFromEnv(options.env);
  const store = options.store ?? (config.redisUrl ? createRedisStore(config.redisUrl) : createMemoryStore());
  const mailer = options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom });
  const clientIp = options.clientIp ?? defaultClientIp(config.trustProxy);
  const now = options.now ?? (() => new Date());
  const maxBytes = appConfig.newsletter.maxBodyBytes;

  // Keys come from the database when NEWSLETTER_SECRET is not set: one set per database.
  const services = new WeakMap<Database, Promise<Services>>();
  function servicesFor(db: Database): Promise<Services> {
    let ready = services.get(db);
    if (!ready) {
      ready = loadNewsletterSecret(db, config.secret).then((secret) => ({
        captcha: createCaptcha({
          config: config.captcha,
          altchaKey: deriveKey(secret, 'altcha'),
          store,
          fetch: options.fetch,
          now: () => now().getTime(),
        }),
        oneClickKey: deriveKey(secret, 'one-click'),
      }));
      ready.catch(() => services.delete(db));
      services.set(db, ready);
    }
    return ready;
  }

  /** null when allowed; the 429 otherwise (the body is not read). */
  async function rateLimited(request: Request, scope: string, perMinute: number, message: string) {
    if (perMinute <= 0) return null;
    const { count, resetInSeconds } = await store.hit(`${scope}:${ipKey(clientIp(request))}`, 60);
    if (count <= perMinute) return null;
    await discardBody(request);
    return errorJson(429, message, undefined, { 'retry-after': String(resetInSeconds) });
  }

  const links = {
    confirm: (token: string) => `${config.siteUrl}/inscription/confirmer/${token}`,
    unsubscribe: (token: string) => `${config.siteUrl}/desinscription/confirmer/${token}`,
    oneClick: (token: string) => `${config.siteUrl}/newsletter/desinscription-un-clic/${token}`,
  };

  async function readToken(request: Request): Promise<{ ok: true; token: string } | { ok: false; response: Response }> {
    const form = await readForm(request, maxBytes);
    if (!form.ok) return form;
    const token = form.fields.get('token');
    if (!token) {
      return { ok: false, response: errorJson(400, newsletterMessages.tokenRequired, { token: newsletterMessages.tokenRequired }) };
    }
    return { ok: true, token: token.trim() };
  }

  const tokenShape = /^[A-Za-z0-9_.-]{20,200}$/;

  const signupHandler: ApiHandler = async ({ db, request, params }) => {
    const path = parseParams(contract.SignupNewsletterParams, params);
    if (!path.ok) {
      await discardBody(request);
      return path.response;
    }
    const limited = await rateLimited(request, 'signup', config.rateLimitPerMinute, newsletterMessages.tooManyRequests);
    if (limited) return limited;
    const form = await readForm(request, maxBytes);
    if (!form.ok) return form.response;
    const fields = form.fields;

    if ((fields.get(FIELDS.honeypot) ?? '') !== '') return signupErrors({ [FIELDS.honeypot]: newsletterMessages.honeypot });

    const errors: Record<string, string> = {};
    const email = checkEmail(fields, errors);
    const postcode = normalisePostcode((fields.get(FIELDS.postcode) ?? '').slice(0, 64));
    if (!postcode.ok) {
      errors[FIELDS.postcode] =
        postcode.reason === 'required' ? newsletterMessages.postcodeRequired : newsletterMessages.postcodeInvalid;
    }
    const newsletterType = parseNewsletterType(fields.get(FIELDS.type));
    if (newsletterType === null) errors[FIELDS.type] = newsletterMessages.typeUnknown;
    const { captcha } = await servicesFor(db);
    const token = fields.get(FIELDS.captcha);
    if (captcha.provider !== 'none' && !token) errors[FIELDS.captcha] = newsletterMessages.captchaMissing;
    if (email === null || !postcode.ok || newsletterType === null || Object.keys(errors).length > 0) {
      return signupErrors(errors);
    }

    const verdict = await captcha.verify(token, clientIp(request));
    if (verdict !== 'ok') return signupErrors({ [FIELDS.captcha]: verdictMessage[verdict] });

    const at = now();
    const result = await signup(db, {
      email,
      postcode: postcode.postcode,
      newsletterType,
      origin: path.value.origin,
      doubleOptIn: config.doubleOptIn,
      now: at,
    });
    if (result.kind === 'already-subscribed') {
      return signupErrors({ [FIELDS.email]: newsletterMessages.alreadyRegistered });
    }
    if (result.kind === 'pending') {
      if (result.sendConfirmation) {
        const link = await issueToken(db, result.subscriberId, 'confirm', at);
        background(
          'confirmation e-mail',
          mailer.send(confirmationMail(email, links.confirm(link), appConfig.newsletter.confirmLinkDays)),
        );
      }
      return json({ status: 'success', errors: {}, doubleOptIn: true }, noStore);
    }
    return json({ status: 'success', errors: {} }, noStore);
  };

  router
    .add('GET', '/newsletter/captcha', async ({ db, request }) => {
      const perMinute = config.rateLimitPerMinute * appConfig.newsletter.challengesPerSignup;
      const limited = await rateLimited(request, 'captcha', perMinute, newsletterMessages.tooManyChallenges);
      if (limited) return limited;
      const { captcha } = await servicesFor(db);
      return json(await captcha.setup(), noStore);
    })
    .add('POST', '/newsletter/inscriptionajaxlight-:origin', signupHandler)
    .add('POST', '/newsletter/confirmation', async ({ db, request }) => {
      const read = await readToken(request);
      if (!read.ok) return read.response;
      if (!tokenShape.test(read.token)) return outcome('confirm', 'invalid');
      const at = now();
      const result = await confirmSignup(db, read.token, at);
      if (result.status === 'confirmed' && result.email && result.subscriberId) {
        const { oneClickKey } = await servicesFor(db);
        const token = oneClickToken(oneClickKey, result.subscriberId, result.email);
        background(
          'welcome e-mail',
          mailer.send(
            welcomeMail(result.email, {
              site: config.siteUrl,
              unsubscribePage: links.unsubscribe(token),
              oneClick: links.oneClick(token),
            }),
          ),
        );
      }
      return outcome('confirm', result.status);
    })
    .add('POST', '/newsletter/desinscription', async ({ db, request }) => {
      const limited = await rateLimited(request, 'unsubscribe', config.rateLimitPerMinute, newsletterMessages.tooManyRequests);
      if (limited) return limited;
      const form = await readForm(request, maxBytes);
      if (!form.ok) return form.response;
      const fields = form.fields;
      const errorAnswer = (errors: Record<string, string>) =>
        json({ status: 'error', errors, message: Object.values(errors)[0] ?? '' }, noStore);
      if ((fields.get(FIELDS.honeypot) ?? '') !== '') return errorAnswer({ [FIELDS.honeypot]: newsletterMessages.honeypot });
      const errors: Record<string, string> = {};
      const check = normaliseEmail(fields.get(FIELDS.email) ?? '');
      if (!check.ok) {
        errors[FIELDS.email] = check.reason === 'required' ? newsletterMessages.emailRequired : newsletterMessages.emailInvalid;
      }
      const { captcha } = await servicesFor(db);
      const token = fields.get(FIELDS.captcha);
      if (captcha.provider !== 'none' && !token) errors[FIELDS.captcha] = newsletterMessages.captchaMissing;
      if (!check.ok || Object.keys(errors).length > 0) return errorAnswer(errors);
      const verdict = await captcha.verify(token, clientIp(request));
      if (verdict !== 'ok') return errorAnswer({ [FIELDS.captcha]: verdictMessage[verdict] });
      // The answer never depends on whether the address is subscribed: the lookup and the mail happen
      // after it, in the background.
      const at = now();
      background(
        'unsubscribe e-mail',
        (async () => {
          const subscriber = await findSubscribed(db, check.email);
          if (!subscriber) return;
          const link = await issueToken(db, subscriber.id, 'unsubscribe', at);
          await mailer.send(
            unsubscribeRequestMail(check.email, links.unsubscribe(link), appConfig.newsletter.unsubscribeLinkDays),
          );
        })(),
      );
      return json({ status: 'success', errors: {}, message: newsletterMessages.unsubscribeRequested }, noStore);
    })
    .add('POST', '/newsletter/desinscription/confirmation', async ({ db, request }) => {
      const read = await readToken(request);
      if (!read.ok) return read.response;
      if (!tokenShape.test(read.token)) return outcome('unsubscribe', 'invalid');
      const { oneClickKey } = await servicesFor(db);
      const result = await unsubscribeByLink(db, oneClickKey, read.token, now());
      return outcome('unsubscribe', result.status);
    })
    .add('GET', '/newsletter/desinscription-un-clic/:token', async ({ params }) => {
      const path = parseParams(contract.OpenOneClickUnsubscribeLinkParams, params);
      if (!path.ok) return path.response;
      return new Response(null, {
        status: 303,
        headers: { location: `/desinscription/confirmer/${path.value.token}`, 'cache-control': 'no-store' },
      });
    })
    .add('POST', '/newsletter/desinscription-un-clic/:token', async ({ db, request, params }) => {
      const path = parseParams(contract.UnsubscribeOneClickParams, params);
      if (!path.ok) {
        await discardBody(request);
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
    });
  return router;
}
