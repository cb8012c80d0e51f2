/**
 * The signup form inside a popin: the same machine, captcha and API call as the footer's block, with the
 * form source 'popin' (so each signup is attributed to its popin's page, SPEC §7), the newsletter type the
 * popin's choice selects, and a callback when the signup succeeded (the popin then closes after 5 s).
 */
import { type FormEvent, useEffect, useId, useRef } from 'react';
import { useOnlineStatus } from '../../lib/onlineStatus.ts';
import { SIGNUP_OFFLINE } from './offlineNotice.ts';
import { SignupInputs, signupFieldsOf } from './SignupInputs.tsx';
import { useSignup } from './useSignup.ts';

export interface PopinSignupFormProps {
  newsletterType: number;
  submitLabel: string;
  onSuccess: () => void;
}

export function PopinSignupForm({ newsletterType, submitLabel, onSuccess }: PopinSignupFormProps) {
  const { state, send, submit, prepareCaptcha } = useSignup({ source: 'popin', newsletterType });
  const id = useId();
  const online = useOnlineStatus();
  const busy = state.hasTag('busy');
  const succeeded = state.matches('success');
  const told = useRef(false);

  useEffect(() => {
    send({ type: 'signup.newsletterTypeSelected', newsletterType });
  }, [newsletterType, send]);

  useEffect(() => {
    if (succeeded && !told.current) {
      told.current = true;
      onSuccess();
    }
  }, [succeeded, onSuccess]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !online) return;
    submit(signupFieldsOf(event.currentTarget));
  }

  return (
    <div className="popin-signup mt-4">
      {succeeded ? null : (
        <form
          method="post"
          action="/newsletter/inscriptionajaxlight-popin"
          onSubmit={onSubmit}
          onFocus={prepareCaptcha}
          aria-busy={busy}
          className="flex flex-col gap-3"
        >
          <SignupInputs
            id={id}
            busy={busy}
            emailClassName="min-h-11 rounded-full border-2 border-encre bg-white px-5 text-encre placeholder:text-encre/70"
            postcodeClassName="min-h-11 rounded-full border-2 border-encre bg-white px-5 text-encre placeholder:text-encre/70"
          />
          <button type="submit" disabled={busy || !online} className="popin-primary">
            {submitLabel}
          </button>
          <p className="text-xs">*Champs obligatoires</p>
        </form>
      )}
      <div role="status" aria-live="polite" className="popin-response mt-3 empty:hidden">
        {!online && !succeeded ? <p className="font-bold">{SIGNUP_OFFLINE}</p> : null}
        {succeeded || state.matches('error')
          ? state.context.messages.map((message) => (
              <p key={message} className="font-bold">
                {message}
              </p>
            ))
          : null}
      </div>
    </div>
  );
}
