/**
 * Wires signupMachine to the browser: the captcha client (prepared in the background on first focus,
 * a token fetched before each submit and reset after) and the typed API client. The popin's forms use
 * this hook too, with their own `source`.
 */
import { useRouterState } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { inspectRelay } from '../../lib/machineInspection.ts';
import { useState } from 'react';
import { fromPromise, getInitialSnapshot, type SnapshotFrom } from 'xstate';
import { createBrowserCaptchaClient } from '../../lib/captcha/browserCaptcha.ts';
import type { CaptchaProvider } from '../../lib/captcha/captchaClient.ts';
import { type SignupFields, submitSignup } from '../../api/queries/newsletter.ts';
import { type SignupAnswer, type SignupRequest, signupMachine } from './signupMachine.ts';
import { computeSignupOrigin } from './signupOrigin.ts';
import { countAudienceEvent } from '../../lib/audience.ts';

export interface UseSignupOptions {
  /** Where the form is ('footer', 'popin', 'inscription', …): the first part of the origin. */
  source: string;
  /** On /inscription/{origin}: the route parameter, used as the origin as is. */
  routeOrigin?: string | null;
  /** Initial newsletter type (default 1). */
  newsletterType?: number;
}

export function useSignup({ source, routeOrigin, newsletterType }: UseSignupOptions) {
  const [captchaProvider, setCaptchaProvider] = useState<CaptchaProvider | null>(null);
  const [captcha] = useState(() => createBrowserCaptchaClient(setCaptchaProvider));
  const [state, send] = useSignupMachine(captcha, newsletterType);
  const pathname = useRouterState({ select: (s) => s.location.pathname });

  return {
    state,
    send,
    captchaProvider,
    /** Call on focus: starts the captcha work so the token is ready when the reader submits. */
    prepareCaptcha: () => captcha.prepare(),
    submit: (fields: SignupFields) =>
      send({ type: 'signup.submitted', fields, origin: computeSignupOrigin({ routeOrigin, source, pathname }) }),
  };
}

type SignupState = SnapshotFrom<typeof signupMachine>;
type SignupCaptcha = ReturnType<typeof createBrowserCaptchaClient>;

/** In the browser: the machine, with this form's captcha and API calls, started and followed. */
function useBrowserSignupMachine(captcha: SignupCaptcha, newsletterType: number | undefined) {
  const [machine] = useState(() =>
    signupMachine.provide({
      actors: {
        getCaptchaToken: fromPromise<string>(() => captcha.getToken()),
        submitSignup: fromPromise<SignupAnswer, SignupRequest>(async ({ input }) => {
          const answer = await submitSignup(input.origin, input.form);
          if (answer.status === 'success') countAudienceEvent('signup', input.origin);
          return answer;
        }),
      },
      actions: { resetCaptcha: () => captcha.reset() },
    }),
  );
  return useMachine(machine, { input: { newsletterType }, inspect: inspectRelay });
}

/**
 * On the server: the machine's first state and nothing else (a server render is never sent an event), made
 * once per newsletter type and shared by every render, which only read it. useMachine made an actor and that
 * state on every page (the footer's form is on all of them): about 2.5 % of an uncached render's CPU (issue 22).
 */
function useServerSignupMachine(_captcha: SignupCaptcha, newsletterType: number | undefined) {
  return [serverFirstState(newsletterType), ignoreEvent] as const;
}

const firstStates = new Map<number | undefined, SignupState>();

function serverFirstState(newsletterType: number | undefined): SignupState {
  let state = firstStates.get(newsletterType);
  if (!state) {
    // The types come from the configuration (popins' settings): few, but bounded all the same.
    if (firstStates.size >= 32) firstStates.clear();
    state = getInitialSnapshot(signupMachine, { newsletterType });
    firstStates.set(newsletterType, state);
  }
  return state;
}

function ignoreEvent(): void {}

// Chosen once per environment, so each one always calls the same hooks.
const useSignupMachine = typeof window === 'undefined' ? useServerSignupMachine : useBrowserSignupMachine;
