import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import { appConfig } from '../../../app.config.ts';
import { CaptchaError } from '../../lib/captcha/captchaError.ts';
import { recaptchaErrors } from '../../lib/captcha/recaptchaLoader.ts';
import { displayMessages, type SignupAnswer, type SignupEvent, type SignupRequest, signupMachine, signupTexts } from './signupMachine.ts';

const submitted = (email = 'camille@exemple.fr'): SignupEvent => ({
  type: 'signup.submitted',
  fields: { people_register_email: email, people_register_codepostal: '75011', people_register_website: '' },
  origin: 'footer-home',
});

const success: SignupAnswer = { status: 'success', doubleOptIn: false };

interface Fakes {
  token?: (call: number) => Promise<string>;
  answer?: (request: SignupRequest) => Promise<SignupAnswer>;
  newsletterType?: number;
}

function start(fakes: Fakes = {}) {
  const requests: SignupRequest[] = [];
  let tokenCalls = 0;
  let resets = 0;
  const actor = createActor(
    signupMachine.provide({
      actors: {
        getCaptchaToken: fromPromise<string>(async () => {
          tokenCalls++;
          return fakes.token ? fakes.token(tokenCalls) : `jeton-${tokenCalls}`;
        }),
        submitSignup: fromPromise<SignupAnswer, SignupRequest>(async ({ input }) => {
          requests.push(input);
          return fakes.answer ? fakes.answer(input) : success;
        }),
      },
      actions: {
        resetCaptcha: () => {
          resets++;
        },
      },
    }),
    { input: { newsletterType: fakes.newsletterType } },
  ).start();
  return { actor, requests, tokenCalls: () => tokenCalls, resets: () => resets };
}

const flush = () => vi.advanceTimersByTimeAsync(0);
const later = <T>(ms: number, value: T | Error) =>
  new Promise<T>((resolve, reject) => setTimeout(() => (value instanceof Error ? reject(value) : resolve(value)), ms));

