/**
 * The entry form of a running contest's page, loaded only there (ContestView imports it lazily): e-mail,
 * first and last name, the contest's question, the rules accepted (a link to them), an unticked box for the
 * newsletter (with the postcode it asks for), the same invisible captcha and honeypot as the newsletter.
 * Nothing personal is in the page: the form posts to the API, the answer is said in the live region.
 */
import { type FormEvent, useId, useState } from 'react';
import { submitContestEntry } from '../../api/queries/contestEntries.ts';
import type { FormatContest } from '../../api/types.ts';
import { useOnlineStatus } from '../../lib/onlineStatus.ts';
import { createBrowserCaptchaClient } from '../../lib/captcha/browserCaptcha.ts';
import { CaptchaError } from '../../lib/captcha/captchaError.ts';

type Phase =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'sent'; message: string }
  | { kind: 'error'; message: string; errors: Record<string, string> };

const fieldClass = 'min-h-11 w-full rounded-xl border-2 border-encre bg-white px-4';
const offline = 'Vous êtes hors ligne : reconnectez-vous pour participer.';

export function ContestEntryForm({ contest }: { contest: Pick<FormatContest, 'url' | 'question' | 'questionChoices'> }) {
  const [captcha] = useState(() => createBrowserCaptchaClient());
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [newsletter, setNewsletter] = useState(false);
  const id = useId();
  const online = useOnlineStatus();
  const busy = phase.kind === 'sending';
  const errors = phase.kind === 'error' ? phase.errors : {};

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !online) return;
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '');
    setPhase({ kind: 'sending' });
    try {
      const answer = await submitContestEntry(contest.url, {
        email: text('email'),
        firstName: text('firstName'),
        lastName: text('lastName'),
        answer: text('answer'),
        acceptRules: data.get('acceptRules') ? '1' : '',
        newsletter: data.get('newsletter') ? '1' : '',
        postcode: text('postcode'),
        website: text('website'),
        'g-recaptcha-response': await captcha.getToken(),
      });
      setPhase(
        answer.status === 'success'
          ? { kind: 'sent', message: answer.message }
          : { kind: 'error', message: answer.message, errors: answer.errors },
      );
    } catch (error) {
      setPhase(
        error instanceof CaptchaError
          ? { kind: 'error', message: error.message, errors: {} }
          : { kind: 'error', message: "Le serveur n'a pas pu être joint : vérifiez votre connexion puis réessayez.", errors: {} },
      );
    } finally {
      captcha.reset();
    }
  }

  const described = (name: string) => (errors[name] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${name}-error` } : {});
  const fieldError = (name: string) =>
    errors[name] ? (
      <p id={`${id}-${name}-error`} className="text-sm font-bold text-piment-dark">
        {errors[name]}
      </p>
    ) : null;
  const input = (name: string, label: string, props: React.InputHTMLAttributes<HTMLInputElement>) => (
    <div className="grid gap-1">
      <label htmlFor={`${id}-${name}`} className="font-bold">
        {label}
      </label>
      <input id={`${id}-${name}`} name={name} readOnly={busy} className={fieldClass} {...described(name)} {...props} />
      {fieldError(name)}
    </div>
  );

  return (
    <section aria-labelledby={`${id}-title`} className="contest-entry mt-10 rounded-2xl bg-white p-6 shadow-sm">
      <h2 id={`${id}-title`} className="font-display text-2xl font-bold">
        Je participe
      </h2>
      {phase.kind === 'sent' ? null : (
        <form className="mt-4 grid gap-4" onSubmit={onSubmit} onFocus={() => captcha.prepare()} aria-busy={busy} noValidate>
          {input('email', 'Adresse e-mail (obligatoire)', { type: 'email', required: true, autoComplete: 'email', maxLength: 254 })}
          <div className="grid gap-4 sm:grid-cols-2">
            {input('firstName', 'Prénom (obligatoire)', { required: true, autoComplete: 'given-name', maxLength: 60 })}
            {input('lastName', 'Nom (obligatoire)', { required: true, autoComplete: 'family-name', maxLength: 60 })}
          </div>
          {contest.question !== '' && contest.questionChoices.length > 0 ? (
            <fieldset className="grid gap-2" {...described('answer')}>
              <legend className="font-bold">{contest.question}</legend>
              {contest.questionChoices.map((choice, index) => (
                <label key={choice} className="flex items-center gap-2">
                  <input type="radio" name="answer" value={choice} required={index === 0} disabled={busy} />
                  {choice}
                </label>
              ))}
              {fieldError('answer')}
            </fieldset>
          ) : null}
          {contest.question !== '' && contest.questionChoices.length === 0
            ? input('answer', contest.question, { required: true, maxLength: 500 })
            : null}
          <div className="grid gap-1">
            <label className="flex items-start gap-2">
              <input type="checkbox" name="acceptRules" value="1" required disabled={busy} className="mt-1" {...described('acceptRules')} />
              <span>
                J’accepte le{' '}
                <a href="#contest-rules" className="underline">
                  règlement du concours
                </a>{' '}
                (obligatoire)
              </span>
            </label>
            {fieldError('acceptRules')}
          </div>
          <label className="flex items-start gap-2">
            <input
              type="checkbox"
              name="newsletter"
              value="1"
              checked={newsletter}
              onChange={(e) => setNewsletter(e.target.checked)}
              disabled={busy}
              className="mt-1"
            />
            <span>Je veux aussi recevoir la newsletter (vous la confirmerez par e-mail ; désinscription en un clic)</span>
          </label>
          {newsletter
            ? input('postcode', 'Code postal (pour la newsletter)', { inputMode: 'numeric', autoComplete: 'postal-code', maxLength: 10 })
            : null}
          <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
            <label htmlFor={`${id}-website`}>Ne pas remplir ce champ</label>
            <input id={`${id}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
          </div>
          <p className="text-sm text-encre/80">
            Vos données servent au tirage au sort et à prévenir les gagnants ; elles sont effacées quelques mois après le tirage (voir la{' '}
            <a href="/politique-confidentialite" className="underline">
              politique de confidentialité
            </a>
            ).
          </p>
          <button type="submit" className="button-primary justify-self-start" disabled={busy || !online}>
            Valider ma participation
          </button>
        </form>
      )}
      <div role="status" aria-live="polite" className="mt-4 empty:hidden">
        {!online && phase.kind !== 'sent' ? <p className="font-bold">{offline}</p> : null}
        {phase.kind === 'sent' ? (
          <p className="text-lg font-bold" data-outcome="success">
            {phase.message}
          </p>
        ) : null}
        {phase.kind === 'error' ? (
          <p className="font-bold text-piment-dark" data-outcome="error">
            {phase.message}
          </p>
        ) : null}
      </div>
    </section>
  );
}
