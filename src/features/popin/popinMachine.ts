/**
 * The marketing popin (SPEC §4): hidden → waiting for its trigger → displayed → closed.
 * - It never shows when the dismissal cookie exists, when a popin was already displayed on this page,
 *   or when the `app` consent vendor is not enabled (guards `hasDismissalCookie`, `wasDisplayed`,
 *   `appVendorDisabled`); consent withdrawn while waiting sends it back to hidden.
 * - It never shares the screen with the consent banner (issue 39): while the banner (or its preferences)
 *   is open, a popin waits in hidden and its trigger starts only once the reader has chosen; a banner
 *   opening over a displayed popin closes it (no cookie: the reader did not dismiss it).
 * - Triggers, by priority: `isOpen` (200 ms), `isOpenDelay` (timeDelay × 1000 + 200 ms), `isClose`
 *   (touch devices: after 4000 ms; otherwise 200 ms after the mouse leaves the page layout, cancelled if
 *   it comes back first). A popin with no trigger never shows.
 * - While displayed the page does not scroll. Closing writes the dismissal cookie `regie_<hash>` for
 *   1 day, only with the `app` vendor's consent. A signup in the popin closes it after 5 s and writes the
 *   cookie for the server's `successDuration`.
 * - Survey: unanswered → answered (the buttons give way to the thank-you text). Register-choice:
 *   choice 1 is selected first; picking the other one changes the newsletter type the form sends.
 * - The content can be set (a new page's popin) or emptied (closed without a trace).
 */
import { and, assign, not, or, setup } from 'xstate';
import { appConfig } from '../../../app.config.ts';
import type { Popin, PopinSurveyAnswerInput } from '../../api/types.ts';

export interface PopinContext {
  popin: Popin | null;
  hasDismissalCookie: boolean;
  appConsent: boolean;
  /** The consent banner or its preferences are open (or about to open: no choice is known yet). */
  consentPromptOpen: boolean;
  touch: boolean;
  /** A popin was displayed during this page's life: no second one. */
  displayed: boolean;
  newsletterType: number;
  /** The survey's button picked (1..4), or null. */
  surveyAnswer: number | null;
}

export interface PopinInput {
  touch?: boolean;
  appConsent?: boolean;
  consentPromptOpen?: boolean;
}

export type PopinEvent =
  | { type: 'popin.contentSet'; popin: Popin; hasDismissalCookie: boolean }
  | { type: 'popin.emptied' }
  | { type: 'popin.consentChanged'; appConsent: boolean }
  | { type: 'popin.consentPromptChanged'; open: boolean }
  | { type: 'popin.mouseLeft' }
  | { type: 'popin.mouseEntered' }
  | { type: 'popin.closed' }
  | { type: 'popin.surveyAnswered'; button: number }
  | { type: 'popin.choiceSelected'; choice: 1 | 2 }
  | { type: 'popin.signupSucceeded' };

/** A dismissal cookie to write: `regie_<hash>`, for this many seconds. */
export interface CookieWrite {
  hash: string;
  seconds: number;
}

function newsletterTypeOf(popin: Popin | null, choice: 1 | 2): number {
  const raw = choice === 1 ? popin?.parts.choice1_type : popin?.parts.choice2_type;
  const parsed = Number.parseInt(String(raw ?? ''), 10);
  return Number.isInteger(parsed) && parsed >= 1 ? parsed : choice === 1 ? appConfig.newsletter.defaultType : 2;
}

const { touchDelayMs, baseDelayMs, autoCloseAfterSignupMs, dismissalCookieDays, maxButtons } = appConfig.popin;

