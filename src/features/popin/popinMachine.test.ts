/**
 * popinMachine, model-based: every trigger × dismissal cookie present/absent × consent given/refused on
 * a simulated clock, the survey and choice sub-states, and every state reached by xstate/graph with the
 * cookie rule checked on each path.
 */
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { appConfig } from '../../../app.config.ts';
import type { Popin, PopinParts, PopinSurveyAnswerInput, PopinTrigger } from '../../api/types.ts';
import { type CookieWrite, type PopinEvent, popinMachine } from './popinMachine.ts';

const noParts: PopinParts = Object.fromEntries(
  [
    'background',
    'background_mobile',
    'title',
    'subtitle',
    'description',
    'submit',
    'thanks',
    ...[1, 2, 3, 4].flatMap((n) => [`button${n}_text`, `button${n}_url`]),
    ...[1, 2].flatMap((n) => [`choice${n}_type`, `choice${n}_description`, `choice${n}_image`]),
  ].map((key) => [key, null]),
) as unknown as PopinParts;

function popin(type: Popin['type'], trigger: Partial<PopinTrigger>, parts: Partial<PopinParts> = {}): Popin {
  return {
    type,
    cookie: { hash: 'c0ffee', successDuration: 2_592_000 },
    popin: { isClose: false, isOpen: false, isOpenDelay: false, timeDelay: 0, ...trigger },
    parts: { ...noParts, title: 'Titre', ...parts },
  };
}

const { baseDelayMs, touchDelayMs, autoCloseAfterSignupMs } = appConfig.popin;

interface Effects {
  cookies: CookieWrite[];
  answers: PopinSurveyAnswerInput[];
  locks: number;
  restores: number;
}

function start(options: { touch?: boolean } = {}) {
  const clock = new SimulatedClock();
  const effects: Effects = { cookies: [], answers: [], locks: 0, restores: 0 };
  const actor = createActor(
    popinMachine.provide({
      actions: {
        writeCookie: (_, write: CookieWrite) => {
          effects.cookies.push(write);
        },
        sendSurveyAnswer: (_, answer: PopinSurveyAnswerInput) => {
          effects.answers.push(answer);
        },
        lockScroll: () => {
          effects.locks++;
        },
        restoreScroll: () => {
          effects.restores++;
        },
      },
    }),
    { input: { touch: options.touch ?? false }, clock },
  ).start();
  return { actor, clock, effects, displayed: () => actor.getSnapshot().matches('displayed') };
}

const triggers = [
  { name: 'isOpen', trigger: { isOpen: true }, touch: false, delay: baseDelayMs, mouse: false },
  {
    name: 'isOpenDelay (timeDelay 3)',
    trigger: { isOpenDelay: true, timeDelay: 3 },
    touch: false,
    delay: 3000 + baseDelayMs,
    mouse: false,
  },
  { name: 'isClose on a touch device', trigger: { isClose: true }, touch: true, delay: touchDelayMs, mouse: false },
  { name: 'isClose with a mouse leaving the layout', trigger: { isClose: true }, touch: false, delay: baseDelayMs, mouse: true },
];

