/** The newsletter's pure rules: addresses, postcodes, blocked domains, IP keys, limits, configuration. */
import { afterAll, describe, expect, it } from 'vitest';
import { redisTestsRun, testRedisUrl } from '../../testing/redisReachable.ts';
import { classifyDomain } from './blockedDomains.ts';
import { ipKey } from '../http/clientIp.ts';
import { normaliseEmail, normalisePostcode } from './emailAddress.ts';
import { NewsletterConfigError, newsletterConfigFromEnv } from '../config/newsletterConfig.ts';
import { createMemoryStore, createRedisStore } from '../http/sharedStore.ts';

describe('normaliseEmail', () => {
  it('trims, lower-cases, folds full-width letters and writes IDN domains in punycode', () => {
    expect(normaliseEmail('  Camille.Durand+news@Exemple.FR ')).toEqual({
      ok: true,
      email: 'camille.durand+news@exemple.fr',
      domain: 'exemple.fr',
    });
    expect(normaliseEmail('ＡＢＣ@ｅｘｅｍｐｌｅ.ｆｒ')).toMatchObject({ email: 'abc@exemple.fr' });
    expect(normaliseEmail('lea@Café.fr')).toMatchObject({ email: 'lea@xn--caf-dma.fr' });
  });

  it('says required, too long or invalid', () => {
    expect(normaliseEmail('   ')).toEqual({ ok: false, reason: 'required' });
    expect(normaliseEmail(`${'a'.repeat(250)}@exemple.fr`)).toEqual({ ok: false, reason: 'too-long' });
    for (const bad of [
      'plainaddress',
      '@exemple.fr',
      'a@',
      'a@b',
      'a b@exemple.fr',
      'a@exemple.f',
      'a@exemple.123',
      'é@exemple.fr',
      'a@exe_mple.fr',
      'a\u200b@exemple.fr',
      'a\u2028b@exemple.fr',
    ]) {
      expect(normaliseEmail(bad), bad).toEqual({ ok: false, reason: 'invalid' });
    }
  });
});

describe('normalisePostcode', () => {
  it('accepts metropolitan and overseas codes, spaces tolerated', () => {
    for (const [input, stored] of [
      ['75011', '75011'],
      [' 01 000 ', '01000'],
      ['20090', '20090'],
      ['97200', '97200'],
      ['98799', '98799'],
    ]) {
      expect(normalisePostcode(input as string)).toEqual({ ok: true, postcode: stored });
    }
  });
  it('refuses everything else', () => {
    expect(normalisePostcode('')).toEqual({ ok: false, reason: 'required' });
    for (const bad of ['0', '00000', '96100', '99999', '2A004', '750-11', '75011a'])
      expect(normalisePostcode(bad), bad).toEqual({ ok: false, reason: 'invalid' });
  });
});

describe('classifyDomain', () => {
  it('knows disposable mailboxes and SMS gateways, subdomains included, and lets ordinary domains through', () => {
    expect(classifyDomain('yopmail.com')).toBe('disposable');
    expect(classifyDomain('eu.mailinator.com')).toBe('disposable');
    expect(classifyDomain('txt.att.net')).toBe('sms-gateway');
    expect(classifyDomain('sms.operateur.fr')).toBe('sms-gateway');
    for (const ok of ['gmail.com', 'orange.fr', 'free.fr', 'laposte.net', 'sms.fr', 'yopmail.com.example.fr'])
      expect(classifyDomain(ok), ok).toBeNull();
  });
});

