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
    expect(captchaConfigFromEnv({ CAPTCHA_PROVIDER: 'hcaptcha' })).toMatchObject({
      ok: false,
      problem: expect.stringContaining('hcaptcha'),
    });
    expect(captchaConfigFromEnv({ CAPTCHA_PROVIDER: 'recaptcha' })).toMatchObject({ ok: false });
    expect(recaptchaEnabled({ CAPTCHA_PROVIDER: 'recaptcha' })).toBe(true);
    expect(recaptchaEnabled({ CAPTCHA_PROVIDER: 'hcaptcha' })).toBe(false);
  });

  it('refuses the test switch RECAPTCHA_VERIFY_URL in production, and uses it elsewhere', () => {
    const env = { RECAPTCHA_SITE_KEY: 'site', RECAPTCHA_SECRET: 'secret', RECAPTCHA_VERIFY_URL: 'http://127.0.0.1:9/siteverify' };
    expect(captchaConfigFromEnv({ ...env, NODE_ENV: 'production' })).toMatchObject({
      ok: false,
      problem: expect.stringContaining('RECAPTCHA_VERIFY_URL'),
    });
    expect(captchaConfigFromEnv({ ...env, NODE_ENV: 'test' })).toMatchObject({
      ok: true,
      config: { verifyUrl: 'http://127.0.0.1:9/siteverify' },
    });
    expect(captchaConfigFromEnv({ RECAPTCHA_SITE_KEY: 'site', RECAPTCHA_SECRET: 'secret', NODE_ENV: 'production' })).toMatchObject({
      ok: true,
      config: { verifyUrl: 'https://www.google.com/recaptcha/api/siteverify' },
    });
  });
});
