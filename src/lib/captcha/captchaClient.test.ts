import { createHash } from 'node:crypto';
import { createChallenge, verifySolution } from 'altcha-lib';
import { describe, expect, it } from 'vitest';
import type { AltchaChallenge, CaptchaSetup } from '../../api/types.ts';
import { encodeAltchaSolution, solveAltcha } from '../altcha/altchaSolver.ts';
import { createCaptchaClient } from './captchaClient.ts';
import { CaptchaError } from './captchaError.ts';
import { type Grecaptcha, loadRecaptcha, RECAPTCHA_SCRIPT, type RecaptchaHost, recaptchaErrors } from './recaptchaLoader.ts';
import { sha256Hex } from '../altcha/sha256.ts';

async function realChallenge(maxnumber = 5000): Promise<AltchaChallenge> {
  const c = await createChallenge({ hmacKey: 'clé-de-test', maxnumber, expires: new Date(Date.now() + 60_000) });
  return { algorithm: 'SHA-256', challenge: c.challenge, maxnumber, salt: c.salt, signature: c.signature };
}

describe('sha256Hex', () => {
  it('matches node:crypto on empty, short, multi-block and non-ASCII input', () => {
    for (const text of [
      '',
      'abc',
      'a'.repeat(55),
      'a'.repeat(56),
      'a'.repeat(64),
      'x'.repeat(1000),
      'crème brûlée ☕',
      'salt?expires=1&42',
    ]) {
      expect(sha256Hex(text), text.slice(0, 20)).toBe(createHash('sha256').update(text).digest('hex'));
    }
  });
});

describe('ALTCHA solver', () => {
  it('finds the number, and the server-side library accepts the encoded answer', async () => {
    const challenge = await realChallenge();
    const number = solveAltcha(challenge);
    expect(number).not.toBeNull();
    const token = encodeAltchaSolution(challenge, number ?? -1);
    expect(await verifySolution(token, 'clé-de-test')).toBe(true);
    expect(await verifySolution(token, 'autre-clé')).toBe(false);
  });

  it('answers null for a challenge with no solution, and stops when asked', async () => {
    const challenge = { ...(await realChallenge(300)), challenge: '0'.repeat(64) };
    expect(solveAltcha(challenge)).toBeNull();
    expect(solveAltcha({ ...challenge, maxnumber: 1_000_000 }, () => true)).toBeNull();
  });
});

describe('captcha client', () => {
  function fakes(setups: CaptchaSetup[]) {
    let fetches = 0;
    let solves = 0;
    const client = createCaptchaClient({
      fetchSetup: async () => {
        const setup = setups[Math.min(fetches, setups.length - 1)];
        fetches++;
        if (!setup) throw new TypeError('Failed to fetch');
        return setup;
      },
      solve: async (challenge) => {
        solves++;
        return solveAltcha(challenge);
      },
      loadRecaptcha: async () => {
        throw new Error('not expected');
      },
    });
    return { client, fetches: () => fetches, solves: () => solves };
  }

  it('altcha: prepares once in the background, gives the token, and solves a new challenge after reset', async () => {
    const first = await realChallenge();
    const second = await realChallenge();
    const { client, fetches, solves } = fakes([
      { provider: 'altcha', challenge: first },
      { provider: 'altcha', challenge: second },
    ]);
    client.prepare();
    client.prepare();
    const token = await client.getToken();
    expect(fetches()).toBe(1);
    expect(solves()).toBe(1);
    expect(JSON.parse(atob(token)).challenge).toBe(first.challenge);
    expect(await verifySolution(token, 'clé-de-test')).toBe(true);
    // Until reset, the same token (one form, one token).
    expect(await client.getToken()).toBe(token);
    client.reset();
    const next = await client.getToken();
    expect(JSON.parse(atob(next)).challenge).toBe(second.challenge);
    expect(fetches()).toBe(2);
  });

  it('none: an empty token, one request in all', async () => {
    const { client, fetches } = fakes([{ provider: 'none' }]);
    expect(await client.getToken()).toBe('');
    client.reset();
    expect(await client.getToken()).toBe('');
    expect(fetches()).toBe(1);
  });

  it('a network failure rejects this token request and is retried by the next one', async () => {
    let calls = 0;
    const client = createCaptchaClient({
      fetchSetup: async () => {
        calls++;
        if (calls === 1) throw new TypeError('Failed to fetch');
        return { provider: 'none' };
      },
      solve: async () => null,
      loadRecaptcha: async () => {
        throw new Error('not expected');
      },
    });
    await expect(client.getToken()).rejects.toBeInstanceOf(TypeError);
    expect(await client.getToken()).toBe('');
  });

  it('an unsolvable challenge is a CaptchaError the reader is told about', async () => {
    const client = createCaptchaClient({
      fetchSetup: async () => ({ provider: 'altcha', challenge: { ...(await realChallenge(10)), challenge: '0'.repeat(64) } }),
      solve: async (challenge) => solveAltcha(challenge),
      loadRecaptcha: async () => {
        throw new Error('not expected');
      },
    });
    await expect(client.getToken()).rejects.toBeInstanceOf(CaptchaError);
  });

  it('recaptcha: loads the widget once, executes before each submit, resets after', async () => {
    let loads = 0;
    let executes = 0;
    let resets = 0;
    const providers: string[] = [];
    const client = createCaptchaClient({
      fetchSetup: async () => ({ provider: 'recaptcha', siteKey: 'cle', version: 2, language: 'fr', size: 'invisible', badge: 'inline' }),
      solve: async () => null,
      loadRecaptcha: async () => {
        loads++;
        return {
          execute: async () => `jeton-${++executes}`,
          reset: () => {
            resets++;
          },
        };
      },
      onProvider: (provider) => providers.push(provider),
    });
    client.prepare();
    expect(await client.getToken()).toBe('jeton-1');
    client.reset();
    expect(await client.getToken()).toBe('jeton-2');
    client.reset();
    expect({ loads, executes, resets }).toEqual({ loads: 1, executes: 2, resets: 2 });
    expect(providers[0]).toBe('recaptcha');
  });
});