describe('ipKey', () => {
  it('keeps IPv4, unmaps IPv4-mapped IPv6, and groups IPv6 by /64', () => {
    expect(ipKey('203.0.113.9')).toBe('203.0.113.9');
    expect(ipKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(ipKey('2001:db8:1:2::1')).toBe(ipKey('2001:0DB8:0001:0002:ffff:0:0:9'));
    expect(ipKey('2001:db8:1:2::1')).not.toBe(ipKey('2001:db8:1:3::1'));
    expect(ipKey('::1')).toBe('0:0:0:0::/64');
    expect(ipKey('pas une ip')).toBe('unknown');
  });
});

describe('in-process store', () => {
  it('counts hits in a fixed window and claims a key once until it expires', async () => {
    let now = 1_000_000;
    const store = createMemoryStore(() => now);
    expect((await store.hit('k', 60)).count).toBe(1);
    expect(await store.hit('k', 60)).toEqual({ count: 2, resetInSeconds: 60 });
    now += 59_000;
    expect(await store.hit('k', 60)).toEqual({ count: 3, resetInSeconds: 1 });
    now += 1_000;
    expect((await store.hit('k', 60)).count).toBe(1);
    expect(await store.claimOnce('c', 10)).toBe(true);
    expect(await store.claimOnce('c', 10)).toBe(false);
    now += 10_000;
    expect(await store.claimOnce('c', 10)).toBe(true);
  });
});

const redisUrl = testRedisUrl;
const redisUp = await redisTestsRun(redisUrl);

describe.runIf(redisUp)('Redis store (REDIS_URL)', () => {
  const prefix = `piquante:test:${process.pid}:${Date.now()}:`;
  const store = createRedisStore(redisUrl, prefix);
  afterAll(() => store.close());

  it('shares counts and one-time claims through Redis, with expiry', async () => {
    const other = createRedisStore(redisUrl, prefix);
    try {
      expect((await store.hit('ip', 60)).count).toBe(1);
      const second = await other.hit('ip', 60);
      expect(second.count).toBe(2);
      expect(second.resetInSeconds).toBeGreaterThan(55);
      expect(await store.claimOnce('sig', 30)).toBe(true);
      expect(await other.claimOnce('sig', 30)).toBe(false);
    } finally {
      await other.close();
    }
  });

  it('stores of the same Redis share one connection: closing one leaves the others working', async () => {
    const consent = createRedisStore(redisUrl, `${prefix}consent:`);
    await consent.close();
    await consent.close();
    // Counted in Redis, not in each store's in-process fallback: a second store sees the first one's hit.
    const later = createRedisStore(redisUrl, prefix);
    try {
      expect((await store.hit('after-close', 60)).count).toBe(1);
      expect((await later.hit('after-close', 60)).count).toBe(2);
    } finally {
      await later.close();
    }
  });
});

describe('a Redis that does not answer', () => {
  it('falls back to in-process limits instead of refusing readers', async () => {
    const store = createRedisStore('redis://127.0.0.1:1', 'x:');
    try {
      expect((await store.hit('ip', 60)).count).toBe(1);
      expect((await store.hit('ip', 60)).count).toBe(2);
      expect(await store.claimOnce('sig', 30)).toBe(true);
      expect(await store.claimOnce('sig', 30)).toBe(false);
    } finally {
      await store.close();
    }
  });
});

describe('newsletterConfigFromEnv', () => {
  it('defaults: altcha, 10 per minute, no double opt-in, no Redis, no SMTP, localhost links', () => {
    expect(newsletterConfigFromEnv({})).toEqual({
      captcha: { provider: 'altcha' },
      rateLimitPerMinute: 10,
      doubleOptIn: false,
      redisUrl: null,
      smtpUrl: null,
      mailFrom: 'Piquante <bonjour@piquante.fr>',
      siteUrl: 'http://localhost:3000',
      secret: null,
      sendRate: 10,
    });
  });

  it('reads NEWSLETTER_SEND_RATE, and refuses a rate that is not a whole number of messages per second', () => {
    expect(newsletterConfigFromEnv({ NEWSLETTER_SEND_RATE: '250' }).sendRate).toBe(250);
    for (const bad of ['0', '-3', '2.5', 'vite', '999999']) {
      expect(() => newsletterConfigFromEnv({ NEWSLETTER_SEND_RATE: bad }), bad).toThrow(/NEWSLETTER_SEND_RATE/);
    }
  });

  it('switches to reCAPTCHA when asked, or when both keys are given', () => {
    const keys = { RECAPTCHA_SITE_KEY: 'site', RECAPTCHA_SECRET: 'secret' };
    expect(newsletterConfigFromEnv({ CAPTCHA_PROVIDER: 'recaptcha', ...keys }).captcha).toMatchObject({
      provider: 'recaptcha',
      siteKey: 'site',
    });
    expect(newsletterConfigFromEnv(keys).captcha.provider).toBe('recaptcha');
    expect(newsletterConfigFromEnv({ CAPTCHA_PROVIDER: 'altcha', ...keys }).captcha.provider).toBe('altcha');
    expect(newsletterConfigFromEnv({ CAPTCHA_PROVIDER: 'NONE' }).captcha.provider).toBe('none');
  });

  it('refuses to start on a wrong value, saying which', () => {
    const bad: NodeJS.ProcessEnv[] = [
      { CAPTCHA_PROVIDER: 'recaptcha' },
      { CAPTCHA_PROVIDER: 'hcaptcha' },
      { SIGNUP_RATE_LIMIT: '-1' },
      { SIGNUP_RATE_LIMIT: 'beaucoup' },
      { NEWSLETTER_DOUBLE_OPT_IN: 'peut-être' },
      { REDIS_URL: 'http://127.0.0.1:6379' },
      { SMTP_URL: 'pas une url' },
      { SITE_URL: 'ftp://piquante.fr' },
      { NEWSLETTER_SECRET: 'court' },
    ];
    for (const env of bad) expect(() => newsletterConfigFromEnv(env), JSON.stringify(env)).toThrow(NewsletterConfigError);
    expect(
      newsletterConfigFromEnv({ SIGNUP_RATE_LIMIT: '0', NEWSLETTER_DOUBLE_OPT_IN: '1', SITE_URL: 'https://www.piquante.fr/' }),
    ).toMatchObject({
      rateLimitPerMinute: 0,
      doubleOptIn: true,
      siteUrl: 'https://www.piquante.fr',
    });
  });

  it('turns double opt-in on whenever mail is configured, and keeps it off only for the mail-less demo', () => {
    expect(newsletterConfigFromEnv({}).doubleOptIn).toBe(false);
    expect(newsletterConfigFromEnv({ SMTP_URL: 'smtp://mail.piquante.test:587' }).doubleOptIn).toBe(true);
    expect(newsletterConfigFromEnv({ SMTP_URL: 'smtps://mail.piquante.test', NEWSLETTER_DOUBLE_OPT_IN: '' }).doubleOptIn).toBe(true);
    // An operator may still say otherwise, explicitly (the start-up log then says it loud).
    expect(newsletterConfigFromEnv({ SMTP_URL: 'smtp://mail.piquante.test', NEWSLETTER_DOUBLE_OPT_IN: '0' }).doubleOptIn).toBe(false);
    expect(newsletterConfigFromEnv({ NEWSLETTER_DOUBLE_OPT_IN: '1' }).doubleOptIn).toBe(true);
  });
});

describe('Content-Security-Policy and the captcha switch', () => {
  it("lets Google's reCAPTCHA script and frames in only when reCAPTCHA is on", async () => {
    const { contentSecurityPolicy: policyOf } = await import('../security/securityHeaders.server.ts');
    const { pageSourcesFromEnv } = await import('../config/pageSources.ts');
    const contentSecurityPolicy = (hashes: string[], env: NodeJS.ProcessEnv) => policyOf(hashes, pageSourcesFromEnv(env));
    for (const env of [{}, { CAPTCHA_PROVIDER: 'altcha' }, { CAPTCHA_PROVIDER: 'none', RECAPTCHA_SITE_KEY: 'k', RECAPTCHA_SECRET: 's' }]) {
      const csp = contentSecurityPolicy([], env);
      expect(csp, JSON.stringify(env)).not.toContain('google');
      expect(csp).not.toContain('frame-src');
    }
    for (const env of [{ CAPTCHA_PROVIDER: 'recaptcha' }, { RECAPTCHA_SITE_KEY: 'k', RECAPTCHA_SECRET: 's' }]) {
      const csp = contentSecurityPolicy([], env);
      expect(csp).toContain('frame-src https://www.google.com/recaptcha/');
      expect(csp).toMatch(/script-src 'self' https:\/\/www\.google\.com\/recaptcha\//);
    }
  });
});