describe('popinMachine: every trigger × dismissal cookie × consent (simulated clock)', () => {
  for (const t of triggers) {
    for (const cookie of [false, true]) {
      for (const consent of [true, false]) {
        const shows = !cookie && consent;
        it(`${t.name}, cookie ${cookie ? 'present' : 'absent'}, consent ${consent ? 'given' : 'refused'}: ${shows ? `shows after ${t.delay} ms` : 'never shows'}`, () => {
          const { actor, clock, effects, displayed } = start({ touch: t.touch });
          actor.send({ type: 'popin.consentChanged', appConsent: consent });
          actor.send({ type: 'popin.contentSet', popin: popin('register_light', t.trigger), hasDismissalCookie: cookie });
          if (t.mouse) {
            clock.increment(60_000);
            expect(displayed()).toBe(false);
            actor.send({ type: 'popin.mouseLeft' });
          }
          clock.increment(t.delay - 1);
          expect(displayed()).toBe(false);
          clock.increment(1);
          expect(displayed()).toBe(shows);
          clock.increment(60_000);
          expect(displayed()).toBe(shows);
          expect(effects.locks).toBe(shows ? 1 : 0);
          if (!shows) expect(actor.getSnapshot().matches('hidden')).toBe(true);
        });
      }
    }
  }

  it('a mouse coming back within 200 ms cancels; leaving again starts over', () => {
    const { actor, clock, displayed } = start();
    actor.send({ type: 'popin.consentChanged', appConsent: true });
    actor.send({ type: 'popin.contentSet', popin: popin('button', { isClose: true }), hasDismissalCookie: false });
    actor.send({ type: 'popin.mouseLeft' });
    clock.increment(baseDelayMs - 50);
    actor.send({ type: 'popin.mouseEntered' });
    clock.increment(1000);
    expect(displayed()).toBe(false);
    actor.send({ type: 'popin.mouseLeft' });
    clock.increment(baseDelayMs);
    expect(displayed()).toBe(true);
  });

  it('waits for consent: given later, the trigger starts then; withdrawn while waiting, nothing shows', () => {
    const { actor, clock, displayed } = start();
    actor.send({
      type: 'popin.contentSet',
      popin: popin('register_light', { isOpenDelay: true, timeDelay: 2 }),
      hasDismissalCookie: false,
    });
    clock.increment(10_000);
    expect(displayed()).toBe(false);
    actor.send({ type: 'popin.consentChanged', appConsent: true });
    clock.increment(1000);
    actor.send({ type: 'popin.consentChanged', appConsent: false });
    clock.increment(10_000);
    expect(displayed()).toBe(false);
    expect(actor.getSnapshot().matches('hidden')).toBe(true);
  });

  it('waits for the consent banner: nothing while it is open, the trigger starts from zero once it closes', () => {
    const { actor, clock, displayed } = start();
    actor.send({ type: 'popin.consentPromptChanged', open: true });
    actor.send({ type: 'popin.consentChanged', appConsent: true });
    actor.send({ type: 'popin.contentSet', popin: popin('register_light', { isOpen: true }), hasDismissalCookie: false });
    clock.increment(60_000);
    expect(displayed()).toBe(false);
    expect(actor.getSnapshot().value).toBe('hidden');
    actor.send({ type: 'popin.consentPromptChanged', open: false });
    clock.increment(baseDelayMs - 1);
    expect(displayed()).toBe(false);
    // Reopened before the trigger fired: back to hidden, the delay starts over after.
    actor.send({ type: 'popin.consentPromptChanged', open: true });
    clock.increment(60_000);
    expect(displayed()).toBe(false);
    actor.send({ type: 'popin.consentPromptChanged', open: false });
    clock.increment(baseDelayMs);
    expect(displayed()).toBe(true);
  });

  it('the banner opening over a displayed popin closes it without a cookie, and it does not come back', () => {
    const { actor, clock, effects, displayed } = start();
    actor.send({ type: 'popin.consentChanged', appConsent: true });
    actor.send({ type: 'popin.contentSet', popin: popin('button', { isOpen: true }, { button1_text: 'Voir' }), hasDismissalCookie: false });
    clock.increment(baseDelayMs);
    expect(displayed()).toBe(true);
    actor.send({ type: 'popin.consentPromptChanged', open: true });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(effects.cookies).toEqual([]);
    expect(effects.restores).toBe(1);
    actor.send({ type: 'popin.consentPromptChanged', open: false });
    clock.increment(60_000);
    expect(displayed()).toBe(false);
  });

  it('a popin without any trigger never shows', () => {
    const { actor, clock, displayed } = start();
    actor.send({ type: 'popin.consentChanged', appConsent: true });
    actor.send({ type: 'popin.contentSet', popin: popin('button', {}), hasDismissalCookie: false });
    actor.send({ type: 'popin.mouseLeft' });
    clock.increment(60_000);
    expect(displayed()).toBe(false);
  });
});

