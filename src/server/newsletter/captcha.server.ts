/**
 * The invisible captcha behind CAPTCHA_PROVIDER:
 * - `altcha`: self-hosted proof of work. The server hands out HMAC-signed challenges that expire; the
 *   browser finds the number in the background; the server checks the signature, the expiry and that
 *   the solution was never used before. No cookie, no third party.
 * - `recaptcha`: Google reCAPTCHA v2 invisible, verified server-side with the secret. Google's script
 *   runs only for readers who consented to the `recaptcha` vendor; the others ask for an ALTCHA
 *   challenge (`setup({ altcha: true })`) and the server takes either kind of token, so refusing
 *   Google never stops anyone from subscribing.
 * - `none`: no check (local tests and load tests only).
 */
import { createChallenge, verifySolution } from 'altcha-lib';
import { appConfig } from '../../../app.config.ts';
import type { CaptchaSetup } from '../../api/types.ts';
import type { CaptchaConfig } from '../config/captchaProvider.ts';
import type { SharedStore } from '../http/sharedStore.ts';

export type CaptchaVerdict = 'ok' | 'missing' | 'invalid' | 'unavailable';

export interface Captcha {
  provider: CaptchaConfig['provider'];
  /** `altcha`: an ALTCHA challenge even when reCAPTCHA is on (the reader did not consent to Google). */
  setup(options?: { altcha?: boolean }): Promise<CaptchaSetup>;
  verify(token: string | undefined, ip: string): Promise<CaptchaVerdict>;
}

export interface CaptchaDeps {
  config: CaptchaConfig;
  /** HMAC key of the ALTCHA challenges (derived from the newsletter secret). */
  altchaKey: string;
  store: SharedStore;
  /** For reCAPTCHA's siteverify; replaced in tests. */
  fetch?: typeof fetch;
  now?: () => number;
}

const ALTCHA_PAYLOAD = /^[A-Za-z0-9+/=]{20,4096}$/;

interface AltchaPayload {
  algorithm: string;
  challenge: string;
  number: number;
  salt: string;
  signature: string;
}

function decodeAltcha(token: string): AltchaPayload | null {
  if (!ALTCHA_PAYLOAD.test(token)) return null;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const p = value as Record<string, unknown>;
  if (
    p.algorithm !== 'SHA-256' ||
    typeof p.challenge !== 'string' ||
    !/^[0-9a-f]{64}$/.test(p.challenge) ||
    typeof p.signature !== 'string' ||
    !/^[0-9a-f]{64}$/.test(p.signature) ||
    typeof p.salt !== 'string' ||
    p.salt.length > 200 ||
    typeof p.number !== 'number' ||
    !Number.isInteger(p.number) ||
    p.number < 0 ||
    p.number > appConfig.newsletter.altcha.maxNumber
  ) {
    return null;
  }
  return { algorithm: p.algorithm, challenge: p.challenge, number: p.number, salt: p.salt, signature: p.signature };
}

function expiryOf(salt: string): number | null {
  const query = salt.split('?')[1];
  if (!query) return null;
  const expires = new URLSearchParams(query).get('expires');
  return expires && /^\d{1,12}$/.test(expires) ? Number(expires) : null;
}

export function createCaptcha(deps: CaptchaDeps): Captcha {
  const config = deps.config;

  if (config.provider === 'none') {
    return {
      provider: 'none',
      setup: async () => ({ provider: 'none' }),
      verify: async () => 'ok',
    };
  }

  const altcha = createAltchaCaptcha(deps);
  if (config.provider !== 'recaptcha') return altcha;

  // Plain fetch, not the guarded one (decision 026): the provider's address is the operator's configuration.
  const doFetch = deps.fetch ?? fetch;
  const recaptchaSetup: CaptchaSetup = {
    provider: 'recaptcha',
    siteKey: config.siteKey,
    version: 2,
    language: 'fr',
    size: 'invisible',
    badge: 'inline',
  };
  return {
    provider: 'recaptcha',
    setup: async (options) => (options?.altcha ? altcha.setup() : recaptchaSetup),
    async verify(token, ip) {
      if (!token) return 'missing';
      if (token.length > 4096) return 'invalid';
      // An ALTCHA solution is a base64 JSON document Google's tokens never are.
      if (decodeAltcha(token)) return altcha.verify(token, ip);
      const body = new URLSearchParams({ secret: config.secret, response: token });
      if (ip !== 'unknown') body.set('remoteip', ip);
      try {
        const response = await doFetch(config.verifyUrl, {
          method: 'POST',
          body,
          signal: AbortSignal.timeout(5000),
        });
        if (!response.ok) return 'unavailable';
        const answer = (await response.json()) as { success?: unknown };
        return answer.success === true ? 'ok' : 'invalid';
      } catch {
        return 'unavailable';
      }
    },
  };
}

function createAltchaCaptcha(deps: CaptchaDeps): Captcha {
  const now = deps.now ?? Date.now;
  const { maxNumber, expiresSeconds } = appConfig.newsletter.altcha;
  return {
    provider: 'altcha',
    async setup() {
      const challenge = await createChallenge({
        hmacKey: deps.altchaKey,
        algorithm: 'SHA-256',
        maxnumber: maxNumber,
        expires: new Date(now() + expiresSeconds * 1000),
      });
      return {
        provider: 'altcha',
        challenge: {
          algorithm: 'SHA-256',
          challenge: challenge.challenge,
          maxnumber: challenge.maxnumber ?? maxNumber,
          salt: challenge.salt,
          signature: challenge.signature,
        },
      };
    },
    async verify(token) {
      if (!token) return 'missing';
      const payload = decodeAltcha(token);
      if (!payload) return 'invalid';
      const expires = expiryOf(payload.salt);
      if (expires === null || expires * 1000 < now()) return 'invalid';
      let valid = false;
      try {
        // Expiry is checked above with our clock; the library's check uses Date.now().
        valid = await verifySolution(payload as Parameters<typeof verifySolution>[0], deps.altchaKey, false);
      } catch {
        valid = false;
      }
      if (!valid) return 'invalid';
      // A solution is good for one form only: replaying it is refused until the challenge expires.
      const ttl = Math.max(1, Math.ceil(expires - now() / 1000) + 5);
      return (await deps.store.claimOnce(`altcha:${payload.signature}`, ttl)) ? 'ok' : 'invalid';
    },
  };
}
