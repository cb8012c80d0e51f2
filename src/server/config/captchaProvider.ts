/**
 * Which captcha the site uses (CAPTCHA_PROVIDER), resolved in one place because two parts of the server
 * must agree on it: the newsletter, which verifies the tokens, and the pages' Content-Security-Policy,
 * which lets Google's script and frames in only when reCAPTCHA is on.
 */
import { recaptchaRequested, requestedCaptchaProvider } from './siteFeaturesConfig.ts';

export type CaptchaConfig =
  | { provider: 'altcha' }
  | { provider: 'none' }
  | { provider: 'recaptcha'; siteKey: string; secret: string; verifyUrl: string };

/**
 * Whether the pages load reCAPTCHA. Never throws: a wrong setting is reported by the newsletter's
 * configuration at start-up, not by every page's headers.
 */
export function recaptchaEnabled(env: NodeJS.ProcessEnv): boolean {
  return recaptchaRequested(env);
}

/** The captcha settings, or the sentence saying what to fix. */
export function captchaConfigFromEnv(env: NodeJS.ProcessEnv): { ok: true; config: CaptchaConfig } | { ok: false; problem: string } {
  const provider = requestedCaptchaProvider(env);
  switch (provider) {
    case 'altcha':
    case 'none':
      return { ok: true, config: { provider } };
    case 'recaptcha': {
      const siteKey = env.RECAPTCHA_SITE_KEY?.trim() ?? '';
      const secret = env.RECAPTCHA_SECRET?.trim() ?? '';
      if (!siteKey || !secret) {
        return { ok: false, problem: 'CAPTCHA_PROVIDER=recaptcha needs RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET.' };
      }
      // RECAPTCHA_VERIFY_URL points the verification at a fake Google in the browser tests; in production a
      // changed address would send every reader's token (and our secret) elsewhere, so it is refused there.
      const override = env.RECAPTCHA_VERIFY_URL?.trim();
      if (override && env.NODE_ENV === 'production') {
        return {
          ok: false,
          problem: 'RECAPTCHA_VERIFY_URL is for tests only: refused with NODE_ENV=production (tests set NODE_ENV=test).',
        };
      }
      const verifyUrl = override || 'https://www.google.com/recaptcha/api/siteverify';
      return { ok: true, config: { provider, siteKey, secret, verifyUrl } };
    }
    default:
      return { ok: false, problem: `CAPTCHA_PROVIDER must be altcha, recaptcha or none (got "${provider}").` };
  }
}
