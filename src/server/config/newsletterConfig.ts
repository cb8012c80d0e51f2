/**
 * The newsletter's configuration, read once from the environment (ARCHITECTURE.md's table). A wrong
 * value stops the server at start-up with a sentence saying what to fix, rather than failing signups.
 */
import { appConfig } from '../../../app.config.ts';
import { type CaptchaConfig, captchaConfigFromEnv } from './captchaProvider.ts';
import { envFlag, envUrl } from './envValues.ts';

export interface NewsletterConfig {
  captcha: CaptchaConfig;
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
  /** NEWSLETTER_SEND_RATE: messages per second each process sends an issue at (a small relay takes ~10). */
  sendRate: number;
}

export class NewsletterConfigError extends Error {
  constructor(message: string) {
    super(`Newsletter configuration: ${message}`);
    this.name = 'NewsletterConfigError';
  }
}

const fail = (message: string) => new NewsletterConfigError(message);
const flag = (env: NodeJS.ProcessEnv, name: string, fallback = false) => envFlag(env, name, fail, fallback);

function captchaFromEnv(env: NodeJS.ProcessEnv): CaptchaConfig {
  const read = captchaConfigFromEnv(env);
  if (!read.ok) throw new NewsletterConfigError(read.problem);
  return read.config;
}

function rateLimitFromEnv(env: NodeJS.ProcessEnv): number {
  const raw = env.SIGNUP_RATE_LIMIT?.trim();
  if (raw === undefined || raw === '') return appConfig.newsletter.defaultRateLimitPerMinute;
  if (!/^\d{1,7}$/.test(raw)) {
    throw new NewsletterConfigError(`SIGNUP_RATE_LIMIT must be a whole number of signups per minute, 0 to disable (got "${raw}").`);
  }
  return Number(raw);
}

const urlFromEnv = (env: NodeJS.ProcessEnv, name: string, protocols: string[]) => envUrl(env, name, protocols, fail);

function sendRateFromEnv(env: NodeJS.ProcessEnv): number {
  const raw = env.NEWSLETTER_SEND_RATE?.trim();
  if (raw === undefined || raw === '') return appConfig.newsletter.sendRatePerSecond;
  if (!/^\d{1,5}$/.test(raw) || Number(raw) < 1) {
    throw new NewsletterConfigError(`NEWSLETTER_SEND_RATE must be a whole number of messages per second, 1 or more (got "${raw}").`);
  }
  return Number(raw);
}

export function newsletterConfigFromEnv(env: NodeJS.ProcessEnv): NewsletterConfig {
  const siteUrl = urlFromEnv(env, 'SITE_URL', ['http:', 'https:']) ?? 'http://localhost:3000';
  const secret = env.NEWSLETTER_SECRET?.trim() || null;
  if (secret !== null && secret.length < 32) {
    throw new NewsletterConfigError('NEWSLETTER_SECRET must be at least 32 characters long.');
  }
  const smtpUrl = urlFromEnv(env, 'SMTP_URL', ['smtp:', 'smtps:']);
  return {
    captcha: captchaFromEnv(env),
    rateLimitPerMinute: rateLimitFromEnv(env),
    // With mail configured, an address counts only once its owner confirms it: otherwise anyone could
    // subscribe a stranger. Only the mail-less demo runs without (nothing could be confirmed there).
    doubleOptIn: flag(env, 'NEWSLETTER_DOUBLE_OPT_IN', smtpUrl !== null),
    redisUrl: urlFromEnv(env, 'REDIS_URL', ['redis:', 'rediss:']),
    smtpUrl,
    mailFrom: env.MAIL_FROM?.trim() || `${appConfig.site.name} <${appConfig.site.contactEmail}>`,
    siteUrl: siteUrl.replace(/\/+$/, ''),
    sendRate: sendRateFromEnv(env),
    secret,
  };
}
