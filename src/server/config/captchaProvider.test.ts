import { describe, expect, it } from 'vitest';
import { captchaConfigFromEnv, recaptchaEnabled } from './captchaProvider.ts';

describe('the captcha provider, shared by the newsletter and the security headers', () => {
  it('resolves CAPTCHA_PROVIDER first, then both reCAPTCHA keys, then ALTCHA', () => {
    const keys = { RECAPTCHA_SITE_KEY: 'site', RECAPTCHA_SECRET: 'secret' };
    expect(captchaConfigFromEnv({})).toEqual({ ok: true, config: { provider: 'altcha' } });
    expect(captchaConfigFromEnv(keys)).toMatchObject({ ok: true, config: { provider: 'recaptcha', siteKey: 'site' } });
    expect(captchaConfigFromEnv({ ...keys, CAPTCHA_PROVIDER: ' None ' })).toEqual({ ok: true, config: { provider: 'none' } });
    expect(recaptchaEnabled(keys)).toBe(true);
    expect(recaptchaEnabled({ ...keys, CAPTCHA_PROVIDER: 'altcha' })).toBe(false);
  });

  it('says what to fix, while the headers never throw', () => {
    expect(captchaConfigFromEnv({ CAPTCHA_PROVIDER: 'hcaptcha' })).toMatchObject({ ok: false, problem: expect.stringContaining('hcaptcha') });
    expect(captchaConfigFromEnv({ CAPTCHA_PROVIDER: 'recaptcha' })).toMatchObject({ ok: false });
    expect(recaptchaEnabled({ CAPTCHA_PROVIDER: 'recaptcha' })).toBe(true);
    expect(recaptchaEnabled({ CAPTCHA_PROVIDER: 'hcaptcha' })).toBe(false);
  });
});
