/**
 * The popin's view (SPEC §2): a modal <dialog> (the browser traps focus, Escape cancels, focus returns to
 * where it was), its ::backdrop as the dimming filter, close icons, a desktop and a mobile image (switch
 * at 768 px), title, description, the type's content (signup form, choice, buttons or survey), the
 * response message, the legal notice, the privacy paragraph and a close button. It sits in the top layer,
 * so opening it moves nothing on the page. Tab and Shift+Tab wrap inside it: a modal dialog makes the page
 * inert, but would let focus leave for the browser's own bar.
 */
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { appConfig } from '../../../app.config.ts';
import type { Popin } from '../../api/types.ts';

export interface PopinSignupSlot {
  newsletterType: number;
  submitLabel: string;
  onSuccess: () => void;
}

export interface PopinDialogProps {
  popin: Popin;
  /** Sub-state of `displayed`: 'form', 'choice', 'buttons', 'survey', 'signedUp'. */
  variant: string;
  surveyAnswered: boolean;
  choice: 1 | 2;
  newsletterType: number;
  onClose: () => void;
  onSurveyAnswer: (button: number) => void;
  onChoice: (choice: 1 | 2) => void;
  onSignupSuccess: () => void;
  /** The reader used the popin's primary action (a button or link, or submitting its signup form). */
  onPrimaryAction?: () => void;
  renderSignup: (slot: PopinSignupSlot) => ReactNode;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled])';

/** Keeps Tab inside the dialog: from the last control to the first, and back. */
function wrapTab(event: KeyboardEvent<HTMLDialogElement>): void {
  if (event.key !== 'Tab') return;
  const controls = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
  const first = controls[0];
  const last = controls.at(-1);
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === event.currentTarget)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

const buttonNumbers = Array.from({ length: appConfig.popin.maxButtons }, (_, i) => i + 1);

type Parts = Popin['parts'];
const part = (parts: Parts, key: string): string | null => {
  const value = (parts as unknown as Record<string, string | null | undefined>)[key];
  return typeof value === 'string' && value.trim() !== '' ? value : null;
};

export function PopinDialog(props: PopinDialogProps) {
  const { popin, variant } = props;
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const titleId = `${id}-title`;
  const descriptionId = `${id}-description`;
  const { parts } = popin;
  const isRegister = popin.type.startsWith('register_');
  const { md } = appConfig.breakpoints;

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      if (dialog?.open) dialog.close();
    };
  }, []);

  const background = part(parts, 'background');
  const backgroundMobile = part(parts, 'background_mobile');
  const buttons = buttonNumbers
    .map((n) => ({ n, text: part(parts, `button${n}_text`), url: part(parts, `button${n}_url`) }))
    .filter((b): b is { n: number; text: string; url: string | null } => b.text !== null);
  const primary = () => {
    props.onPrimaryAction?.();
    props.onClose();
  };

  return (
    <dialog
      ref={ref}
      className="popin-dialog"
      aria-labelledby={titleId}
      aria-describedby={part(parts, 'description') ? descriptionId : undefined}
      data-popin-type={popin.type}
      onKeyDown={wrapTab}
      onCancel={(event) => {
        // Escape: the machine closes (and writes the cookie as consent allows), then React unmounts.
        event.preventDefault();
        props.onClose();
      }}
      onClick={(event) => {
        // A click on the dimmed backdrop (the dialog itself, outside its panel) closes.
        if (event.target === ref.current) props.onClose();
      }}
    >
      <div className="popin-panel">
        <button type="button" className="popin-close-icon" aria-label="Fermer la popin" onClick={props.onClose}>
          <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
          </svg>
        </button>
        {background ? (
          <picture className="popin-image">
            {backgroundMobile ? <source media={`(max-width: ${md - 1}px)`} srcSet={backgroundMobile} /> : null}
            <img src={background} alt="" width={640} height={360} decoding="async" />
          </picture>
        ) : null}
        <div className="popin-body">
          <h2 id={titleId} className="font-display text-2xl font-black italic leading-tight md:text-3xl">
            {part(parts, 'title') ?? appConfig.site.name}
          </h2>
          {part(parts, 'subtitle') ? <p className="mt-1 font-bold text-piment-dark">{part(parts, 'subtitle')}</p> : null}
          {part(parts, 'description') ? (
            <p id={descriptionId} className="mt-3">
              {part(parts, 'description')}
            </p>
          ) : null}
          {isRegister ? <p className="popin-pitch mt-3 text-sm">{appConfig.popin.selfCareClubPitch}</p> : null}

          {variant === 'choice' || (variant === 'signedUp' && popin.type === 'register_choice') ? (
            <fieldset className="popin-choices mt-4" disabled={variant === 'signedUp'}>
              <legend className="font-bold">Votre newsletter</legend>
              {([1, 2] as const).map((choice) => {
                const image = part(parts, `choice${choice}_image`);
                return (
                  <label key={choice} className="popin-choice">
                    <input type="checkbox" name="popin-choice" checked={props.choice === choice} onChange={() => props.onChoice(choice)} />
                    {image ? <img src={image} alt="" width={64} height={64} /> : null}
                    <span>{part(parts, `choice${choice}_description`) ?? appConfig.newsletter.types[choice]}</span>
                  </label>
                );
              })}
            </fieldset>
          ) : null}

          {isRegister ? (
            // A submit bubbles from the signup form, whichever form the slot renders: that is the click.
            <div onSubmitCapture={props.onPrimaryAction}>
              {props.renderSignup({
                newsletterType: props.newsletterType,
                submitLabel: part(parts, 'submit') ?? 'OK',
                onSuccess: props.onSignupSuccess,
              })}
            </div>
          ) : null}

          {popin.type === 'button' && buttons.length > 0 ? (
            <ul className="popin-buttons mt-4">
              {buttons.map((b) => (
                <li key={b.n}>
                  {b.url ? (
                    <a className="popin-primary w-full" href={b.url} onClick={primary}>
                      {b.text}
                    </a>
                  ) : (
                    <button type="button" className="popin-primary w-full" onClick={primary}>
                      {b.text}
                    </button>
                  )}
                </li>
              ))}
            </ul>
          ) : null}

          {popin.type === 'survey' ? (
            props.surveyAnswered ? (
              <p className="popin-thanks mt-4 font-bold" role="status">
                {part(parts, 'thanks') ?? 'Merci pour votre réponse !'}
              </p>
            ) : (
              <ul className="popin-buttons mt-4" aria-label="Réponses possibles">
                {buttons.map((b) => (
                  <li key={b.n}>
                    <button type="button" className="popin-answer" onClick={() => props.onSurveyAnswer(b.n)}>
                      {b.text}
                    </button>
                  </li>
                ))}
              </ul>
            )
          ) : null}

          {isRegister ? <p className="popin-privacy mt-4 text-xs">{appConfig.popin.privacyNotice}</p> : null}
          <p className="popin-legal mt-2 text-xs">
            {appConfig.site.name} est édité par Piquante Médias.{' '}
            <a className="underline" href="/mentions-legales">
              Mentions légales
            </a>{' '}
            ·{' '}
            <a className="underline" href="/politique-confidentialite">
              Protection des données
            </a>
          </p>
          <button type="button" className="popin-close mt-4 underline" onClick={props.onClose}>
            Non merci, fermer
          </button>
        </div>
      </div>
    </dialog>
  );
}
