/**
 * The newsletter's configuration, read once from the environment (ARCHITECTURE.md's table). A wrong
 * value stops the server at start-up with a sentence saying what to fix, rather than failing signups.
 */
import { appConfig } from '../../../app.config.ts';

export type CaptchaProvider = 'altcha' | 'recaptcha' | 'none';

export interface NewsletterConfig {
  captcha:
    | { provider: 'altcha' }
    | { provider: 'none' }
    | { provider: 'recaptcha'; siteKey: string; secret: string; verifyUrl: string };
  /** Signups per IP per minute; 0 disables the limit (load tests). */
  rateLimitPerMinute: number;
  doubleOptIn: boolean;
  redisUrl: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  /** Canonical origin for the links sent by e-mail, without a trailing slash. */
  siteUrl: string;
  /** HMAC secret shared by every instance; null: generated once and kept in the database. */
  secret: string | null;
  /** Use the last X-Forwarded-For entry as the client IP (only behind a proxy you run). */
  trustProxy: boolean;
}

export class NewsletterConfigError extends Error {
  constructor(message: string) {
    super(`Newsletter configuration: ${message}`);
    this.name = 'NewsletterConfigError';
  }
}

const ON = ['1', 'true', 'on', 'yes'];
const OFF = ['', '0', 'false', 'off', 'no'];

function flag(env: NodeJS.ProcessEnv, name: string): boolean {
  const raw = (env[name] ?? '').trim().toLowerCase();
  if (ON.includes(raw)) return true;
  if (OFF.includes(raw)) return false;
  throw new NewsletterConfigError(`${name} must be 1 or 0 (got "${env[name]}").`);
}

/** Whether the pages load reCAPTCHA (for the Content-Security-Policy); never throws. */
export function recaptchaEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  const explicit = env.CAPTCHA_PROVIDER?.trim().toLowerCase() ?? '';
  if (explicit) return explicit === 'recaptcha';
  return Boolean(env.RECAPTCHA_SITE_KEY?.trim() && env.RECAPTCHA_SECRET?.trim());
}

function captchaFromEnv(env: NodeJS.ProcessEnv): NewsletterConfig['captcha'] {
  const siteKey = env.RECAPTCHA_SITE_KEY?.trim() ?? '';
  const secret = env.RECAPTCHA_SECRET?.trim() ?? '';
  const explicit = env.CAPTCHA_PROVIDER?.trim().toLowerCase() ?? '';
  // Unset: reCAPTCHA when both keys are given, otherwise the self-hosted ALTCHA.
  const provider = explicit || (siteKey && secret ? 'recaptcha' : 'altcha');
  switch (provider) {
    case 'altcha':
      return { provider: 'altcha' };
    case 'none':
      return { provider: 'none' };
    case 'recaptcha':
      if (!siteKey || !secret) {
        throw new NewsletterConfigError('CAPTCHA_PROVIDER=recaptcha needs RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET.');
      }
      return {
        provider: 'recaptcha',
        siteKey,
        secret,
        verifyUrl: env.RECAPTCHA_VERIFY_URL?.trim() || 'https://www.google.com/recaptcha/api/siteverify',
      };
    default:
      throw new NewsletterConfigError(`CAPTCHA_PROVIDER must be altcha, recaptcha or none (got "${explicit}").`);
  }
}

function rateLimitFromEnv(env: NodeJS.ProcessEnv): number {
  const raw = env.SIGNUP_RATE_LIMIT?.trim();
  if (raw === undefined || raw === '') return appConfig.newsletter.defaultRateLimitPerMinute;
  if (!/^\d{1,7}$/.test(raw)) {
    throw new NewsletterConfigError(`SIGNUP_RATE_LIMIT must be a whole number of signups per minute, 0 to disable (got "${raw}").`);
  }
  return Number(raw);
}

function urlFromEnv(env: NodeJS.ProcessEnv, name: string, protocols: string[]): string | null {
  const raw = env[name]?.trim();
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new NewsletterConfigError(`${name} is not a valid URL.`);
  }
  if (!protocols.includes(url.protocol)) {
    throw new NewsletterConfigError(`${name} must start with ${protocols.map((p) => `${p}//`).join(' or ')}.`);
  }
  return raw;
}

export function newsletterConfigFromEnv(env: NodeJS.ProcessEnv = process.env): NewsletterConfig {
  const siteUrl = urlFromEnv(env, 'SITE_URL', ['http:', 'https:']) ?? 'http://localhost:3000';
  const secret = env.NEWSLETTER_SECRET?.trim() || null;
  if (secret !== null && secret.length < 32) {
    throw new NewsletterConfigError('NEWSLETTER_SECRET must be at least 32 characters long.');
  }
  return {
    captcha: captchaFromEnv(env),
    rateLimitPerMinute: rateLimitFromEnv(env),
    doubleOptIn: flag(env, 'NEWSLETTER_DOUBLE_OPT_IN'),
    redisUrl: urlFromEnv(env, 'REDIS_URL', ['redis:', 'rediss:']),
    smtpUrl: urlFromEnv(env, 'SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom: env.MAIL_FROM?.trim() || `${appConfig.site.name} <${appConfig.site.contactEmail}>`,
    siteUrl: siteUrl.replace(/\/+$/, ''),
    secret,
    trustProxy: flag(env, 'TRUST_PROXY'),
  };
}
