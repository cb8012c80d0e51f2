/**
 * The newsletter block 'On reste en contact ?' (SPEC §2, §5): an e-mail field (placeholder 'E-mail*',
 * type email, required), a postcode field ('Code postal*', text, required), '*Champs obligatoires' and
 * the button 'OK'. The form's state lives in signupMachine: the fields lock while loading, success shows
 * the thank-you line, an error lists each message on its own line. The consent sentence shown here is
 * the one stored with each subscriber.
 */
import { useRouterState } from '@tanstack/react-router';
import { type FormEvent, useId } from 'react';
import { appConfig } from '../../../app.config.ts';
import { useOnlineStatus } from '../../lib/onlineStatus.ts';
import { useHydrated } from '../../lib/useHydrated.ts';
import { SIGNUP_OFFLINE } from './offlineNotice.ts';

/** Without JavaScript the invisible captcha cannot be solved: say so instead of a button that does nothing. */
const SIGNUP_NEEDS_JAVASCRIPT = 'Pour vous inscrire, activez JavaScript : la vérification anti-robot en a besoin.';
import { SignupInputs, signupFieldsOf } from './SignupInputs.tsx';
import { useSignup } from './useSignup.ts';

export interface NewsletterBlockProps {
  /** Where the block is: 'footer', 'inscription', 'popin'… (the origin's first part, SPEC §7). */
  source: string;
  /** On /inscription/{origin}: the route parameter (then the origin itself). */
  routeOrigin?: string | null;
  /** Heading level of the title ('h2' in the footer, 'h1' on the inscription page). */
  headingLevel?: 'h1' | 'h2';
  /** Initial newsletter type (default 1). */
  newsletterType?: number;
}

/** The newsletter's own pages already show the form: the footer does not repeat it there. */
const NEWSLETTER_PAGES = /^\/(?:inscription|desinscription)(?:\/|$)/;

export function NewsletterBlock(props: NewsletterBlockProps) {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  if (props.source === 'footer' && NEWSLETTER_PAGES.test(pathname)) return null;
  return <NewsletterForm {...props} />;
}

function NewsletterForm({ source, routeOrigin, headingLevel = 'h2', newsletterType }: NewsletterBlockProps) {
  const { state, submit, prepareCaptcha, captchaProvider } = useSignup({ source, routeOrigin, newsletterType });
  const id = useId();
  const titleId = `${id}-title`;
  const noteId = `${id}-note`;
  const statusId = `${id}-status`;
  const busy = state.hasTag('busy');
  const online = useOnlineStatus();
  const hydrated = useHydrated();
  const Heading = headingLevel;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !online) return;
    submit(signupFieldsOf(event.currentTarget));
  }

  const messages = state.context.messages;
  return (
    <section aria-labelledby={titleId} className="newsletter-block mx-auto max-w-3xl px-4 py-10 text-center" data-source={source}>
      <Heading id={titleId} className="font-display text-3xl font-black italic leading-tight md:text-4xl">
        On reste en contact ?
      </Heading>
      {state.matches('success') ? null : (
        <form
          // Before hydration a native submit must never put the e-mail in a URL: POST it to the API.
          method="post"
          action={`/newsletter/inscriptionajaxlight-${source}`}
          className="mt-6 flex flex-col items-stretch gap-3 sm:flex-row sm:items-start sm:justify-center"
          onSubmit={onSubmit}
          onFocus={prepareCaptcha}
          aria-describedby={noteId}
          aria-busy={busy}
        >
          <SignupInputs
            id={id}
            busy={busy}
            emailClassName="min-h-11 rounded-full border-2 border-current bg-white px-5 text-encre placeholder:text-encre/60 sm:w-72"
            postcodeClassName="min-h-11 rounded-full border-2 border-current bg-white px-5 text-encre placeholder:text-encre/60 sm:w-40"
          />
          <button
            type="submit"
            // Until the block is hydrated the captcha cannot be solved: a native submit would only be refused.
            disabled={!hydrated || busy || !online}
            className="min-h-11 cursor-pointer rounded-full bg-piment px-6 font-bold text-white transition hover:bg-piment-dark disabled:cursor-wait disabled:opacity-70"
          >
            OK
          </button>
        </form>
      )}
      <noscript>
        <p className="mt-4 font-bold">{SIGNUP_NEEDS_JAVASCRIPT}</p>
      </noscript>
      <div id={statusId} role="status" aria-live="polite" className="mt-4 empty:hidden">
        {!online && !state.matches('success') ? <p className="signup-offline font-bold">{SIGNUP_OFFLINE}</p> : null}
        {state.matches('success') || state.matches('error')
          ? messages.map((message) => (
              <p key={message} className={state.matches('error') ? 'font-bold' : 'text-lg font-bold'}>
                {message}
              </p>
            ))
          : null}
      </div>
      {state.matches('success') ? null : (
        <p id={noteId} className="mt-3 text-sm opacity-80">
          *Champs obligatoires
        </p>
      )}
      <p className="mx-auto mt-2 max-w-xl text-xs opacity-70">{appConfig.newsletter.consent.text}</p>
      {captchaProvider === 'recaptcha' ? (
        <p className="mx-auto mt-2 max-w-xl text-xs opacity-70">
          Ce site est protégé par reCAPTCHA : les{' '}
          <a className="underline" href="https://policies.google.com/privacy" rel="noopener noreferrer" target="_blank">
            règles de confidentialité
          </a>{' '}
          et les{' '}
          <a className="underline" href="https://policies.google.com/terms" rel="noopener noreferrer" target="_blank">
            conditions d'utilisation
          </a>{' '}
          de Google s'appliquent.
        </p>
      ) : null}
    </section>
  );
}