describe('reCAPTCHA loader (SPEC §8 errors)', () => {
  function host(options: { scriptLoads?: boolean; grecaptcha?: Partial<Grecaptcha> } = {}) {
    const injected: string[] = [];
    let loaded = false;
    const callbacks: Record<string, (token?: string) => void> = {};
    const widget: Grecaptcha = {
      render: (_container, parameters) => {
        for (const [key, value] of Object.entries(parameters)) if (typeof value === 'function') callbacks[key] = value as () => void;
        return 7;
      },
      execute: () => callbacks.callback?.('jeton-google'),
      reset: () => {},
      ...options.grecaptcha,
    };
    const fake: RecaptchaHost = {
      injectScript: async (src) => {
        injected.push(src);
        if (options.scriptLoads === false) throw new Error('404');
        loaded = true;
      },
      grecaptcha: () => (loaded ? widget : undefined),
      createContainer: () => ({}),
    };
    return { fake, injected, callbacks };
  }

  it('raises when the site key or the version is missing', async () => {
    const { fake, injected } = host();
    await expect(loadRecaptcha({ version: 2 }, fake)).rejects.toThrow(recaptchaErrors.missingKeyOrVersion);
    await expect(loadRecaptcha({ siteKey: 'cle' }, fake)).rejects.toThrow(recaptchaErrors.missingKeyOrVersion);
    await expect(loadRecaptcha({ siteKey: 'cle', version: 3 }, fake)).rejects.toThrow(recaptchaErrors.missingKeyOrVersion);
    expect(injected).toEqual([]);
  });

  it("says 'ReCaptcha error: Failed to load script' when the script does not load", async () => {
    const { fake } = host({ scriptLoads: false });
    await expect(loadRecaptcha({ siteKey: 'cle', version: 2 }, fake)).rejects.toThrow('ReCaptcha error: Failed to load script');
  });

  it("loads the French script once, runs invisibly, and says 'Failed to execute' when a run fails", async () => {
    let mode: 'answer' | 'throw' | 'wait' = 'answer';
    const { fake, injected, callbacks } = host({
      grecaptcha: {
        execute: () => {
          if (mode === 'throw') throw new Error('boom');
          if (mode === 'answer') callbacks.callback?.('jeton-google');
        },
      },
    });
    const widget = await loadRecaptcha({ siteKey: 'cle', version: 2 }, fake);
    expect(injected).toEqual([RECAPTCHA_SCRIPT]);
    expect(RECAPTCHA_SCRIPT).toContain('hl=fr');
    expect(await widget.execute()).toBe('jeton-google');
    mode = 'throw';
    await expect(widget.execute()).rejects.toThrow('Failed to execute');
    // Google's own error callback (network trouble inside the widget), and an expired challenge.
    mode = 'wait';
    const failed = widget.execute();
    callbacks['error-callback']?.();
    await expect(failed).rejects.toThrow('Failed to execute');
    const expired = widget.execute();
    callbacks['expired-callback']?.();
    await expect(expired).rejects.toThrow('Failed to execute');
    mode = 'answer';
    expect(await widget.execute()).toBe('jeton-google');
  });
});
