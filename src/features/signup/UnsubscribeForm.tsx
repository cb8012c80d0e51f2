/**
 * The form of /desinscription/{origin?}: an e-mail address, the same invisible captcha and honeypot as
 * the signup. The answer is the same whether the address is subscribed or not; the mail carries the link.
 */
import { type FormEvent, useId, useState } from 'react';
import { createBrowserCaptchaClient } from './browserCaptcha.ts';
import { CaptchaError } from './captchaError.ts';
import { requestUnsubscribe } from './signupApi.ts';

type Phase = { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent'; message: string } | { kind: 'error'; messages: string[] };

export function UnsubscribeForm() {
  const [captcha] = useState(() => createBrowserCaptchaClient());
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const id = useId();
  const busy = phase.kind === 'sending';

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const data = new FormData(event.currentTarget);
    setPhase({ kind: 'sending' });
    try {
      const captchaToken = await captcha.getToken();
      const answer = await requestUnsubscribe({
        email: String(data.get('people_register_email') ?? ''),
        website: String(data.get('people_register_website') ?? ''),
        captchaToken,
      });
      setPhase(answer.status === 'success' ? { kind: 'sent', message: answer.message } : { kind: 'error', messages: Object.values(answer.errors) });
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
        <form className="flex flex-col gap-3 sm:flex-row sm:justify-center" onSubmit={onSubmit} onFocus={() => captcha.prepare()} aria-busy={busy}>
          <label className="sr-only" htmlFor={`${id}-email`}>
            Adresse e-mail
          </label>
          <input
            id={`${id}-email`}
            name="people_register_email"
            type="email"
            required
            autoComplete="email"
            placeholder="E-mail*"
            readOnly={busy}
            className="min-h-11 rounded-full border-2 border-encre bg-white px-5 sm:w-80"
          />
          <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
            <label htmlFor={`${id}-website`}>Ne pas remplir ce champ</label>
            <input id={`${id}-website`} name="people_register_website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
          </div>
          <button type="submit" className="button-primary" disabled={busy}>
            Me désinscrire
          </button>
        </form>
      )}
      <div role="status" aria-live="polite" className="mt-6 empty:hidden">
        {phase.kind === 'sent' ? <p className="text-lg font-bold">{phase.message}</p> : null}
        {phase.kind === 'error' ? phase.messages.map((message) => <p key={message} className="font-bold">{message}</p>) : null}
      </div>
    </div>
  );
}