describe('signupMachine', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('gets a captcha token, then sends the form with it, the origin and type 1, and says thank you', async () => {
    const { actor, requests, resets } = start({
      token: () => later(300, 'jeton-altcha'),
      answer: () => later(500, success),
    });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send(submitted());
    expect(actor.getSnapshot().value).toEqual({ loading: 'gettingCaptchaToken' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await vi.advanceTimersByTimeAsync(299);
    expect(requests).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().value).toEqual({ loading: 'sending' });
    expect(requests).toEqual([
      {
        origin: 'footer-home',
        form: {
          people_register_email: 'camille@exemple.fr',
          people_register_codepostal: '75011',
          people_register_website: '',
          people_register_newslettertype: 1,
          'g-recaptcha-response': 'jeton-altcha',
        },
      },
    ]);
    await vi.advanceTimersByTimeAsync(499);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().value).toBe('success');
    expect(actor.getSnapshot().context.messages).toEqual(["C'est bon ! Merci pour votre inscription."]);
    expect(actor.getSnapshot().context.captchaToken).toBe('');
    expect(resets()).toBe(1);
  });

  it("lists every error on its own line, 'Vous êtes déjà inscrit' shown as 'Vous êtes déjà sur notre liste !'", async () => {
    const { actor, resets } = start({
      answer: async () => ({
        status: 'error',
        errors: {
          people_register_email: 'Vous êtes déjà inscrit',
          people_register_codepostal: "Le code postal n'est pas un code postal français (5 chiffres, outre-mer compris).",
        },
      }),
    });
    actor.send(submitted());
    await flush();
    expect(actor.getSnapshot().value).toBe('error');
    expect(actor.getSnapshot().context.messages).toEqual([
      'Vous êtes déjà sur notre liste !',
      "Le code postal n'est pas un code postal français (5 chiffres, outre-mer compris).",
    ]);
    expect(resets()).toBe(1);
  });

  it('goes quietly back to idle on a network error, while sending or while fetching the captcha', async () => {
    const sendingFails = start({ answer: async () => Promise.reject(new TypeError('Failed to fetch')) });
    sendingFails.actor.send(submitted());
    await flush();
    expect(sendingFails.actor.getSnapshot().value).toBe('idle');
    expect(sendingFails.actor.getSnapshot().context.messages).toEqual([]);
    expect(sendingFails.resets()).toBe(1);

    const challengeFails = start({ token: async () => Promise.reject(new TypeError('Failed to fetch')) });
    challengeFails.actor.send(submitted());
    await flush();
    expect(challengeFails.actor.getSnapshot().value).toBe('idle');
    expect(challengeFails.requests).toEqual([]);
    expect(challengeFails.resets()).toBe(1);
  });

  it("shows a captcha failure (SPEC §8: 'ReCaptcha error: Failed to load script', 'Failed to execute') and sends nothing", async () => {
    for (const message of [recaptchaErrors.loadFailed, recaptchaErrors.executeFailed]) {
      const { actor, requests } = start({ token: async () => Promise.reject(new CaptchaError(message)) });
      actor.send(submitted());
      await flush();
      expect(actor.getSnapshot().value).toBe('error');
      expect(actor.getSnapshot().context.messages).toEqual([message]);
      expect(requests).toEqual([]);
    }
  });

  it('fetches a new token before each submit and resets it after each one', async () => {
    const { actor, requests, tokenCalls, resets } = start({
      answer: async (request) =>
        request.form.people_register_email === 'faute@exemple'
          ? { status: 'error', errors: { people_register_email: "L'adresse e-mail n'est pas valide." } }
          : success,
    });
    actor.send(submitted('faute@exemple'));
    await flush();
    expect(actor.getSnapshot().value).toBe('error');
    actor.send(submitted('bonne@exemple.fr'));
    await flush();
    expect(actor.getSnapshot().value).toBe('success');
    expect(tokenCalls()).toBe(2);
    expect(resets()).toBe(2);
    expect(requests.map((r) => r.form['g-recaptcha-response'])).toEqual(['jeton-1', 'jeton-2']);
  });

  it('sends the newsletter type chosen before submitting (the popin choice), not while loading', async () => {
    const { actor, requests } = start({ answer: () => later(100, success) });
    actor.send({ type: 'signup.newsletterTypeSelected', newsletterType: 2 });
    actor.send(submitted());
    await flush();
    actor.send({ type: 'signup.newsletterTypeSelected', newsletterType: 1 });
    expect(actor.getSnapshot().context.newsletterType).toBe(2);
    await vi.advanceTimersByTimeAsync(100);
    expect(requests[0]?.form.people_register_newslettertype).toBe(2);
    const preset = start({ newsletterType: 2 });
    preset.actor.send(submitted());
    await flush();
    expect(preset.requests[0]?.form.people_register_newslettertype).toBe(appConfig.newsletter.types[2] ? 2 : 1);
  });

  it('ignores a second submit while loading, and asks to confirm by e-mail under double opt-in', async () => {
    const { actor, requests } = start({ answer: () => later(200, { status: 'success', doubleOptIn: true }) });
    actor.send(submitted());
    actor.send(submitted('double@exemple.fr'));
    await vi.advanceTimersByTimeAsync(200);
    expect(requests).toHaveLength(1);
    expect(actor.getSnapshot().context.messages).toEqual([signupTexts.success, signupTexts.confirmByEmail]);
    actor.send({ type: 'signup.reset' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.messages).toEqual([]);
  });

  it('displayMessages keeps the server order, replaces only the exact already-registered text, never shows nothing', () => {
    expect(displayMessages({ a: 'Un', b: 'Vous êtes déjà inscrit', c: 'Deux' })).toEqual([
      'Un',
      'Vous êtes déjà sur notre liste !',
      'Deux',
    ]);
    expect(displayMessages({ a: 'Vous êtes déjà inscrit à autre chose' })).toEqual(['Vous êtes déjà inscrit à autre chose']);
    expect(displayMessages({})).toEqual([signupTexts.fallbackError]);
    expect(displayMessages({ a: '  ' })).toEqual([signupTexts.fallbackError]);
  });
});

