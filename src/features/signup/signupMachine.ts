/**
 * The newsletter signup form (SPEC §4, §5, §7, §8): idle → loading → success or error.
 * - loading first gets a captcha token (fetched before each submit), then sends the form; the token is
 *   reset when loading ends, whatever the outcome;
 * - success shows 'C'est bon ! Merci pour votre inscription.' (plus a line asking to confirm by e-mail
 *   when the server runs double opt-in);
 * - error lists every message of the answer on its own line, 'Vous êtes déjà inscrit' shown as
 *   'Vous êtes déjà sur notre liste !';
 * - a network failure goes back to idle without a word (SPEC §7: "A network error is ignored");
 * - the newsletter type (default 1) can be changed before sending (the popin's choice variant).
 */
import { assign, fromPromise, setup } from 'xstate';
import { appConfig } from '../../../app.config.ts';
import type { SignupAnswer, SignupFields } from '../../api/queries/newsletter.ts';
import type { SignupForm } from '../../api/types.ts';
import { CaptchaError } from '../../lib/captcha/captchaError.ts';

export type { SignupAnswer, SignupFields };

/** What is sent: the contract's form, under the contract's field names, for one origin. */
export interface SignupRequest {
  origin: string;
  form: SignupForm;
}

export interface SignupContext {
  /** What the reader typed, under the contract's names (the honeypot is '' for people). */
  fields: SignupFields;
  origin: string;
  newsletterType: number;
  captchaToken: string;
  /** The lines shown under the form in success and error. */
  messages: string[];
}

export type SignupEvent =
  | { type: 'signup.submitted'; fields: SignupFields; origin: string }
  | { type: 'signup.newsletterTypeSelected'; newsletterType: number }
  | { type: 'signup.reset' };

/** The event XState raises when an invoked promise rejects. */
type ActorErrorEvent = { error: unknown };

export interface SignupInput {
  newsletterType?: number;
}

export const signupTexts = {
  success: appConfig.newsletter.successMessage,
  confirmByEmail: "Un e-mail de confirmation vient de vous être envoyé : cliquez sur le lien qu'il contient pour recevoir la newsletter.",
  fallbackError: "L'inscription n'a pas pu être enregistrée : réessayez dans un instant.",
} as const;

/** SPEC §8: every message on its own line, 'Vous êtes déjà inscrit' replaced. */
export function displayMessages(errors: Record<string, string>): string[] {
  const lines = Object.values(errors)
    .filter((message) => message.trim() !== '')
    .map((message) => (message.trim() === appConfig.newsletter.alreadyRegistered ? appConfig.newsletter.alreadyRegisteredShown : message));
  return lines.length > 0 ? lines : [signupTexts.fallbackError];
}

export const signupMachine = setup({
  types: {
    context: {} as SignupContext,
    events: {} as SignupEvent,
    input: {} as SignupInput,
  },
  actors: {
    // Provided by the component (captcha client, typed API client) and by tests.
    getCaptchaToken: fromPromise<string>(async () => {
      throw new Error('getCaptchaToken is not provided');
    }),
    submitSignup: fromPromise<SignupAnswer, SignupRequest>(async () => {
      throw new Error('submitSignup is not provided');
    }),
  },
  guards: {
    isSuccess: (_, answer: SignupAnswer) => answer.status === 'success',
    isCaptchaError: (_, error: unknown) => error instanceof CaptchaError,
  },
  actions: {
    storeForm: assign(({ event }) =>
      event.type === 'signup.submitted' ? { fields: event.fields, origin: event.origin, messages: [] } : {},
    ),
    storeToken: assign({ captchaToken: (_, token: string) => token }),
    storeNewsletterType: assign({
      newsletterType: ({ context, event }) =>
        event.type === 'signup.newsletterTypeSelected' ? event.newsletterType : context.newsletterType,
    }),
    storeSuccess: assign({
      messages: (_, answer: SignupAnswer) =>
        answer.status === 'success' && answer.doubleOptIn ? [signupTexts.success, signupTexts.confirmByEmail] : [signupTexts.success],
    }),
    storeErrors: assign({
      messages: (_, answer: SignupAnswer) => (answer.status === 'error' ? displayMessages(answer.errors) : []),
    }),
    storeCaptchaError: assign({
      messages: (_, error: unknown) => [error instanceof Error ? error.message : signupTexts.fallbackError],
    }),
    clearMessages: assign({ messages: [] }),
    forgetToken: assign({ captchaToken: '' }),
    // The captcha client's reset: provided by the component, spied on by tests.
    resetCaptcha: () => {},
  },
}).createMachine({
  id: 'signup',
  initial: 'idle',
  context: ({ input }) => ({
    fields: { people_register_email: '', people_register_codepostal: '', people_register_website: '' },
    origin: '',
    newsletterType: input?.newsletterType ?? appConfig.newsletter.defaultType,
    captchaToken: '',
    messages: [],
  }),
  states: {
    idle: {
      on: {
        'signup.submitted': { target: 'loading', actions: 'storeForm' },
        'signup.newsletterTypeSelected': { actions: 'storeNewsletterType' },
      },
    },
    loading: {
      tags: ['busy'],
      initial: 'gettingCaptchaToken',
      exit: ['forgetToken', 'resetCaptcha'],
      states: {
        gettingCaptchaToken: {
          invoke: {
            id: 'getCaptchaToken',
            src: 'getCaptchaToken',
            onDone: { target: 'sending', actions: { type: 'storeToken', params: ({ event }) => event.output } },
            onError: [
              {
                guard: { type: 'isCaptchaError', params: ({ event }: { event: ActorErrorEvent }) => event.error },
                target: '#signup.error',
                actions: { type: 'storeCaptchaError', params: ({ event }: { event: ActorErrorEvent }) => event.error },
              },
              // Network failure while fetching the challenge: quietly back to the form.
              { target: '#signup.idle' },
            ],
          },
        },
        sending: {
          invoke: {
            id: 'submitSignup',
            src: 'submitSignup',
            // The one place where the form gets its captcha token and newsletter type.
            input: ({ context }): SignupRequest => ({
              origin: context.origin,
              form: {
                ...context.fields,
                people_register_newslettertype: context.newsletterType,
                'g-recaptcha-response': context.captchaToken,
              },
            }),
            onDone: [
              {
                guard: { type: 'isSuccess', params: ({ event }) => event.output },
                target: '#signup.success',
                actions: { type: 'storeSuccess', params: ({ event }) => event.output },
              },
              { target: '#signup.error', actions: { type: 'storeErrors', params: ({ event }) => event.output } },
            ],
            // SPEC §7: a network error is ignored.
            onError: { target: '#signup.idle' },
          },
        },
      },
    },
    success: {
      on: { 'signup.reset': { target: 'idle', actions: 'clearMessages' } },
    },
    error: {
      on: {
        'signup.submitted': { target: 'loading', actions: 'storeForm' },
        'signup.newsletterTypeSelected': { actions: 'storeNewsletterType' },
        'signup.reset': { target: 'idle', actions: 'clearMessages' },
      },
    },
  },
});