export const popinMachine = setup({
  types: {
    context: {} as PopinContext,
    events: {} as PopinEvent,
    input: {} as PopinInput,
  },
  guards: {
    hasNoContent: ({ context }) => context.popin === null,
    hasDismissalCookie: ({ context }) => context.hasDismissalCookie,
    wasDisplayed: ({ context }) => context.displayed,
    appVendorDisabled: ({ context }) => !context.appConsent,
    appVendorEnabled: ({ context }) => context.appConsent,
    consentPromptOpen: ({ context }) => context.consentPromptOpen,
    triggersOnOpen: ({ context }) => context.popin?.popin.isOpen === true,
    triggersAfterDelay: ({ context }) => context.popin?.popin.isOpenDelay === true,
    triggersOnLeave: ({ context }) => context.popin?.popin.isClose === true,
    isTouchDevice: ({ context }) => context.touch,
    isSurvey: ({ context }) => context.popin?.type === 'survey',
    isChoice: ({ context }) => context.popin?.type === 'register_choice',
    isSignupForm: ({ context }) => context.popin?.type.startsWith('register_') === true,
    isKnownSurveyButton: ({ context, event }) =>
      event.type === 'popin.surveyAnswered' &&
      Number.isInteger(event.button) &&
      event.button >= 1 &&
      event.button <= maxButtons &&
      Boolean(context.popin?.parts[`button${event.button}_text` as 'button1_text']),
    picksChoice2: ({ event }) => event.type === 'popin.choiceSelected' && event.choice === 2,
    picksChoice1: ({ event }) => event.type === 'popin.choiceSelected' && event.choice === 1,
  },
  actions: {
    storeContent: assign(({ event }) =>
      event.type === 'popin.contentSet' ? { popin: event.popin, hasDismissalCookie: event.hasDismissalCookie, surveyAnswer: null } : {},
    ),
    clearContent: assign({ popin: null, surveyAnswer: null }),
    storeConsent: assign({
      appConsent: ({ context, event }) => (event.type === 'popin.consentChanged' ? event.appConsent : context.appConsent),
    }),
    storeConsentPrompt: assign({
      consentPromptOpen: ({ context, event }) => (event.type === 'popin.consentPromptChanged' ? event.open : context.consentPromptOpen),
    }),
    markDisplayed: assign({ displayed: true }),
    storeSurveyAnswer: assign({
      surveyAnswer: ({ context, event }) => (event.type === 'popin.surveyAnswered' ? event.button : context.surveyAnswer),
    }),
    selectChoice1: assign({ newsletterType: ({ context }) => newsletterTypeOf(context.popin, 1) }),
    selectChoice2: assign({ newsletterType: ({ context }) => newsletterTypeOf(context.popin, 2) }),
    // Effects on the page: provided by the component (document.cookie, body style, the survey's count),
    // spied on by tests.
    lockScroll: () => {},
    restoreScroll: () => {},
    writeCookie: (_, _write: CookieWrite) => {},
    sendSurveyAnswer: (_, _answer: PopinSurveyAnswerInput) => {},
  },
  delays: {
    isOpen: baseDelayMs,
    isOpenDelay: ({ context }) => Math.max(0, context.popin?.popin.timeDelay ?? 0) * 1000 + baseDelayMs,
    isClose: ({ context }) => (context.touch ? touchDelayMs : baseDelayMs),
    autoCloseAfterSignup: autoCloseAfterSignupMs,
  },
}).createMachine({
  id: 'popin',
  initial: 'hidden',
  context: ({ input }) => ({
    popin: null,
    hasDismissalCookie: false,
    appConsent: input?.appConsent ?? false,
    consentPromptOpen: input?.consentPromptOpen ?? false,
    touch: input?.touch ?? false,
    displayed: false,
    newsletterType: appConfig.newsletter.defaultType,
    surveyAnswer: null,
  }),
  states: {
    hidden: {
      always: {
        guard: not(or(['hasNoContent', 'hasDismissalCookie', 'wasDisplayed', 'appVendorDisabled', 'consentPromptOpen'])),
        target: 'waiting',
      },
      on: {
        'popin.contentSet': { actions: 'storeContent' },
        'popin.consentChanged': { actions: 'storeConsent' },
        'popin.consentPromptChanged': { actions: 'storeConsentPrompt' },
        'popin.emptied': { actions: 'clearContent' },
      },
    },
    waiting: {
      initial: 'choosingTrigger',
      // The banner opening sends it back: its trigger starts over once the reader has chosen.
      always: { guard: or(['hasNoContent', 'hasDismissalCookie', 'appVendorDisabled', 'consentPromptOpen']), target: 'hidden' },
      on: {
        // Another page's popin: its own trigger, from the start.
        'popin.contentSet': { target: 'waiting', reenter: true, actions: 'storeContent' },
        'popin.consentChanged': { actions: 'storeConsent' },
        'popin.consentPromptChanged': { actions: 'storeConsentPrompt' },
        'popin.emptied': { target: 'hidden', actions: 'clearContent' },
      },
      states: {
        choosingTrigger: {
          always: [
            { guard: 'triggersOnOpen', target: 'afterOpen' },
            { guard: 'triggersAfterDelay', target: 'afterTimeDelay' },
            { guard: and(['triggersOnLeave', 'isTouchDevice']), target: 'afterTouchDelay' },
            { guard: 'triggersOnLeave', target: 'watchingMouse' },
            { target: 'withoutTrigger' },
          ],
        },
        afterOpen: { after: { isOpen: '#popin.displayed' } },
        afterTimeDelay: { after: { isOpenDelay: '#popin.displayed' } },
        afterTouchDelay: { after: { isClose: '#popin.displayed' } },
        watchingMouse: { on: { 'popin.mouseLeft': 'mouseLeaving' } },
        mouseLeaving: {
          after: { isClose: '#popin.displayed' },
          on: { 'popin.mouseEntered': 'watchingMouse' },
        },
        withoutTrigger: {},
      },
    },
    displayed: {
      entry: ['markDisplayed', 'lockScroll'],
      exit: 'restoreScroll',
      initial: 'choosingVariant',
      always: { guard: 'consentPromptOpen', target: 'closed' },
      on: {
        'popin.closed': [
          {
            guard: 'appVendorEnabled',
            target: 'closed',
            actions: {
              type: 'writeCookie',
              params: ({ context }) => ({ hash: context.popin?.cookie.hash ?? '', seconds: dismissalCookieDays * 86_400 }),
            },
          },
          { target: 'closed' },
        ],
        'popin.emptied': { target: 'closed', actions: 'clearContent' },
        'popin.consentChanged': { actions: 'storeConsent' },
        'popin.consentPromptChanged': { actions: 'storeConsentPrompt' },
      },
      states: {
        choosingVariant: {
          always: [
            { guard: 'isSurvey', target: 'survey' },
            { guard: 'isChoice', target: 'choice' },
            { guard: 'isSignupForm', target: 'form' },
            { target: 'buttons' },
          ],
        },
        buttons: {},
        form: { on: { 'popin.signupSucceeded': 'signedUp' } },
        choice: {
          initial: 'choice1',
          on: { 'popin.signupSucceeded': 'signedUp' },
          states: {
            choice1: {
              entry: 'selectChoice1',
              on: { 'popin.choiceSelected': { guard: 'picksChoice2', target: 'choice2' } },
            },
            choice2: {
              entry: 'selectChoice2',
              on: { 'popin.choiceSelected': { guard: 'picksChoice1', target: 'choice1' } },
            },
          },
        },
        survey: {
          initial: 'unanswered',
          states: {
            unanswered: {
              on: {
                'popin.surveyAnswered': {
                  guard: 'isKnownSurveyButton',
                  target: 'answered',
                  actions: [
                    'storeSurveyAnswer',
                    {
                      type: 'sendSurveyAnswer',
                      params: ({ context, event }) => ({ popin: context.popin?.cookie.hash ?? '', button: event.button }),
                    },
                  ],
                },
              },
            },
            answered: {},
          },
        },
        signedUp: {
          after: {
            autoCloseAfterSignup: [
              {
                guard: 'appVendorEnabled',
                target: '#popin.closed',
                actions: {
                  type: 'writeCookie',
                  params: ({ context }) => ({
                    hash: context.popin?.cookie.hash ?? '',
                    seconds: context.popin?.cookie.successDuration ?? 0,
                  }),
                },
              },
              { target: '#popin.closed' },
            ],
          },
        },
      },
    },
    closed: {},
  },
});