describe('popinMachine: closing, signing up, emptying', () => {
  function shown(type: Popin['type'], parts: Partial<PopinParts> = {}) {
    const started = start();
    started.actor.send({ type: 'popin.consentChanged', appConsent: true });
    started.actor.send({ type: 'popin.contentSet', popin: popin(type, { isOpen: true }, parts), hasDismissalCookie: false });
    started.clock.increment(baseDelayMs);
    expect(started.displayed()).toBe(true);
    return started;
  }

  it('closing writes regie_<hash> for 1 day with consent, restores scroll, and no other popin shows on this page', () => {
    const { actor, clock, effects } = shown('register_complete');
    actor.send({ type: 'popin.closed' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(effects.cookies).toEqual([{ hash: 'c0ffee', seconds: 86_400 }]);
    expect(effects.restores).toBe(1);
    actor.send({ type: 'popin.contentSet', popin: popin('button', { isOpen: true }), hasDismissalCookie: false });
    clock.increment(60_000);
    expect(actor.getSnapshot().value).toBe('closed');
  });

  it('consent withdrawn while open: closing writes no cookie', () => {
    const { actor, effects } = shown('button', { button1_text: 'Voir' });
    actor.send({ type: 'popin.consentChanged', appConsent: false });
    actor.send({ type: 'popin.closed' });
    expect(effects.cookies).toEqual([]);
    expect(effects.restores).toBe(1);
  });

  it('a signup closes it after 5 s and writes the cookie for successDuration', () => {
    const { actor, clock, effects } = shown('register_light');
    actor.send({ type: 'popin.signupSucceeded' });
    clock.increment(autoCloseAfterSignupMs - 1);
    expect(actor.getSnapshot().matches({ displayed: 'signedUp' })).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('closed');
    expect(effects.cookies).toEqual([{ hash: 'c0ffee', seconds: 2_592_000 }]);
  });

  it('emptied: closed without a cookie', () => {
    const { actor, effects } = shown('register_light');
    actor.send({ type: 'popin.emptied' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().context.popin).toBeNull();
    expect(effects.cookies).toEqual([]);
  });

  it('survey: unanswered, then answered by a button that exists (up to 4), sent once to be counted', () => {
    const { actor, effects } = shown('survey', { button1_text: 'A', button2_text: 'B' });
    expect(actor.getSnapshot().matches({ displayed: { survey: 'unanswered' } })).toBe(true);
    for (const button of [0, 3, 5, 1.5]) actor.send({ type: 'popin.surveyAnswered', button });
    expect(actor.getSnapshot().matches({ displayed: { survey: 'unanswered' } })).toBe(true);
    expect(effects.answers).toEqual([]);
    actor.send({ type: 'popin.surveyAnswered', button: 2 });
    expect(actor.getSnapshot().matches({ displayed: { survey: 'answered' } })).toBe(true);
    expect(actor.getSnapshot().context.surveyAnswer).toBe(2);
    actor.send({ type: 'popin.surveyAnswered', button: 1 });
    expect(effects.answers).toEqual([{ popin: actor.getSnapshot().context.popin?.cookie.hash, button: 2 }]);
  });

  it('register choice: choice 1 selected first; picking choice 2 changes the newsletter type, and back', () => {
    const { actor } = shown('register_choice', { choice1_type: '1', choice2_type: '2' });
    expect(actor.getSnapshot().matches({ displayed: { choice: 'choice1' } })).toBe(true);
    expect(actor.getSnapshot().context.newsletterType).toBe(1);
    actor.send({ type: 'popin.choiceSelected', choice: 2 });
    expect(actor.getSnapshot().context.newsletterType).toBe(2);
    actor.send({ type: 'popin.choiceSelected', choice: 1 });
    expect(actor.getSnapshot().context.newsletterType).toBe(1);
  });

  it('register choice with odd types falls back to 1 and 2', () => {
    const { actor } = shown('register_choice', { choice1_type: 'abc', choice2_type: null });
    expect(actor.getSnapshot().context.newsletterType).toBe(1);
    actor.send({ type: 'popin.choiceSelected', choice: 2 });
    expect(actor.getSnapshot().context.newsletterType).toBe(2);
  });
});

describe('popinMachine (xstate/graph)', () => {
  const timerFired = (delay: string, node: string) => ({ type: `xstate.after.${delay}.popin.${node}` }) as unknown as PopinEvent;
  const events: PopinEvent[] = [
    { type: 'popin.consentChanged', appConsent: true },
    { type: 'popin.consentChanged', appConsent: false },
    { type: 'popin.consentPromptChanged', open: true },
    { type: 'popin.consentPromptChanged', open: false },
    { type: 'popin.contentSet', popin: popin('register_light', { isOpen: true }), hasDismissalCookie: false },
    { type: 'popin.contentSet', popin: popin('register_light', { isOpen: true }), hasDismissalCookie: true },
    {
      type: 'popin.contentSet',
      popin: popin('survey', { isOpenDelay: true, timeDelay: 1 }, { button1_text: 'A' }),
      hasDismissalCookie: false,
    },
    {
      type: 'popin.contentSet',
      popin: popin('register_choice', { isClose: true }, { choice1_type: '1', choice2_type: '2' }),
      hasDismissalCookie: false,
    },
    { type: 'popin.contentSet', popin: popin('button', {}), hasDismissalCookie: false },
    { type: 'popin.mouseLeft' },
    { type: 'popin.mouseEntered' },
    { type: 'popin.closed' },
    { type: 'popin.emptied' },
    { type: 'popin.surveyAnswered', button: 1 },
    { type: 'popin.choiceSelected', choice: 2 },
    { type: 'popin.choiceSelected', choice: 1 },
    { type: 'popin.signupSucceeded' },
    timerFired('isOpen', 'waiting.afterOpen'),
    timerFired('isOpenDelay', 'waiting.afterTimeDelay'),
    timerFired('isClose', 'waiting.mouseLeaving'),
    timerFired('isClose', 'waiting.afterTouchDelay'),
    timerFired('autoCloseAfterSignup', 'displayed.signedUp'),
  ];
  const paths = getShortestPaths(popinMachine, {
    events,
    serializeState: (state) =>
      JSON.stringify([
        state.value,
        state.context.appConsent,
        state.context.consentPromptOpen,
        state.context.hasDismissalCookie,
        state.context.popin?.type ?? null,
        state.context.displayed,
      ]),
    serializeEvent: (event) => JSON.stringify(event),
  });

  it('reaches every state', () => {
    const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    for (const value of [
      '"hidden"',
      '{"waiting":"afterOpen"}',
      '{"waiting":"afterTimeDelay"}',
      '{"waiting":"watchingMouse"}',
      '{"waiting":"mouseLeaving"}',
      '{"waiting":"withoutTrigger"}',
      '{"displayed":"form"}',
      '{"displayed":{"choice":"choice1"}}',
      '{"displayed":{"choice":"choice2"}}',
      '{"displayed":{"survey":"unanswered"}}',
      '{"displayed":{"survey":"answered"}}',
      '{"displayed":"signedUp"}',
      '"closed"',
    ]) {
      expect(reached, value).toContain(value);
    }
  });

  it('on every path: displayed only with consent and without the cookie; a cookie written only with consent', () => {
    for (const path of paths) {
      const { actor, effects } = start();
      let consent = false;
      for (const step of path.steps) {
        const before = actor.getSnapshot();
        const cookiesBefore = effects.cookies.length;
        // Timers are replayed as the graph found them: their xstate.after.* events.
        actor.send(step.event);
        if (step.event.type === 'popin.consentChanged') consent = step.event.appConsent;
        const now = actor.getSnapshot();
        if (now.matches('displayed') && !before.matches('displayed')) {
          expect(now.context.appConsent).toBe(true);
          expect(now.context.hasDismissalCookie).toBe(false);
        }
        if (effects.cookies.length > cookiesBefore) expect(consent).toBe(true);
      }
    }
    expect(paths.length).toBeGreaterThan(20);
  });

  it('on every path: never displayed while the consent banner is open, and the banner never writes a cookie', () => {
    let bannerOpenedOverPopin = 0;
    for (const path of paths) {
      const { actor, effects } = start();
      let bannerOpen = false;
      for (const step of path.steps) {
        const before = actor.getSnapshot();
        const cookiesBefore = effects.cookies.length;
        actor.send(step.event);
        if (step.event.type === 'popin.consentPromptChanged') bannerOpen = step.event.open;
        const now = actor.getSnapshot();
        if (bannerOpen) expect(now.matches('displayed'), JSON.stringify(path.steps.map((s) => s.event.type))).toBe(false);
        if (step.event.type === 'popin.consentPromptChanged') {
          expect(effects.cookies.length).toBe(cookiesBefore);
          if (step.event.open && before.matches('displayed')) {
            bannerOpenedOverPopin++;
            expect(now.value).toBe('closed');
          }
        }
      }
    }
    // The property was tried where it matters: the banner opened over a displayed popin on some path.
    expect(bannerOpenedOverPopin).toBeGreaterThan(0);
  });
});