describe('signupMachine: every reachable path (xstate/graph)', () => {
  const events: SignupEvent[] = [submitted(), { type: 'signup.newsletterTypeSelected', newsletterType: 2 }, { type: 'signup.reset' }];
  // The invoked actors' answers, as the events XState raises for them.
  const internal = [
    { type: 'xstate.done.actor.getCaptchaToken', output: 'jeton' },
    { type: 'xstate.error.actor.getCaptchaToken', error: new CaptchaError(recaptchaErrors.loadFailed) },
    { type: 'xstate.error.actor.getCaptchaToken', error: new TypeError('Failed to fetch') },
    { type: 'xstate.done.actor.submitSignup', output: success },
    { type: 'xstate.done.actor.submitSignup', output: { status: 'success', doubleOptIn: true } },
    { type: 'xstate.done.actor.submitSignup', output: { status: 'error', errors: { people_register_email: 'Vous êtes déjà inscrit' } } },
    { type: 'xstate.error.actor.submitSignup', error: new TypeError('Failed to fetch') },
  ] as unknown as SignupEvent[];
  const options = {
    events: [...events, ...internal],
    serializeState: (state: ReturnType<typeof signupMachine.transition>) =>
      JSON.stringify([state.value, state.context.newsletterType, state.context.messages]),
    serializeEvent: (event: SignupEvent) => JSON.stringify(event, (_k, v) => (v instanceof Error ? `${v.name}:${v.message}` : v)),
  };
  const simplePaths = getSimplePaths(signupMachine, options);
  const shortestPaths = getShortestPaths(signupMachine, options);

  it('reaches every state, and every message the form can show', () => {
    const values = new Set(shortestPaths.map((path) => JSON.stringify(path.state.value)));
    expect([...values].sort()).toEqual(
      ['"error"', '"idle"', '"success"', '{"loading":"gettingCaptchaToken"}', '{"loading":"sending"}'].sort(),
    );
    const messages = new Set(shortestPaths.flatMap((path) => path.state.context.messages));
    expect([...messages].sort()).toEqual(
      [signupTexts.success, signupTexts.confirmByEmail, 'Vous êtes déjà sur notre liste !', recaptchaErrors.loadFailed].sort(),
    );
    expect(simplePaths.length).toBeGreaterThan(shortestPaths.length);
  });

  const described = simplePaths.map((path) => ({
    name: path.steps.map((step) => step.event.type.replace('xstate.', '')).join(' → ') || '(start)',
    path,
  }));

  it.each(described)('replays $name', ({ path }) => {
    let resets = 0;
    const pending = () => new Promise<never>(() => {});
    const actor = createActor(
      signupMachine.provide({
        actors: { getCaptchaToken: fromPromise<string>(pending), submitSignup: fromPromise<SignupAnswer, SignupRequest>(pending) },
        actions: {
          resetCaptcha: () => {
            resets++;
          },
        },
      }),
      { input: {} },
    ).start();
    let leftLoading = 0;
    let wasLoading = false;
    for (const step of path.steps) {
      actor.send(step.event);
      const snapshot = actor.getSnapshot();
      const loading = snapshot.matches('loading');
      if (wasLoading && !loading) leftLoading++;
      wasLoading = loading;
      // Busy exactly while loading; messages only in success and error.
      expect(snapshot.hasTag('busy')).toBe(loading);
      if (snapshot.matches('idle') || loading) expect(snapshot.context.messages).toEqual([]);
      else expect(snapshot.context.messages.length).toBeGreaterThan(0);
    }
    const end = actor.getSnapshot();
    expect(end.value).toEqual(path.state.value);
    expect(end.context.newsletterType).toBe(path.state.context.newsletterType);
    expect(end.context.messages).toEqual(path.state.context.messages);
    // The captcha is reset every time loading ends, whatever the outcome, and only then.
    expect(resets).toBe(leftLoading);
    if (!end.matches('loading')) expect(end.context.captchaToken).toBe('');
    actor.stop();
  });
});
