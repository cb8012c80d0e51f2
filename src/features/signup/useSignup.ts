/**
 * Wires signupMachine to the browser: the captcha client (prepared in the background on first focus,
 * a token fetched before each submit and reset after) and the typed API client. The popin's forms use
 * this hook too, with their own `source`.
 */
import { useRouterState } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { inspectRelay } from '../../lib/machineInspection.ts';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { createBrowserCaptchaClient } from './browserCaptcha.ts';
import type { CaptchaProvider } from './captchaClient.ts';
import { type SignupFields, submitSignup } from '../../api/queries/newsletter.ts';
import { type SignupAnswer, type SignupRequest, signupMachine } from './signupMachine.ts';
import { computeSignupOrigin } from './signupOrigin.ts';

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
  // A server render never starts the machine (it renders its first state), so it skips making one with
  // this form's actors: that cost a machine per page render (issue 22's CPU profile).
  const [machine] = useState(() =>
    typeof window === 'undefined'
      ? signupMachine
      : signupMachine.provide({
          actors: {
            getCaptchaToken: fromPromise<string>(() => captcha.getToken()),
            submitSignup: fromPromise<SignupAnswer, SignupRequest>(({ input }) => submitSignup(input.origin, input.form)),
          },
          actions: { resetCaptcha: () => captcha.reset() },
        }),
  );
  const [state, send] = useMachine(machine, { input: { newsletterType }, inspect: inspectRelay });
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
