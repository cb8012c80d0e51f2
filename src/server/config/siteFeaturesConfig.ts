/**
 * The deployment's browser features (src/lib/siteFeatures.ts) read from the environment: once, by
 * readServerConfig. Never throws (a page must render whatever the env); a wrong setting that matters is
 * reported by the domain's own configuration (the newsletter's captcha, push's keys).
 */
import type { AnalyticsSettings, SiteFeatures } from '../../lib/siteFeatures.ts';

/**
 * ANALYTICS_PROVIDER (matomo | plausible), ANALYTICS_URL (http or https) and ANALYTICS_SITE_ID (Matomo: the
 * site's number; Plausible: the domain, SITE_URL's host when unset). Anything incomplete or malformed: none.
 */
export function analyticsFromEnv(env: NodeJS.ProcessEnv): AnalyticsSettings | null {
  const provider = (env.ANALYTICS_PROVIDER ?? '').trim().toLowerCase();
  if (provider !== 'matomo' && provider !== 'plausible') return null;
  let url: URL;
  try {
    url = new URL((env.ANALYTICS_URL ?? '').trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  let siteId = (env.ANALYTICS_SITE_ID ?? '').trim();
  if (!siteId && provider === 'plausible') {
    try {
      siteId = new URL(env.SITE_URL ?? '').host;
    } catch {
      siteId = '';
    }
  }
  if (provider === 'matomo' ? !/^\d{1,9}$/.test(siteId) : !/^[a-z0-9.-]{1,253}(?::\d+)?$/i.test(siteId)) return null;
  return { provider, url: url.href.replace(/\/+$/, ''), siteId };
}

const OFF = ['0', 'false', 'off', 'no'];

/**
 * Whether CAPTCHA_PROVIDER (or, unset, a pair of reCAPTCHA keys) asks for reCAPTCHA. Lives here because
 * both sides need it: the pages (a consent vendor) and the server (its CSP and the newsletter's check).
 */
export function recaptchaRequested(env: NodeJS.ProcessEnv): boolean {
  return requestedCaptchaProvider(env) === 'recaptcha';
}

/** As asked, unvalidated: CAPTCHA_PROVIDER, else reCAPTCHA when both keys are given, else ALTCHA. */
export function requestedCaptchaProvider(env: NodeJS.ProcessEnv): string {
  const explicit = env.CAPTCHA_PROVIDER?.trim().toLowerCase() ?? '';
  if (explicit) return explicit;
  return env.RECAPTCHA_SITE_KEY?.trim() && env.RECAPTCHA_SECRET?.trim() ? 'recaptcha' : 'altcha';
}

export function serviceWorkerEnabled(env: NodeJS.ProcessEnv): boolean {
  return !OFF.includes((env.SERVICE_WORKER ?? '').trim().toLowerCase());
}

/**
 * QA_INSPECTOR=1 or 0 decides. Unset: on in development and in the demo (the embedded database with its
 * demo content, what `npm start` runs), off in a production deployment (DATABASE_URL, or SEED_DEMO=0).
 */
export function qaInspectorEnabled(env: NodeJS.ProcessEnv): boolean {
  const explicit = (env.QA_INSPECTOR ?? '').trim().toLowerCase();
  if (['1', 'true', 'on', 'yes'].includes(explicit)) return true;
  if (OFF.includes(explicit)) return false;
  if (env.NODE_ENV !== 'production') return true;
  const seed = (env.SEED_DEMO ?? '').trim().toLowerCase();
  if (seed === '') return !env.DATABASE_URL?.trim();
  return !OFF.includes(seed);
}

export function siteFeaturesFromEnv(env: NodeJS.ProcessEnv): SiteFeatures {
  const publicKey = env.VAPID_PUBLIC_KEY?.trim() ?? '';
  const complete = publicKey !== '' && Boolean(env.VAPID_PRIVATE_KEY?.trim()) && Boolean(env.VAPID_SUBJECT?.trim());
  return {
    serviceWorker: serviceWorkerEnabled(env),
    pushPublicKey: complete ? publicKey : null,
    qaInspector: qaInspectorEnabled(env),
    analytics: analyticsFromEnv(env),
    recaptcha: recaptchaRequested(env),
  };
}
