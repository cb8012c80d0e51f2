/**
 * The origins the pages' Content-Security-Policy lets in beyond our own, decided once from the
 * environment (not on every render): an external API host, the self-hosted analytics, reCAPTCHA.
 */
import type { PageSources } from '../security/securityHeaders.server.ts';
import { recaptchaEnabled } from './captchaProvider.ts';
import { analyticsFromEnv } from './siteFeaturesConfig.ts';

function originOf(value: string | undefined): string | null {
  if (!value) return null;
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

export function pageSourcesFromEnv(env: NodeJS.ProcessEnv): PageSources {
  const analytics = analyticsFromEnv(env);
  return {
    apiOrigin: originOf(env.API_BASE_URL),
    analyticsOrigin: analytics ? new URL(analytics.url).origin : null,
    recaptcha: recaptchaEnabled(env),
  };
}
