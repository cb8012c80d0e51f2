/**
 * The form of /desinscription/{origin?}: an e-mail address, the same invisible captcha and honeypot as
 * the signup. The answer is the same whether the address is subscribed or not; the mail carries the link.
 */
import { SignupInputs } from './SignupInputs.tsx';
import { type FormEvent, useId, useState } from 'react';
import { createBrowserCaptchaClient } from '../../lib/captcha/browserCaptcha.ts';
import { CaptchaError } from '../../lib/captcha/captchaError.ts';
import { requestUnsubscribe } from '../../api/queries/newsletter.ts';
import { useOnlineStatus } from '../../lib/onlineStatus.ts';
import { UNSUBSCRIBE_OFFLINE } from './offlineNotice.ts';

type Phase = { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent'; message: string } | { kind: 'error'; messages: string[] };

export function UnsubscribeForm() {
  const [captcha] = useState(() => createBrowserCaptchaClient());
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const id = useId();
  const busy = phase.kind === 'sending';
  const online = useOnlineStatus();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !online) return;
    const data = new FormData(event.currentTarget);
    setPhase({ kind: 'sending' });
    try {
      const captchaToken = await captcha.getToken();
      const answer = await requestUnsubscribe({
        people_register_email: String(data.get('people_register_email') ?? ''),
        people_register_website: String(data.get('people_register_website') ?? ''),
        'g-recaptcha-response': captchaToken,
      });
      setPhase(
        answer.status === 'success' ? { kind: 'sent', message: answer.message } : { kind: 'error', messages: Object.values(answer.errors) },
      );
    } catch (error) {
      // A network failure returns quietly to the form, like the signup; a captcha failure is said.
      setPhase(error instanceof CaptchaError ? { kind: 'error', messages: [error.message] } : { kind: 'idle' });
    } finally {
      captcha.reset();
    }
  }

  return (
    <div className="mx-auto max-w-xl px-4 pb-12 text-center">
      {phase.kind === 'sent' ? null : (
        <form
          className="flex flex-col gap-3 sm:flex-row sm:justify-center"
          onSubmit={onSubmit}
          onFocus={() => captcha.prepare()}
          aria-busy={busy}
        >
          <SignupInputs
            id={id}
            busy={busy}
            postcode={false}
            emailClassName="min-h-11 rounded-full border-2 border-encre bg-white px-5 sm:w-80"
          />
          <button type="submit" className="button-primary" disabled={busy || !online}>
            Me désinscrire
          </button>
        </form>
      )}
      <div role="status" aria-live="polite" className="mt-6 empty:hidden">
        {!online && phase.kind !== 'sent' ? <p className="font-bold">{UNSUBSCRIBE_OFFLINE}</p> : null}
        {phase.kind === 'sent' ? <p className="text-lg font-bold">{phase.message}</p> : null}
        {phase.kind === 'error'
          ? phase.messages.map((message) => (
              <p key={message} className="font-bold">
                {message}
              </p>
            ))
          : null}
      </div>
    </div>
  );
}
